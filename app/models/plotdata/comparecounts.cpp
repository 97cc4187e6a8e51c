#include "app/models/plotdata/comparecounts.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ratelab {

BucketCounts countsOfReport(const Report& report)
{
    BucketCounts counts;
    counts.bucketUs = report.bucketUs;
    for (const AlgorithmReport& a : report.algorithms) {
        LaneCounts lane;
        lane.algorithmId = a.id;
        lane.offered = report.offeredSeries;
        lane.allowed = a.allowedSeries;
        lane.rejected = a.rejectedSeries;
        lane.burstWindowUs = a.peakBurst.windowUs;
        counts.lanes.push_back(std::move(lane));
    }
    return counts;
}

std::optional<std::size_t> exactLogLane(const Report& report)
{
    for (std::size_t i = 0; i < report.algorithms.size(); ++i) {
        if (report.algorithms[i].algorithm == "sliding_window_log")
            return i;
    }
    return std::nullopt;
}

std::vector<double> measurePerBucket(const BucketCounts& counts, std::size_t lane, CountsMeasure measure,
                                     std::optional<std::size_t> logLane)
{
    const LaneCounts& c = counts.lanes[lane];
    const double perSecond = 1e6 / static_cast<double>(std::max<Duration>(1, counts.bucketUs));
    std::vector<double> out(c.allowed.size());
    for (std::size_t b = 0; b < out.size(); ++b) {
        const auto allowed = static_cast<double>(c.allowed[b]);
        const auto rejected = static_cast<double>(b < c.rejected.size() ? c.rejected[b] : 0);
        switch (measure) {
        case CountsMeasure::Allowed: out[b] = allowed * perSecond; break;
        case CountsMeasure::Rejected: out[b] = rejected * perSecond; break;
        case CountsMeasure::AllowedMinusLog: {
            const std::vector<std::int64_t>& log = counts.lanes[logLane.value()].allowed;
            out[b] = (allowed - static_cast<double>(b < log.size() ? log[b] : 0)) * perSecond;
            break;
        }
        case CountsMeasure::Share:
            out[b] = allowed + rejected > 0 ? 100.0 * allowed / (allowed + rejected) : std::numeric_limits<double>::quiet_NaN();
            break;
        }
    }
    return out;
}

std::size_t offeredLane(const BucketCounts& counts)
{
    for (std::size_t i = 0; i < counts.lanes.size(); ++i) {
        const auto& offered = counts.lanes[i].offered;
        if (std::any_of(offered.begin(), offered.end(), [](std::int64_t v) { return v > 0; }))
            return i;
    }
    return 0;
}

std::optional<PeakBurst> peakBetween(const LaneCounts& lane, Duration bucketUs, SimTime fromUs, SimTime toUs)
{
    if (lane.peaks.empty() || bucketUs <= 0 || toUs <= fromUs)
        return std::nullopt;
    const auto first = static_cast<std::size_t>(std::max<SimTime>(0, fromUs) / bucketUs);
    const auto last =
        std::min(lane.peaks.size(), static_cast<std::size_t>(ceilDivPositive(std::max<SimTime>(1, toUs), bucketUs)));
    const BucketPeak* best = nullptr;
    for (std::size_t b = first; b < last; ++b) {
        const BucketPeak& p = lane.peaks[b];
        if (p.ratio > 0 && (!best || p.ratio > best->ratio))
            best = &p;
    }
    if (!best)
        return std::nullopt;
    PeakBurst out;
    out.windowUs = lane.burstWindowUs;
    out.allowedCost = best->admittedCost;
    out.limit = std::llround(best->nominal);
    out.nominal = best->nominal;
    out.ratio = best->ratio;
    out.atUs = best->atUs;
    out.key = lane.peakKeys.at(best->key);
    return out;
}

BurstPeaks burstPeaks(const ChartInput& input)
{
    BurstPeaks out;
    if (!input.report)
        return out;
    const Report& r = *input.report;
    out.fromCounts = input.counts && !input.counts->lanes.empty() && !input.counts->lanes.front().peaks.empty();
    if (out.fromCounts) {
        const auto [from, to] = input.rangeUs.value_or(std::make_pair(SimTime(0), r.scenario.durationUs));
        for (const LaneCounts& lane : input.counts->lanes)
            out.peaks.push_back(peakBetween(lane, input.counts->bucketUs, from, to));
    } else {
        for (const AlgorithmReport& a : r.algorithms)
            out.peaks.push_back(a.peakBurst);
    }
    const PeakBurst* first = nullptr;
    for (const auto& p : out.peaks) {
        if (!p)
            continue;
        if (!first)
            first = &*p;
        out.sameLimit = out.sameLimit && p->nominal == first->nominal && p->windowUs == first->windowUs;
    }
    return out;
}

std::optional<std::vector<LimitStep>> sharedLimit(const BucketCounts& counts, const std::vector<std::size_t>& lanes)
{
    if (!counts.key)
        return std::nullopt;
    std::optional<std::vector<LimitStep>> shared;
    for (const std::size_t i : lanes) {
        const std::vector<LimitStep>& steps = counts.lanes[i].limit;
        if (steps.empty())
            continue;  // the key has no decision in this lane
        if (!shared) {
            shared = steps;
            continue;
        }
        const bool same = std::equal(steps.begin(), steps.end(), shared->begin(), shared->end(),
                                     [](const LimitStep& a, const LimitStep& b) { return a.costPerSecond == b.costPerSecond; });
        if (!same)
            return std::nullopt;
    }
    return shared;
}

}  // namespace ratelab
