#pragma once
// Client fairness (report.h ClientStats): per real client, whether it sent requests, whether
// the lane rejected one, and whether its own limit rejected one too: the lane's limit keyed
// by the client alone (TierLimiter::own), fed the same requests. A client throttled that its
// own limit never rejects was throttled wrongly, by the other clients behind its key (a NAT's
// address, one global key). Judged where one key gathers several clients.
// It never decides the lane's requests: it reads the decision it is handed.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/report/report.h"
#include "engine/traffic/trafficspec.h"

#include <vector>

namespace ratelab {

class ClientFairness {
public:
    // Recorded keys name no real clients: nothing is kept for them.
    ClientFairness(KeyStrategy keys, std::size_t clients)
        : m_gathers(keyGathersClients(keys)), m_flags(keys == KeyStrategy::Recorded ? 0 : clients, 0)
    {}

    bool tracked() const { return !m_flags.empty(); }

    // A decision of `client`'s request at `t`; `own` is its own limit, where one is kept.
    // Only when tracked(), as prefetch().
    void decided(std::uint32_t client, SimTime t, std::uint32_t cost, bool allowed, RateLimiter* own)
    {
        std::uint8_t& flags = m_flags[client];
        flags |= kSeen;
        if (!allowed)
            flags |= kRejectedHere;
        // Only whether its own limit passes it is read: the allow-only path (ratelimiter.h).
        if (own && !own->allow(client, t, cost))
            flags |= kRejectedByOwnLimit;
    }

    void prefetch(std::uint32_t client) const { __builtin_prefetch(&m_flags[client]); }

    // The report's clients, when tracked.
    void finish(AlgorithmReport& report) const;

private:
    static constexpr std::uint8_t kRejectedHere = 1;
    static constexpr std::uint8_t kRejectedByOwnLimit = 2;
    static constexpr std::uint8_t kSeen = 4;

    bool m_gathers;
    std::vector<std::uint8_t> m_flags;  // by client
};

}  // namespace ratelab
