#pragma once
// What every part of the Cluster view is drawn from: the report, the scenario it ran (its
// cluster section: instances, clocks, store, outages, policy), the algorithm picked (the
// selected lane) and every lane's style. Display only: names of the spec's enums and the
// effective store/policy of one algorithm (the algorithm's override, else the cluster's), no
// simulation logic.

#include "app/models/style/palette.h"
#include "engine/report/report.h"
#include "engine/scenario/scenario.h"

#include <QSet>
#include <QString>

#include <memory>

namespace ratelab {

struct ClusterInput {
    std::shared_ptr<const Report> report;
    std::shared_ptr<const Scenario> scenario;
    int algorithm = 0;                         // index into report->algorithms
    palette::SeriesStyle style;                // the picked algorithm's
    std::vector<palette::SeriesStyle> styles;  // every lane's (palette::laneStylesFor)
    QSet<QString> hiddenLanes;                 // by id: toggled off in the view's legend strip
    bool dark = false;

    bool valid() const;  // a cluster run with the picked algorithm present
    const AlgorithmReport& algo() const { return report->algorithms[std::size_t(algorithm)]; }
    const ClusterStats& stats() const { return *algo().cluster; }
    int laneCount() const { return int(report->algorithms.size()); }
    const AlgorithmReport& lane(int i) const { return report->algorithms[std::size_t(i)]; }
    // Whether any instance's clock is off true time: an offset, a drift or a step.
    bool clocksSkewed() const;
    const ClusterSpec& cluster() const { return *scenario->cluster; }
    StoreSpec store() const;    // effective for the picked algorithm
    PolicySpec policy() const;  // effective for the picked algorithm
    int instances() const;
    double bucketSeconds() const;
    double secondsPerUnit() const;  // of the time axis (fmt::timeScaleFor)
    QString timeTitle() const;
    // The sustained limit in req/s (peak-burst limit / window), if known.
    std::optional<double> limitPerSecond() const;
    // The selected lane limits each key on its own (keys other than "global"): its limit is no
    // line to draw over what all keys were allowed.
    bool limitIsPerKey() const;
};

// The lanes' styles for the Cluster view, in report order.
std::vector<palette::SeriesStyle> laneStylesForReport(const Report& report, bool dark);

namespace clusternames {
QString instance(int i);  // "inst-0"
QString balancer(Balancer b);
QString storeMode(StoreMode m);
QString storeClock(StoreClock c);
QString latency(const LatencySpec& l);
QString outageKind(OutageKind k);
QString policy(FailurePolicy p);
QString signedDuration(Duration us);
QString clockOffset(Duration us);          // "+300.0 ms", "±0 ms"  // "+250 ms", "−5 s" (U+2212)
QString outageLabel(const OutageSpec& o);  // "down 20–40 s", "slow +50 ms 10–20 s (inst-1)"
}  // namespace clusternames

}  // namespace ratelab
