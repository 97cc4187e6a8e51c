#pragma once
// What every lane measures alike, single-instance or cluster: the report's header (id,
// algorithm, family, parameters, key strategy), the counts and per-bucket series of allowed
// and rejected cost, and the peak burst: the most cost one key had admitted within the
// nominal window (report.md). Each lane adds what is its own (memory, delays, retries,
// clients, the cluster's figures) to report() directly. Nothing here reads the key names
// until finish(): the traffic may still be interning keys while a lane decides on another
// thread (runner.cpp).

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/metrics/admittedwindow.h"
#include "engine/metrics/nominal.h"
#include "engine/report/report.h"
#include "engine/scenario/scenario.h"
#include "engine/sim/lanekeys.h"

#include <cmath>
#include <span>

namespace ratelab {

class LaneMetrics {
public:
    // The header of `spec` run as `built` (the first tier's, with tiers), and every series
    // zeroed, one entry per metric bucket of the scenario.
    LaneMetrics(const AlgorithmSpec& spec, const Scenario& scenario, const BuiltLimiter& built, KeyStrategy keys,
                const NominalLimit& nominal);

    AlgorithmReport& report() { return m_report; }
    const AlgorithmReport& report() const { return m_report; }

    // The cost `key` had admitted in the nominal window before a decision at `t`.
    std::int64_t admittedBefore(KeyId key, SimTime t) { return m_window.admitted(key, t); }

    // An allowed request in `bucket`; `before` is admittedBefore(key, t).
    void allowed(KeyId key, SimTime t, std::uint32_t cost, std::size_t bucket, std::int64_t before, const NominalLimit& nominal)
    {
        ++m_report.requests;
        ++m_report.allowed;
        m_report.allowedCost += cost;
        m_report.allowedSeries[bucket] += cost;
        m_window.add(key, t, cost);
        const std::int64_t inWindow = before + cost;
        const double ratio = static_cast<double>(inWindow) / nominal.limitCost;
        if (ratio > m_peakRatio) {
            m_peakRatio = ratio;
            m_report.peakBurst = {nominal.windowUs, inWindow, std::llround(nominal.limitCost), ratio, t - m_start, {},
                                  nominal.limitCost};
            m_peakKey = key;
        }
    }

    // A rejected request in `bucket`, with the retry_after_us it was given.
    void rejected(std::uint32_t cost, std::size_t bucket, Duration retryAfterUs)
    {
        ++m_report.requests;
        ++m_report.rejected;
        m_report.rejectedCost += cost;
        m_report.rejectedSeries[bucket] += cost;
        m_report.neverAdmissible += retryAfterUs == kNeverPasses ? 1 : 0;
    }

    // A hint that `keys` will be decided soon.
    void prefetch(std::span<const KeyId> keys) const { m_window.prefetch(keys); }

    // Acceptance, the backend's load and the peak burst's key name, once every decision is counted.
    void finish(const LaneKeys& keys);

private:
    AlgorithmReport m_report;
    AdmittedWindow m_window;
    SimTime m_start;
    double m_peakRatio = -1;
    KeyId m_peakKey = 0;  // the peak burst's, named in finish()
};

}  // namespace ratelab
