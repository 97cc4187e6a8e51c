#include "app/models/tables/topkeysmodel.h"

#include "app/models/text/formatting.h"

#include <QLocale>

namespace ratelab {

namespace {

// "2015-05-17 10:05:03", with milliseconds when `decimals` is 3: formatUtc's ISO time as a
// table reads it.
QString utcCell(SimTime t, int decimals)
{
    QString iso = QString::fromStdString(formatUtc(t));  // 2015-05-17T10:05:03[.250000]Z
    iso.chop(1);
    iso.replace(QLatin1Char('T'), QLatin1Char(' '));
    const qsizetype dot = iso.indexOf(QLatin1Char('.'));
    if (dot >= 0)
        iso.truncate(decimals > 0 ? dot + 1 + decimals : dot);
    else if (decimals > 0)
        iso += QStringLiteral(".000");
    return iso;
}

}  // namespace

TopKeysModel::TopKeysModel(QObject* parent) : QAbstractTableModel(parent) {}

void TopKeysModel::setRecommendation(std::shared_ptr<const AdvisorResult> result, int recommendation)
{
    beginResetModel();
    m_result = std::move(result);
    m_index = recommendation;
    m_decimals = 0;
    if (const Recommendation* rec = this->recommendation())
        for (const ThrottledKey& k : rec->topKeys)
            if (k.firstRejected != kNever && (k.firstRejected - m_result->firstTime) % kMicrosPerSecond != 0)
                m_decimals = 3;
    endResetModel();
}

void TopKeysModel::setRateUnit(fmt::RateUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    emit headerDataChanged(Qt::Horizontal, PeakRate, P99Rate);
    if (rowCount() > 0)
        emit dataChanged(index(0, PeakRate), index(rowCount() - 1, P99Rate));
}

double TopKeysModel::rateOf(std::int64_t perWindow) const
{
    return fmt::rateIn(double(perWindow) * 1e6 / double(m_result->options.windowUs), m_unit);
}

const Recommendation* TopKeysModel::recommendation() const
{
    if (!m_result || m_index < 0 || std::size_t(m_index) >= m_result->recommendations.size())
        return nullptr;
    return &m_result->recommendations[std::size_t(m_index)];
}

int TopKeysModel::rowCount(const QModelIndex& parent) const
{
    const Recommendation* rec = recommendation();
    return parent.isValid() || !rec ? 0 : int(rec->topKeys.size());
}

int TopKeysModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TopKeysModel::data(const QModelIndex& index, int role) const
{
    const Recommendation* rec = recommendation();
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !rec)
        return {};
    const ThrottledKey& k = rec->topKeys[std::size_t(index.row())];
    const qint64 afterStartUs = k.firstRejected == kNever ? -1 : k.firstRejected - m_result->firstTime;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Key: return QString::fromStdString(k.name);
        case Requests: return fmt::exact(k.requests);
        case PeakRate: return fmt::rateNumber(rateOf(k.rateInWindow.peak));
        case P99Rate: return fmt::rateNumber(rateOf(k.rateInWindow.p99));
        case Rejected: return fmt::exact(k.rejected);
        case FirstRejected: return afterStartUs < 0 ? QString() : utcCell(k.firstRejected, m_decimals);
        }
    } else if (role == RawRole) {
        switch (index.column()) {
        case Key: return QString::fromStdString(k.name);
        case Requests: return qint64(k.requests);
        case PeakRate: return qint64(k.rateInWindow.peak);
        case P99Rate: return qint64(k.rateInWindow.p99);
        case Rejected: return qint64(k.rejected);
        case FirstRejected: return afterStartUs;
        }
    } else if (role == RateRole && (index.column() == PeakRate || index.column() == P99Rate)) {
        return rateOf(index.column() == PeakRate ? k.rateInWindow.peak : k.rateInWindow.p99);
    } else if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() != Key;
        return QVariant::fromValue(Qt::Alignment(number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole) {
        const QString window = fmt::windowLength(m_result->options.windowUs);
        if (index.column() == PeakRate)
            return tr("The most requests this key sent in any %1 window: %2, %3")
                .arg(window, fmt::count(k.rateInWindow.peak, "request"),
                     fmt::rateNumber(rateOf(k.rateInWindow.peak)) + QLatin1Char(' ') + fmt::rateUnitName(m_unit));
        if (index.column() == P99Rate)
            return tr("99% of this key's requests arrived with at most %2 in the %1 before them (%3)")
                .arg(window, fmt::count(k.rateInWindow.p99, "request"),
                     fmt::rateNumber(rateOf(k.rateInWindow.p99)) + QLatin1Char(' ') + fmt::rateUnitName(m_unit));
        if (afterStartUs >= 0)
            return tr("first rejected at %1, %2 s after the log's first request")
                .arg(QString::fromStdString(formatUtc(k.firstRejected)),
                     QLocale().toString(double(afterStartUs) / 1e6, 'f', m_decimals));
    }
    return {};
}

QVariant TopKeysModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Key: return tr("key");
    case Requests: return tr("requests");
    case PeakRate:
    case P99Rate: return tr("%1 rate\n(%2)").arg(section == PeakRate ? tr("peak") : tr("p99"), fmt::rateUnitName(m_unit));
    case Rejected: return tr("rejected\nat target");
    case FirstRejected: return tr("first\nrejected (UTC)");
    }
    return {};
}

}  // namespace ratelab
