#pragma once
// A circuit breaker in front of the store, per instance: closed, it counts failures in a row
// and opens after `failures`; open, it skips the store for `openFor`; then half-open, it lets
// one probe through: a success closes it, a failure opens it again (Envoy's and Hystrix's
// pattern). Without a configured threshold it never opens.

#include "engine/core/simtime.h"

#include <optional>

namespace ratelab {

class CircuitBreaker {
public:
    CircuitBreaker(std::optional<std::int64_t> failures, Duration openFor) : m_threshold(failures), m_openFor(openFor) {}

    // Whether a store call may be made at t (the half-open probe counts as one).
    bool allowCall(SimTime t)
    {
        if (m_state == State::Closed)
            return true;
        if (m_state == State::Open && t >= m_openUntil) {
            m_state = State::HalfOpen;
            m_probeInFlight = true;
            return true;
        }
        return false;
    }

    void onSuccess()
    {
        m_state = State::Closed;
        m_failuresInARow = 0;
        m_probeInFlight = false;
    }

    void onFailure(SimTime t)
    {
        ++m_failuresInARow;
        if (!m_threshold)
            return;
        if (m_state == State::HalfOpen || m_failuresInARow >= *m_threshold) {
            if (m_state != State::Open)
                ++m_opened;
            m_state = State::Open;
            m_openUntil = t + m_openFor;
            m_probeInFlight = false;
        }
    }

    std::int64_t timesOpened() const { return m_opened; }

private:
    enum class State { Closed, Open, HalfOpen };
    std::optional<std::int64_t> m_threshold;
    Duration m_openFor;
    State m_state = State::Closed;
    std::int64_t m_failuresInARow = 0;
    SimTime m_openUntil = 0;
    bool m_probeInFlight = false;
    std::int64_t m_opened = 0;
};

}  // namespace ratelab
