#pragma once
// Per key, the cost a limiter admitted in the trailing window (t - W, t]: the exact sliding
// log of what it let through. It measures the peak burst (the most admitted in any window)
// and the disagreement of approximate algorithms with the exact log of the same limit.

#include "engine/algorithms/timestamplog.h"

#include <vector>

namespace ratelab {

class AdmittedWindow {
public:
    explicit AdmittedWindow(Duration window) : m_window(window) {}

    // Admitted cost of `key` in (now - W, now], before any request at `now` is added.
    std::int64_t admitted(KeyId key, SimTime now)
    {
        if (key >= m_logs.size())
            return 0;
        TimestampLog& log = m_logs[key];
        while (!log.empty() && now - log.oldest() >= m_window)
            log.popOldest();
        return log.size();
    }

    void add(KeyId key, SimTime now, std::uint32_t cost)
    {
        if (key >= m_logs.size())
            m_logs.resize(std::max<std::size_t>(key + 1, m_logs.size() * 2));
        m_logs[key].push(now, cost);
    }

    Duration window() const { return m_window; }

private:
    Duration m_window;
    std::vector<TimestampLog> m_logs;
};

} // namespace ratelab
