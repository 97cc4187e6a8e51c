#include "app/models/tables/reportmodel.h"

#include "app/models/style/palette.h"
#include "app/models/text/formatting.h"
#include "app/models/text/heldstatetext.h"

#include <QFont>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace ratelab {

ReportModel::ReportModel(QObject* parent) : QAbstractTableModel(parent) {}

void ReportModel::setReport(std::shared_ptr<const Report> report)
{
    beginResetModel();
    m_report = std::move(report);
    endResetModel();
}

void ReportModel::setHiddenIds(const QSet<QString>& hidden)
{
    if (hidden == m_hidden)
        return;
    m_hidden = hidden;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::ForegroundRole, Qt::FontRole});
}

void ReportModel::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, 0), {Qt::DecorationRole});
}

int ReportModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_report ? 0 : int(m_report->algorithms.size());
}

int ReportModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReportModel::rawValue(const AlgorithmReport& a, int column)
{
    switch (column) {
    case Algorithm: return QString::fromStdString(a.id);
    case Preset: return a.preset ? QVariant(QString::fromStdString(*a.preset)) : QVariant();
    case Requests: return qint64(a.requests);
    case Allowed: return qint64(a.allowed);
    case Acceptance: return a.acceptance;
    case NeverAdmissible: return qint64(a.neverAdmissible);
    case PeakBurst: return a.peakBurst.ratio;
    case PeakBurstAt: return qint64(a.peakBurst.atUs);
    case FalseAllow: return a.disagreement ? QVariant(qint64(a.disagreement->falseAllow)) : QVariant();
    case FalseReject: return a.disagreement ? QVariant(qint64(a.disagreement->falseReject)) : QVariant();
    case BytesPerKey: return a.memory.stateBytesPerKey;
    case PeakState: return qint64(a.memory.peakStateBytes);
    case P99Delay: return a.delay ? QVariant(qint64(a.delay->p99)) : QVariant();
    case Overshoot: return a.cluster ? QVariant(qint64(a.cluster->globalLimitOvershoot)) : QVariant();
    case BackendBusy: return a.backendModel ? QVariant(a.backendModel->utilization) : QVariant();
    case BackendLatencyP99: return a.backendModel ? QVariant(qint64(a.backendModel->latencyUs.p99)) : QVariant();
    default: return {};
    }
}

QString ReportModel::definitionPhrase(int column)
{
    switch (column) {
    case Requests:
    case Allowed:
    case Acceptance: return QStringLiteral("Acceptance.");
    case NeverAdmissible: return QStringLiteral("Never admissible.");
    case PeakBurst:
    case PeakBurstAt: return QStringLiteral("Peak burst.");
    case FalseAllow:
    case FalseReject: return QStringLiteral("Disagreement with the exact log.");
    case BytesPerKey:
    case PeakState: return QStringLiteral("State bytes per key.");
    case P99Delay: return QStringLiteral("Delay.");
    case Overshoot: return QStringLiteral("Overshoot and wrong rejections.");
    case BackendBusy:
    case BackendLatencyP99: return QStringLiteral("Backend load.");
    default: return {};
    }
}

QString ReportModel::display(const AlgorithmReport& a, int column) const
{
    const QVariant raw = rawValue(a, column);
    if (!raw.isValid())
        return {};
    switch (column) {
    case Algorithm:
    case Preset: return raw.toString();
    case Requests:
    case Allowed:
    case NeverAdmissible:
    case FalseAllow:
    case FalseReject:
    case Overshoot: return fmt::exact(raw.toLongLong());
    case Acceptance:
    case BackendBusy: return fmt::share(raw.toDouble());
    case BackendLatencyP99: return fmt::duration(raw.toLongLong());
    case PeakBurst: return fmt::ratio(raw.toDouble());
    case PeakBurstAt: return fmt::simTime(raw.toLongLong());
    case BytesPerKey: {
        const double b = raw.toDouble();
        return b < 1024 ? QString::number(b, 'f', b == std::floor(b) ? 0 : 1) + QStringLiteral(" B") : fmt::bytes(qint64(b));
    }
    case PeakState: return fmt::bytes(raw.toLongLong());
    case P99Delay: {
        // One unit for the whole column, from its largest value (gui-guide.md 3.2).
        qint64 maxUs = 0;
        for (const AlgorithmReport& other : m_report->algorithms)
            if (other.delay)
                maxUs = std::max<qint64>(maxUs, other.delay->p99);
        const fmt::DurationUnit unit = fmt::durationUnitFor(maxUs);
        return fmt::durationIn(raw.toLongLong(), unit) + QLatin1Char(' ') + unit.suffix;
    }
    default: return {};
    }
}

void ReportModel::setPinned(std::shared_ptr<const Report> pinned)
{
    beginResetModel();
    m_pinned = std::move(pinned);
    endResetModel();
}

const AlgorithmReport* ReportModel::pinnedOf(const AlgorithmReport& a) const
{
    if (!m_pinned)
        return nullptr;
    for (const AlgorithmReport& p : m_pinned->algorithms)
        if (p.id == a.id)
            return &p;
    return nullptr;
}

QVariant ReportModel::delta(const AlgorithmReport& a, int column) const
{
    const AlgorithmReport* p = pinnedOf(a);
    if (!p || column == Algorithm || column == Preset || column == PeakBurstAt)
        return {};
    const QVariant now = rawValue(a, column);
    const QVariant then = rawValue(*p, column);
    if (!now.isValid() || !then.isValid())
        return {};
    return now.toDouble() - then.toDouble();
}

namespace {

// A change in a column's own terms: "+30", "−5.0 pp", "+0.10×", "+1.2 KiB", "−3 ms".
QString deltaText(int column, double d)
{
    const QString sign = d > 0 ? QStringLiteral("+") : QString(QChar(0x2212));
    const double m = std::abs(d);
    switch (column) {
    case ReportModel::Acceptance:
    case ReportModel::BackendBusy: return sign + QString::number(m * 100, 'f', 1) + QStringLiteral(" pp");
    case ReportModel::PeakBurst: return sign + QString::number(m, 'f', 2) + QStringLiteral("×");
    case ReportModel::BytesPerKey:
    case ReportModel::PeakState: return sign + fmt::bytes(qint64(std::llround(m)));
    case ReportModel::P99Delay:
    case ReportModel::BackendLatencyP99: return sign + fmt::duration(qint64(std::llround(m)));
    default: return sign + fmt::exact(qint64(std::llround(m)));
    }
}

}  // namespace

QString ReportModel::tooltip(const AlgorithmReport& a, int column) const
{
    switch (column) {
    case Algorithm: {
        QString params;
        for (const auto& [k, v] : a.params)
            params += QStringLiteral("%1=%2 ").arg(QString::fromStdString(k), QString::fromStdString(v));
        return QStringLiteral("%1 (%2)\n%3")
            .arg(QString::fromStdString(a.id), QString::fromStdString(a.algorithm), params.trimmed());
    }
    case PeakBurst:
    case PeakBurstAt:
        return QStringLiteral("%1 allowed in %2 (nominal %3) for key %4, ending at %5")
            .arg(fmt::exact(a.peakBurst.allowedCost), fmt::duration(a.peakBurst.windowUs), fmt::exact(a.peakBurst.limit),
                 QString::fromStdString(a.peakBurst.key), fmt::simTime(a.peakBurst.atUs));
    case FalseAllow:
    case FalseReject:
        if (!a.disagreement)
            return QStringLiteral("Only fixed window and sliding window counter are compared with the exact log.");
        return {};
    case NeverAdmissible:
        return QStringLiteral("%1 rejected with retry_after -1: their cost is above what this limit can ever admit, "
                              "so no wait would let them pass (counted in the acceptance)")
            .arg(fmt::exact(a.neverAdmissible));
    case BytesPerKey:
    case PeakState: {
        // Where the state was held, and the peak live keys this column has no room for.
        const QString total =
            QStringLiteral("%1, %2").arg(fmt::bytes(a.memory.peakStateBytes), fmt::compactCount(a.memory.peakLiveKeys, "key"));
        const QStringList places = heldstate::places(a.memory);
        return places.isEmpty()
            ? QStringLiteral("At most %1 on the one instance").arg(total)
            : QStringLiteral("At most %1 in the cluster; peaks per place:\n").arg(total) + places.join(QLatin1Char('\n'));
    }
    case P99Delay:
        if (a.delay)
            return QStringLiteral("p50 %1, p99 %2, max %3")
                .arg(fmt::duration(a.delay->p50), fmt::duration(a.delay->p99), fmt::duration(a.delay->max));
        return QStringLiteral("Not a shaping algorithm: requests are never delayed.");
    case BackendBusy:
    case BackendLatencyP99:
        if (const auto& b = a.backendModel)
            return QStringLiteral("Limiter %1 the work, %2 workers: %3 requests did the work (%4 of them then rejected); "
                                  "wait p50 %5, p99 %6; latency p50 %7, p99 %8, max %9; at most %10 waiting")
                .arg(b->placement == "after" ? QStringLiteral("after") : QStringLiteral("before"), fmt::exact(b->workers),
                     fmt::exact(b->entered), fmt::exact(b->enteredRejected), fmt::duration(b->queueWaitUs.p50),
                     fmt::duration(b->queueWaitUs.p99), fmt::duration(b->latencyUs.p50), fmt::duration(b->latencyUs.p99),
                     fmt::duration(b->latencyUs.max))
                .arg(fmt::exact(b->maxQueueLength));
        return {};
    default: return {};
    }
}

QVariant ReportModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_report)
        return {};
    const AlgorithmReport& a = m_report->algorithms[std::size_t(index.row())];
    const int column = index.column();
    const bool hidden = m_hidden.contains(QString::fromStdString(a.id));
    switch (role) {
    case Qt::DisplayRole: {
        const QVariant d = delta(a, column);
        // A change too small to show in the column's terms (0.04 pp) is no change.
        const QString change = d.isValid() ? deltaText(column, d.toDouble()) : QString();
        if (change.isEmpty() || std::all_of(change.begin(), change.end(), [](QChar c) { return !c.isDigit() || c == u'0'; }))
            return display(a, column);
        return QStringLiteral("%1 (%2)").arg(display(a, column), change);
    }
    case DeltaRole: return delta(a, column);
    case SortRole: return rawValue(a, column);
    case AlgorithmIdRole: return QString::fromStdString(a.id);
    case Qt::TextAlignmentRole:
        return column <= Preset ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::DecorationRole:
        if (column == Algorithm) {
            std::vector<std::string> families;
            for (const AlgorithmReport& r : m_report->algorithms)
                families.push_back(r.family);
            return palette::lineSwatch(palette::stylesFor(families, m_dark)[std::size_t(index.row())], m_dark);
        }
        return {};
    case Qt::ForegroundRole:
        if (hidden)
            return palette::mutedTextColor(m_dark);
        return {};
    case Qt::FontRole:
        if (hidden) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole: {
        const QString tip = tooltip(a, column);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    default: return {};
    }
}

QVariant ReportModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        static const char* const names[] = {"algorithm",   "preset",           "requests",     "allowed",
                                            "acceptance",  "never admissible", "peak burst",   "at",
                                            "false allow", "false reject",     "bytes/key",    "peak state",
                                            "p99 delay",   "overshoot",        "backend busy", "p99 latency"};
        static_assert(std::size(names) == ColumnCount);
        return QString::fromLatin1(names[section]);
    }
    if (role == Qt::ToolTipRole) {
        static const char* const tips[] = {
            "The algorithm's label in the scenario",
            "The real system this preset reproduces, if any",
            "Requests decided (attempts, retries included)",
            "Requests allowed",
            "allowed / requests",
            "Rejected requests whose cost is above what the limit can ever admit (retry_after -1)",
            "Most cost one key had admitted in a trailing window, over the nominal limit for that window",
            "When that window ended (from the run's start)",
            "Allowed, though the exact sliding log of the same limit and window was full",
            "Rejected, though the exact sliding log had room",
            "Model bytes of state per live key",
            "Peak total state of all live keys (in a cluster: the store's and every instance's)",
            "99th percentile of the shaping delay over accepted requests",
            "Allowed above the global limit across a cluster",
            "Busy share of the backend's workers over the run (scenario backend)",
            "99th percentile latency of allowed requests through the backend: queue wait plus service",
        };
        static_assert(std::size(tips) == ColumnCount);
        const QString tip = QString::fromLatin1(tips[section]);
        return definitionPhrase(section).isEmpty() ? tip : tip + QStringLiteral(" (F1 in the column: its definition)");
    }
    if (role == Qt::TextAlignmentRole)
        return section <= Preset ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return QAbstractTableModel::headerData(section, orientation, role);
}

}  // namespace ratelab
