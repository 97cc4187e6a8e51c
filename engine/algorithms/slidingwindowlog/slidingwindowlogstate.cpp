// What the sliding window log shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), and, for an exact
// algorithm, how it carries its state across a limit change (statetransfer.h).

#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/limiter/statetransfer.h"
#include "engine/algorithms/slidingwindowlog/slidingwindowlog.h"

#include <algorithm>

namespace ratelab {

std::vector<StateValue> SlidingWindowLog::inspect(KeyId key, SimTime now) const
{
    double counted = 0;
    double oldest = static_cast<double>(now);
    if (key < m_logs.size()) {
        const TimestampLog& log = m_logs[key];
        for (std::uint32_t i = 0; i < log.size(); ++i) {
            if (leavesAt(log.at(i)) > now) {
                if (counted == 0)
                    oldest = static_cast<double>(log.at(i));
                ++counted;
            }
        }
    }
    return {{"count", counted, "requests"}, {"oldest_us", oldest, "us"}};
}

// Each entry leaves the window at leavesAt(entry): the count steps down, the oldest moves on.
std::vector<SimTime> SlidingWindowLog::stateBreaks(KeyId key, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    if (key >= m_logs.size())
        return out;
    const TimestampLog& log = m_logs[key];
    for (std::uint32_t i = 0; i < log.size() && out.size() < kMaxStateBreaks; ++i) {
        const SimTime leaves = leavesAt(log.at(i));
        if (leaves > from && leaves <= to)
            out.push_back(leaves);
    }
    return out;
}

bool SlidingWindowLog::takeStateFrom(const RateLimiter& old, StatePolicy policy, SimTime now)
{
    const auto* same = dynamic_cast<const SlidingWindowLog*>(&old);
    if (!same)
        return false;
    adoptStateFrom(*same, policy, now);
    return true;
}

void SlidingWindowLog::adoptStateFrom(const SlidingWindowLog& old, StatePolicy, SimTime)
{
    // The log is a record of what was admitted; both policies keep it as it is.
    m_logs = old.m_logs;
}

}  // namespace ratelab
