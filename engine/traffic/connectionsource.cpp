#include "engine/traffic/connectionsource.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace ratelab {

ConnectionSource::ConnectionSource(const SourceSpec& spec, std::uint64_t seed, SimTime start, const Population& population,
                                   std::size_t index, KeyInterner& connectionKeys)
    : m_spec(spec.connections), m_population(population), m_rng(seed, kSourceStreams + index), m_keys(connectionKeys),
      m_start(start), m_nextOpen(start + spec.connections.at)
{
    if (spec.client)
        m_client = static_cast<std::uint32_t>(*spec.client);
    if (m_spec.openRate) {
        m_nextOpen = start;
        scheduleNextOpen();
    }
}

void ConnectionSource::scheduleNextOpen()
{
    if (m_spec.openRate) {
        m_openPosition += m_rng.exponential(1e6 / m_spec.openRate->perSecondNearest());
        m_nextOpen = m_start + static_cast<SimTime>(m_openPosition);
    } else {
        // Past the valid range of times (a million connections a long gap apart), none opens.
        const Int128 next = Int128{m_start} + m_spec.at + Int128{m_opened} * m_spec.every;
        m_nextOpen = m_opened < m_spec.count && next < kTimeHorizonUs ? static_cast<SimTime>(next) : kNever;
    }
}

Duration ConnectionSource::drawLifetime()
{
    switch (m_spec.lifetime) {
    case LifetimeKind::Fixed: return m_spec.lifetimeUs;
    case LifetimeKind::Exponential:
        return std::clamp<Duration>(std::llround(std::min(m_rng.exponential(static_cast<double>(m_spec.lifetimeUs)), 0x1p53)), 1,
                                    kTimeHorizonUs);
    case LifetimeKind::Uniform:
        return m_spec.lifetimeUs
            + static_cast<Duration>(m_rng.below(static_cast<std::uint64_t>(m_spec.lifetimeMaxUs - m_spec.lifetimeUs + 1)));
    }
    return m_spec.lifetimeUs;
}

SimTime ConnectionSource::nextMessage(const Open& c, SimTime previous)
{
    const Rate& rate = m_spec.messageRate;
    SimTime t = kNever;
    switch (m_spec.pattern) {
    case MessagePattern::Steady:  // the k-th message at opened + floor(k / rate), k from 1
        t = c.opened + static_cast<SimTime>(Int128{c.sent + 1} * rate.den / rate.num);
        break;
    case MessagePattern::Poisson:
        t = previous
            + std::clamp<SimTime>(std::llround(std::min(m_rng.exponential(1e6 / rate.perSecondNearest()), 0x1p53)), 1,
                                  kTimeHorizonUs);
        break;
    case MessagePattern::Bursty: {
        // Steady at the rate in "on time"; mapped onto the wall of on and off phases.
        const SimTime onTime = static_cast<SimTime>(Int128{c.sent + 1} * rate.den / rate.num);
        t = c.opened + (onTime / m_spec.on) * (m_spec.on + m_spec.off) + onTime % m_spec.on;
        break;
    }
    }
    return t < c.closes ? t : kNever;
}

void ConnectionSource::handshake(Arrival& out)
{
    std::uint32_t client = 0;
    if (m_client) {
        client = *m_client;
    } else {
        const std::array<double, 1> draw{m_rng.uniform()};
        m_population.clientsAt(draw, std::span(&client, 1));
    }
    Open c{m_nextOpen, m_nextOpen + drawLifetime(), 0, client, 0};
    c.key = m_keys.intern(m_population.clientName(client) + ":conn-" + std::to_string(m_keys.size()));
    out = Arrival{c.opened, client, 0, 1, c.key, ArrivalKind::Handshake};
    if (const SimTime first = nextMessage(c, c.opened); first != kNever)
        m_open.push(first, c);
    ++m_opened;
    scheduleNextOpen();
}

void ConnectionSource::message(Arrival& out)
{
    auto event = m_open.pop();
    Open& c = event.payload;
    out = Arrival{event.time, c.client, 0, 1, c.key, ArrivalKind::Message};
    ++c.sent;
    if (const SimTime following = nextMessage(c, event.time); following != kNever)
        m_open.push(following, c);
}

bool ConnectionSource::next(Arrival& out)
{
    // At the same instant a connection opens before any message is sent.
    const bool opens = m_nextOpen != kNever && (m_open.empty() || m_nextOpen <= m_open.nextTime());
    if (opens)
        handshake(out);
    else if (!m_open.empty())
        message(out);
    else
        return false;
    return true;
}

}  // namespace ratelab
