#include "app/models/plotdata/clusterinput.h"

#include "app/models/text/formatting.h"

#include <cmath>

namespace ratelab {

bool ClusterInput::valid() const
{
    return report && scenario && scenario->cluster && algorithm >= 0 && std::size_t(algorithm) < report->algorithms.size()
        && report->algorithms[std::size_t(algorithm)].cluster.has_value();
}

bool ClusterInput::clocksSkewed() const
{
    for (const ClockSpec& c : cluster().clocks)
        if (c.offset != 0 || c.driftPpm != 0 || !c.steps.empty())
            return true;
    return false;
}

std::vector<palette::SeriesStyle> laneStylesForReport(const Report& report, bool dark)
{
    std::vector<std::string> families;
    for (const AlgorithmReport& a : report.algorithms)
        families.push_back(a.family);
    return palette::laneStylesFor(families, dark);
}

StoreSpec ClusterInput::store() const
{
    const std::string& id = algo().id;
    for (const AlgorithmSpec& a : scenario->algorithms)
        if (a.id == id && a.store)
            return *a.store;
    return cluster().store;
}

PolicySpec ClusterInput::policy() const
{
    const std::string& id = algo().id;
    for (const AlgorithmSpec& a : scenario->algorithms)
        if (a.id == id && a.policy)
            return *a.policy;
    return cluster().policy;
}

int ClusterInput::instances() const
{
    return int(std::max<std::int64_t>(1, cluster().instances));
}

double ClusterInput::bucketSeconds() const
{
    return std::max<double>(1, double(report->bucketUs)) / 1e6;
}

double ClusterInput::secondsPerUnit() const
{
    return fmt::timeScaleFor(double(report->scenario.durationUs) / 1e6).secondsPerUnit;
}

QString ClusterInput::timeTitle() const
{
    return fmt::timeScaleFor(double(report->scenario.durationUs) / 1e6).title;
}

bool ClusterInput::limitIsPerKey() const
{
    for (const AlgorithmSpec& a : scenario->algorithms)
        if (a.id == algo().id)
            return a.keys.value_or(scenario->keys) != KeyStrategy::Global;
    return scenario->keys != KeyStrategy::Global;
}

std::optional<double> ClusterInput::limitPerSecond() const
{
    const PeakBurst& p = algo().peakBurst;
    if (p.windowUs <= 0 || p.limit <= 0)
        return std::nullopt;
    return double(p.limit) / (double(p.windowUs) / 1e6);
}

namespace clusternames {

QString instance(int i)
{
    return QStringLiteral("inst-%1").arg(i);
}

QString balancer(Balancer b)
{
    switch (b) {
    case Balancer::RoundRobin: return QStringLiteral("round robin");
    case Balancer::Random: return QStringLiteral("random");
    case Balancer::Hash: return QStringLiteral("hash of key");
    case Balancer::LeastLoaded: return QStringLiteral("least loaded");
    }
    return {};
}

QString storeMode(StoreMode m)
{
    switch (m) {
    case StoreMode::Local: return QStringLiteral("local");
    case StoreMode::RedisAtomic: return QStringLiteral("redis_atomic");
    case StoreMode::RedisGetSet: return QStringLiteral("redis_get_set");
    case StoreMode::LocalSync: return QStringLiteral("local_sync");
    case StoreMode::Cas: return QStringLiteral("cas");
    case StoreMode::SqlRowLock: return QStringLiteral("sql_row_lock");
    case StoreMode::Memcached: return QStringLiteral("memcached");
    }
    return {};
}

QString storeClock(StoreClock c)
{
    return c == StoreClock::Store ? QStringLiteral("store clock (TIME)") : QStringLiteral("instance clocks");
}

QString latency(const LatencySpec& l)
{
    switch (l.kind) {
    case LatencyKind::Constant: return QStringLiteral("RTT %1").arg(fmt::duration(l.rtt));
    case LatencyKind::Uniform: return QStringLiteral("RTT %1–%2").arg(fmt::duration(l.min), fmt::duration(l.max));
    case LatencyKind::LogNormal: return QStringLiteral("RTT median %1, σ %2").arg(fmt::duration(l.rtt)).arg(l.sigma);
    }
    return {};
}

QString outageKind(OutageKind k)
{
    switch (k) {
    case OutageKind::Down: return QStringLiteral("down");
    case OutageKind::Slow: return QStringLiteral("slow");
    case OutageKind::Flapping: return QStringLiteral("flapping");
    }
    return {};
}

QString policy(FailurePolicy p)
{
    switch (p) {
    case FailurePolicy::FailOpen: return QStringLiteral("fail_open");
    case FailurePolicy::FailClosed: return QStringLiteral("fail_closed");
    case FailurePolicy::LocalFallback: return QStringLiteral("local_fallback");
    }
    return {};
}

QString signedDuration(Duration us)
{
    const QString magnitude = fmt::duration(us < 0 ? -us : us);
    return (us < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) + magnitude;
}

QString clockOffset(Duration us)
{
    return us == 0 ? QStringLiteral("\u00B10 ms") : fmt::offset(us);
}

QString outageLabel(const OutageSpec& o)
{
    QString text = outageKind(o.kind);
    if (o.kind == OutageKind::Slow)
        text += QStringLiteral(" +%1").arg(fmt::duration(o.extraLatency));
    if (o.kind == OutageKind::Flapping)
        text += QStringLiteral(" every %1").arg(fmt::duration(o.flap));
    text += QStringLiteral(" %1–%2 s")
                .arg(QString::number(double(o.from) / 1e6, 'g', 6), QString::number(double(o.to) / 1e6, 'g', 6));
    if (!o.instances.empty()) {
        QStringList names;
        for (std::int64_t i : o.instances)
            names << instance(int(i));
        text += QStringLiteral(" (%1)").arg(names.join(QStringLiteral(", ")));
    }
    return text;
}

}  // namespace clusternames
}  // namespace ratelab
