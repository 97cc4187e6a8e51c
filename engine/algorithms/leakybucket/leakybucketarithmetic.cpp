// LeakyBucket's arithmetic before a decision, computed as its decideOne() does without changing
// anything, and the sentence that works it through for the Learn view (arithmetic.h).

#include "engine/algorithms/leakybucket/leakybucket.h"

#include <algorithm>

namespace ratelab {

LeakyBucketArithmetic LeakyBucket::arithmeticOf(const LeakyBucketState& state, SimTime now) const
{
    const double den = static_cast<double>(m_params.rate.den);
    LeakyBucketArithmetic a;
    a.nowUs = now;
    a.capacity = static_cast<double>(m_params.burst);
    a.ratePerSecond = static_cast<double>(m_params.rate.num) * 1e6 / den;
    a.newKey = state.last == kNever;
    if (a.newKey)
        return a;  // E' = cost - 1: as an excess of -1 before the request
    a.held = static_cast<double>(state.excess) / den;
    a.heldAtUs = state.last;
    a.elapsedUs = std::max<Duration>(0, now - state.last);
    const Int128 drain = Int128{a.elapsedUs} * m_params.rate.num;
    a.change = -static_cast<double>(std::min<Int128>(drain, Int128{state.excess} + m_params.rate.den)) / den;
    a.level = static_cast<double>(drainedPlusOne(state, now)) / den - 1;
    return a;
}

std::string LeakyBucketArithmetic::sentence(Cost cost, const Decision& decision, const NumberWords& words) const
{
    const double c = static_cast<double>(cost);
    const double after = newKey ? c - 1 : level + c;
    std::string text;
    if (newKey) {
        text = "A new key: this request of cost " + std::to_string(cost) + " leaves an excess of " + words.fixed(after, 1);
    } else {
        text = "Excess " + words.fixed(held, 1) + " at " + words.seconds(static_cast<double>(heldAtUs)) + "; ";
        const std::string drain = arithmeticwords::amount(-change, held, words);
        text += elapsedUs == 0
            ? std::string("no time since")
            : "drained " + words.seconds(static_cast<double>(elapsedUs)) + " × " + words.perSecond(ratePerSecond) + " = " + drain;
        const int decimals = elapsedUs > 0 && level > 0 ? arithmeticwords::decimalsOf(drain) : 1;
        text += " → " + words.fixed(level, decimals) + "; this request adds " + std::to_string(cost) + " → "
            + words.decisive(after, capacity, decimals);
    }
    text += std::string(arithmeticwords::compared(after, capacity)) + "burst " + words.fixed(capacity, 0) + " → ";
    return text + arithmeticwords::outcome(decision, words) + ".";
}

}  // namespace ratelab
