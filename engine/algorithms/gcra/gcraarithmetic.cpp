// Gcra's arithmetic before a decision, computed as its decideOne() does without changing
// anything, and the sentence that works it through for the Learn view (arithmetic.h).

#include "engine/algorithms/gcra/gcra.h"

#include <algorithm>

namespace ratelab {

GcraArithmetic Gcra::arithmeticOf(const GcraState& state, SimTime now) const
{
    const double num = static_cast<double>(m_params.rate.num);
    GcraArithmetic a;
    a.nowUs = now;
    a.emissionUs = static_cast<double>(m_params.rate.den) / num;
    a.tauUs = static_cast<double>(m_tauScaled) / num;
    // decideOne fixes the origin at the first request; before it, every key is new.
    a.newKey = !m_hasOrigin || state.tat == std::numeric_limits<std::int64_t>::min();
    if (a.newKey)
        return a;
    const Int128 ahead = Int128{state.tat} - Int128{now - m_origin} * m_params.rate.num;
    a.tatFromNowUs = static_cast<double>(ahead) / num;
    a.tatAheadUs = std::max(0.0, a.tatFromNowUs);
    return a;
}

std::string GcraArithmetic::sentence(Cost cost, const Decision& decision, const NumberWords& words) const
{
    const double now = static_cast<double>(nowUs);
    std::string text;
    if (newKey)
        text = "A new key: the TAT starts at now, " + words.seconds(now);
    else if (tatFromNowUs < 0)
        text = "TAT " + words.seconds(now + tatFromNowUs) + " is past (now " + words.seconds(now) + "), so it starts from now";
    else
        text = "TAT " + words.seconds(now + tatFromNowUs) + ", now " + words.seconds(now) + ": " + words.seconds(tatAheadUs)
            + " ahead";
    const double added = emissionUs * static_cast<double>(cost);
    const double ahead = tatAheadUs + added;
    text += "; this request adds T × " + std::to_string(cost) + " = " + words.seconds(added) + " → "
        + words.decisive(ahead / 1e6, tauUs / 1e6, 3) + " s ahead, " + (ahead <= tauUs ? "within" : "beyond")
        + " τ = " + words.seconds(tauUs) + " → ";
    return text + arithmeticwords::outcome(decision, words) + ".";
}

}  // namespace ratelab
