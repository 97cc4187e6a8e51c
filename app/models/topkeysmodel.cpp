#include "app/models/topkeysmodel.h"

#include "app/models/formatting.h"

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

QString TopKeysModel::perWindowUnit(qint64 windowUs)
{
    QString window = fmt::windowLength(windowUs);
    if (window.startsWith(QLatin1String("1 ")))
        window.remove(0, 2);  // "1 min" reads "req/min"
    return tr("req/%1").arg(window);
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
        case PeakRate: return fmt::exact(k.rateInWindow.peak);
        case P99Rate: return fmt::exact(k.rateInWindow.p99);
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
    } else if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() != Key;
        return QVariant::fromValue(Qt::Alignment(number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole) {
        const QString window = fmt::windowLength(m_result->options.windowUs);
        if (index.column() == PeakRate)
            return tr("The most requests this key sent in any %1 window").arg(window);
        if (index.column() == P99Rate)
            return tr("99% of this key's requests arrived with at most this many in the %1 before them").arg(window);
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
    case P99Rate:
        return tr("%1 rate\n(%2)")
            .arg(section == PeakRate ? tr("peak") : tr("p99"),
                 perWindowUnit(m_result ? m_result->options.windowUs : AdvisorOptions{}.windowUs));
    case Rejected: return tr("rejected\nat target");
    case FirstRejected: return tr("first\nrejected (UTC)");
    }
    return {};
}

}  // namespace ratelab
