#pragma once
// WebSocket and other persistent connections as traffic (scenario "traffic[].kind":
// "connections"). Connections open as a Poisson process or as a fixed number on a schedule;
// each belongs to a client (its user, its IP), lives for a drawn lifetime, opens with a
// handshake (a request of its own kind) and sends messages while open: steady, Poisson, or in
// bursts. Each connection is interned as a key of its own ("user-3:conn-17") so that a limit
// can follow one connection. Streamed: memory grows with the open connections, not with the
// messages. Seeded and deterministic.

#include "engine/core/eventqueue.h"
#include "engine/traffic/source.h"

namespace ratelab {

class ConnectionSource final : public TrafficSource {
public:
    ConnectionSource(const SourceSpec& spec, std::uint64_t seed, SimTime start, const Population& population, std::size_t index,
                     KeyInterner& connectionKeys);

    bool next(Arrival& out) override;

private:
    struct Open {
        SimTime opened;
        SimTime closes;
        std::int64_t sent;  // messages sent so far
        std::uint32_t client;
        KeyId key;
    };

    void handshake(Arrival& out);
    void message(Arrival& out);
    // The time of a connection's next message after its `sent` messages; kNever past its close.
    SimTime nextMessage(const Open& c, SimTime previous);
    Duration drawLifetime();
    void scheduleNextOpen();

    const ConnectionSpec& m_spec;
    const Population& m_population;
    RandomStream m_rng;
    KeyInterner& m_keys;
    SimTime m_start;
    SimTime m_nextOpen;
    std::int64_t m_opened = 0;
    double m_openPosition = 0;  // Poisson opens: microseconds since the start
    std::optional<std::uint32_t> m_client;
    EventQueue<Open> m_open;  // by the time of each connection's next message
};

}  // namespace ratelab
