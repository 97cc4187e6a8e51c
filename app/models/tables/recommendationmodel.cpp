#include "app/models/tables/recommendationmodel.h"

#include "app/models/style/palette.h"
#include "app/models/text/formatting.h"
#include "engine/advisor/parameterfamily.h"
#include "engine/core/units.h"

#include <cmath>

namespace ratelab {

RecommendationModel::RecommendationModel(QObject* parent) : QAbstractTableModel(parent) {}

void RecommendationModel::setResult(std::shared_ptr<const AdvisorResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

void RecommendationModel::setDark(bool dark)
{
    m_dark = dark;
    if (rowCount() > 0)
        emit dataChanged(index(0, Algorithm), index(rowCount() - 1, Algorithm), {Qt::DecorationRole});
}

void RecommendationModel::setRateUnit(fmt::RateUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    emit headerDataChanged(Qt::Horizontal, Limit, Limit);
    if (rowCount() > 0)
        emit dataChanged(index(0, Parameters), index(rowCount() - 1, Limit));
}

int RecommendationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_result ? 0 : int(m_result->recommendations.size());
}

int RecommendationModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

double RecommendationModel::keptShare(const Recommendation& rec) const
{
    return m_result->options.by == AdvisorTarget::Requests ? rec.requestsOfUnthrottledKeysShare : rec.keysUnthrottledShare;
}

namespace {
// "refill 18/m" as the CLI takes it, or with a rate's value in `unit`: "refill 18/min"; a
// value the unit cannot write in a few digits is marked as rounded ("refill ≈0.28/s" for 17/m),
// since a parameter is exact and the CLI text is what an export writes.
QString paramText(const std::string& key, const std::string& value, std::optional<fmt::RateUnit> unit)
{
    std::string error;
    const std::optional<Rate> rate = unit && value.find('/') != std::string::npos ? parseRate(value, error) : std::nullopt;
    if (!rate)
        return QString::fromStdString(key + " " + value);
    const QString per = *unit == fmt::RateUnit::PerMinute ? QStringLiteral("/min") : QStringLiteral("/s");
    const double inUnit = fmt::rateIn(rate->perSecondNearest(), *unit);
    const QString number = fmt::rateNumber(inUnit);
    const bool rounded = std::abs(QString(number).remove(QLatin1Char(',')).toDouble() - inUnit) > 1e-9 * std::max(1.0, inUnit);
    return QString::fromStdString(key + " ") + (rounded ? QStringLiteral("≈") : QString()) + number + per;
}
}  // namespace

QString RecommendationModel::paramsText(const Recommendation& rec, std::optional<fmt::RateUnit> unit)
{
    QStringList parts;
    if (const auto it = rec.params.find(rec.parameter); it != rec.params.end())
        parts << paramText(it->first, it->second, unit);
    for (const auto& [key, value] : rec.params)
        if (key != rec.parameter)
            parts << paramText(key, value, unit);
    return parts.join(QStringLiteral(", "));
}

double RecommendationModel::limitPerSecond(const AdvisorResult& result, const Recommendation& rec)
{
    const ParameterFamily* family = findFamily(rec.algorithm);
    return family ? sustainedPerSecond(*family, rec.value, result.options.windowUs) : 0.0;
}

QVariant RecommendationModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_result)
        return {};
    const Recommendation& rec = m_result->recommendations[std::size_t(index.row())];
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
        case Algorithm: return QString::fromStdString(rec.algorithm);
        case Parameters: return paramsText(rec, m_unit);
        case Limit: return fmt::rateNumber(fmt::rateIn(limitPerSecond(*m_result, rec), m_unit));
        case Kept: return fmt::share(keptShare(rec));
        case RequestsRejected: return fmt::share(rec.requestsRejectedShare, 2);
        case Target: return rec.targetMet ? tr("met") : tr("not reachable");
        }
    } else if (role == RawRole) {
        switch (column) {
        case Algorithm: return QString::fromStdString(rec.algorithm);
        case Parameters: return paramsText(rec);
        case Limit: return fmt::rateIn(limitPerSecond(*m_result, rec), m_unit);
        case Kept: return keptShare(rec);
        case RequestsRejected: return rec.requestsRejectedShare;
        case Target: return rec.targetMet;
        }
    } else if (role == Qt::DecorationRole && column == Algorithm) {
        return palette::swatch({palette::familyColor(rec.algorithm, m_dark)}, m_dark);
    } else if (role == Qt::TextAlignmentRole) {
        const bool number = column == Limit || column == Kept || column == RequestsRejected;
        return QVariant::fromValue(Qt::Alignment(number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole) {
        return tr("%1\n%2 = %3, the smallest value keeping the target (%4 searched)\n"
                  "%5 of %6 never throttled, sending %7 of the requests; %8 of %9 rejected")
            .arg(paramsText(rec), QString::fromStdString(rec.parameter))
            .arg(rec.value)
            .arg(fmt::count(rec.probes, "replay"))
            .arg(fmt::exact(rec.keysUnthrottled), fmt::count(rec.keys, "key"), fmt::share(rec.requestsOfUnthrottledKeysShare),
                 fmt::exact(rec.requestsRejected), fmt::count(rec.requests, "request"));
    }
    return {};
}

QVariant RecommendationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Algorithm: return tr("algorithm");
    case Parameters: return tr("parameters");
    case Limit: return tr("limit\n(%1)").arg(fmt::rateUnitName(m_unit));
    case Kept:
        return m_result && m_result->options.by == AdvisorTarget::Requests ? tr("requests of keys\nnever throttled")
                                                                           : tr("keys never\nthrottled");
    case RequestsRejected: return tr("requests\nrejected");
    case Target: return tr("target");
    }
    return {};
}

}  // namespace ratelab
