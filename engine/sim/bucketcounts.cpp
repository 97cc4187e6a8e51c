// bucketCounts: every lane over the traffic once, one key's (or every key's) requests counted
// per bucket as the lanes decide them.

#include "engine/sim/bucketcounts.h"

#include "engine/core/runcontrol.h"
#include "engine/core/units.h"
#include "engine/sim/clusterlane.h"
#include "engine/sim/keymatch.h"
#include "engine/sim/lane.h"
#include "engine/sim/runner.h"
#include "engine/sim/trafficmerge.h"

#include <algorithm>
#include <stdexcept>

namespace ratelab {
namespace {

// One lane's counts, filled as its requests arrive and are decided.
class LaneCounter {
public:
    LaneCounter(std::string algorithmId, SimTime start, Duration bucketUs, std::size_t buckets, Duration burstWindowUs,
                bool oneKey)
        : m_start(start), m_bucketUs(bucketUs), m_window(burstWindowUs), m_oneKey(oneKey)
    {
        m_counts.algorithmId = std::move(algorithmId);
        m_counts.offered.assign(buckets, 0);
        m_counts.allowed.assign(buckets, 0);
        m_counts.rejected.assign(buckets, 0);
        m_counts.peaks.assign(buckets, BucketPeak{});
        m_counts.burstWindowUs = burstWindowUs;
    }

    void offered(SimTime t, std::uint32_t cost) { m_counts.offered[bucketOf(t)] += cost; }

    // A decision at `t` (true time) under `nominal`, the limit of the request's tier then.
    void decided(KeyId key, SimTime t, std::uint32_t cost, bool allowed, const NominalLimit& nominal)
    {
        const std::size_t bucket = bucketOf(t);
        if (m_oneKey)
            noteLimit(t, nominal);
        if (!allowed) {
            m_counts.rejected[bucket] += cost;
            return;
        }
        m_counts.allowed[bucket] += cost;
        // As LaneMetrics measures the report's peak burst, within this bucket only.
        const std::int64_t inWindow = m_window.admitted(key, t) + cost;
        m_window.add(key, t, cost);
        const double ratio = static_cast<double>(inWindow) / nominal.limitCost;
        BucketPeak& peak = m_counts.peaks[bucket];
        if (ratio > peak.ratio)
            peak = {ratio, inWindow, t - m_start, key, nominal.limitCost};
    }

    // The counts, the peaks' key ids turned into indexes of the names `nameOf` gives them.
    template <class NameOf>
    LaneCounts take(NameOf nameOf)
    {
        std::vector<KeyId> ids;
        for (BucketPeak& peak : m_counts.peaks) {
            if (peak.ratio <= 0)
                continue;
            auto it = std::find(ids.begin(), ids.end(), peak.key);
            if (it == ids.end()) {
                ids.push_back(peak.key);
                it = ids.end() - 1;
            }
            peak.key = static_cast<std::uint32_t>(it - ids.begin());
        }
        for (const KeyId id : ids)
            m_counts.peakKeys.push_back(nameOf(id));
        return std::move(m_counts);
    }

private:
    // Decisions of calls still in flight at the end fall in the last bucket, as in the report.
    std::size_t bucketOf(SimTime t) const
    {
        return std::min(static_cast<std::size_t>((t - m_start) / m_bucketUs), m_counts.offered.size() - 1);
    }

    void noteLimit(SimTime t, const NominalLimit& nominal)
    {
        const double perSecond = nominal.limitCost / (static_cast<double>(nominal.windowUs) / 1e6);
        if (m_counts.limit.empty() || m_counts.limit.back().costPerSecond != perSecond)
            m_counts.limit.push_back({t - m_start, perSecond});
    }

    SimTime m_start;
    Duration m_bucketUs;
    AdmittedWindow m_window;
    bool m_oneKey;
    LaneCounts m_counts;
};

// Routes a lane's decisions of the selected key to its counter.
void observe(Lane& lane, LaneCounter& counter, KeyMatch& match)
{
    lane.setObserver([&lane, &counter, &match](const Lane::Step& step, const RateLimiter&) {
        if (match(step.key, lane))
            counter.decided(step.key, step.t, step.cost, step.decision.allowed, lane.nominal(step.tier));
    });
    // Arrivals outside the limit's "applies_to" pass it: allowed, as the report counts them.
    lane.setPassObserver([&lane, &counter, &match](KeyId key, SimTime t, std::uint32_t cost, std::uint32_t tier) {
        if (match(key, lane))
            counter.decided(key, t, cost, true, lane.nominal(tier));
    });
}

void observe(ClusterLane& lane, LaneCounter& counter, KeyMatch& match)
{
    lane.setObserver([&lane, &counter, &match](const ClusterLane::Decided& d) {
        if (match(d.key, lane))
            counter.decided(d.key, d.t, d.cost, d.allowed, lane.nominal());
    });
}

const NominalLimit& firstNominal(const Lane& lane)
{
    return lane.nominal(0);
}

const NominalLimit& firstNominal(const ClusterLane& lane)
{
    return lane.nominal();
}

template <class LaneType>
BucketCounts countLanes(const Scenario& scenario, const std::optional<std::string>& key, Duration bucketUs, RunControl& control)
{
    const auto buckets = static_cast<std::size_t>(bucketCountFor(scenario.duration, bucketUs));
    Population population(scenario.population, scenario.endpoints);
    KeyInterner recordedKeys;
    std::vector<std::unique_ptr<LaneType>> lanes;
    std::vector<LaneCounter> counters;
    std::vector<KeyMatch> matches;
    for (std::size_t i = 0; i < scenario.algorithms.size(); ++i) {
        lanes.push_back(std::make_unique<LaneType>(scenario.algorithms[i], scenario, population, recordedKeys, i));
        counters.emplace_back(scenario.algorithms[i].id, scenario.start, bucketUs, buckets, firstNominal(*lanes.back()).windowUs,
                              key.has_value());
        matches.emplace_back(key);
    }
    for (std::size_t i = 0; i < lanes.size(); ++i)  // the vectors are whole: their elements stay put
        observe(*lanes[i], counters[i], matches[i]);
    TrafficMerge traffic(scenario, population, recordedKeys);

    control.report(0, "counts");
    Arrival a;
    std::int64_t n = 0;
    while (traffic.next(a)) {
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            if (matches[i](lanes[i]->keyOf(a), *lanes[i]))
                counters[i].offered(a.t, a.cost);
            lanes[i]->offer(a);
        }
        if (++n % kRequestsBetweenChecks == 0) {
            if (control.cancelled())
                throw Cancelled{};
            const SimTime offset = a.t - scenario.start;
            control.report(static_cast<int>(std::clamp<std::int64_t>(offset * 1000 / scenario.duration, 0, 999)), "counts");
        }
    }
    BucketCounts out;
    out.key = key;
    out.bucketUs = bucketUs;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        lanes[i]->finish();
        const LaneType& lane = *lanes[i];
        out.lanes.push_back(counters[i].take([&lane](KeyId id) { return lane.keyName(id); }));
    }
    control.report(1000, "counts");
    return out;
}

}  // namespace

std::int64_t bucketCountFor(Duration durationUs, Duration bucketUs)
{
    return ceilDivPositive(durationUs, bucketUs);
}

BucketCounts bucketCounts(const Scenario& scenario, const std::optional<std::string>& key, Duration bucketUs, RunControl& control)
{
    checkRunnable(scenario);
    if (bucketUs < 1)
        throw std::invalid_argument("bucket: " + formatDuration(bucketUs) + " is not a duration of at least 1us");
    if (const std::int64_t buckets = bucketCountFor(scenario.duration, bucketUs); buckets > kMaxCountBuckets)
        throw std::invalid_argument("bucket: " + formatDuration(bucketUs) + " cuts " + formatDuration(scenario.duration)
                                    + " into " + std::to_string(buckets) + " buckets, more than "
                                    + std::to_string(kMaxCountBuckets));
    if (scenario.cluster)
        return countLanes<ClusterLane>(scenario, key, bucketUs, control);
    return countLanes<Lane>(scenario, key, bucketUs, control);
}

}  // namespace ratelab
