// TokenBucket's arithmetic before a decision, computed as its decideOne() does without changing
// anything, and the sentence that works it through for the Learn view (arithmetic.h).

#include "engine/algorithms/tokenbucket/tokenbucket.h"

#include <algorithm>

namespace ratelab {

TokenBucketArithmetic TokenBucket::arithmeticOf(const TokenBucketState& state, SimTime now) const
{
    const double den = static_cast<double>(m_params.refill.den);
    TokenBucketArithmetic a;
    a.nowUs = now;
    a.capacity = static_cast<double>(m_params.capacity);
    a.ratePerSecond = static_cast<double>(m_params.refill.num) * 1e6 / den;
    a.intervalUs = m_params.mode == RefillMode::Interval ? m_params.intervalUs : 0;
    a.newKey = state.last == kNever;
    if (a.newKey) {
        a.held = a.level = a.capacity;
        return a;
    }
    const SimTime at = std::max(now, state.last);  // decideIn's: time going back refills nothing
    a.held = static_cast<double>(state.level) / den;
    a.heldAtUs = state.last;
    a.elapsedUs = at - state.last;
    if (a.intervalUs > 0)
        a.fills = floorDiv(at, a.intervalUs) - floorDiv(state.last, a.intervalUs);
    const std::int64_t level = levelAt(state, at);
    a.level = static_cast<double>(level) / den;
    a.change = static_cast<double>(level - state.level) / den;
    return a;
}

std::string TokenBucketArithmetic::sentence(Cost cost, const Decision& decision, const NumberWords& words) const
{
    const double c = static_cast<double>(cost);
    std::string text;
    if (newKey) {
        text = "A new key: the bucket starts full with " + words.fixed(capacity, 1) + " tokens";
    } else {
        text = "Held " + words.fixed(held, 1) + " at " + words.seconds(static_cast<double>(heldAtUs)) + "; ";
        const bool capped = level >= capacity && held < capacity;
        if (intervalUs > 0) {
            text += fills == 0 ? std::string("no fill since")
                               : words.count(fills, "fill") + " of " + words.seconds(static_cast<double>(intervalUs)) + " × "
                    + words.perSecond(ratePerSecond) + " = "
                    + words.fixed(static_cast<double>(fills) * static_cast<double>(intervalUs) / 1e6 * ratePerSecond, 1);
        }
        const std::string refill = arithmeticwords::amount(static_cast<double>(elapsedUs) / 1e6 * ratePerSecond, c - held, words);
        if (intervalUs <= 0) {
            text += elapsedUs == 0 ? std::string("no time since")
                                   : "refilled " + words.seconds(static_cast<double>(elapsedUs)) + " × "
                    + words.perSecond(ratePerSecond) + " = " + refill;
        }
        if (capped)
            text += ", capped at " + words.fixed(capacity, 1);
        const int decimals = intervalUs <= 0 && elapsedUs > 0 && !capped ? arithmeticwords::decimalsOf(refill) : 1;
        text += " → " + words.decisive(level, c, decimals) + " tokens";
    }
    text += "; this request costs " + std::to_string(cost) + " → ";
    if (decision.allowed)
        return text + "allowed, " + words.fixed(level - c, 1) + " left.";
    return text + arithmeticwords::outcome(decision, words) + ".";
}

}  // namespace ratelab
