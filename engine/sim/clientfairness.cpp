#include "engine/sim/clientfairness.h"

namespace ratelab {

void ClientFairness::finish(AlgorithmReport& report) const
{
    if (m_flags.empty())
        return;
    ClientStats clients;
    for (const std::uint8_t flags : m_flags) {
        if (!(flags & kSeen))
            continue;
        ++clients.clients;
        if (flags & kRejectedHere) {
            ++clients.throttled;
            if (m_gathers && !(flags & kRejectedByOwnLimit))
                ++clients.wronglyThrottled;
        }
    }
    report.clients = clients;
}

}  // namespace ratelab
