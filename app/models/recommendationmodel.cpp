#include "app/models/recommendationmodel.h"

#include "app/models/formatting.h"
#include "app/models/palette.h"

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

QString RecommendationModel::paramsText(const Recommendation& rec)
{
    QStringList parts;
    if (const auto it = rec.params.find(rec.parameter); it != rec.params.end())
        parts << QString::fromStdString(it->first + " " + it->second);
    for (const auto& [key, value] : rec.params)
        if (key != rec.parameter)
            parts << QString::fromStdString(key + " " + value);
    return parts.join(QStringLiteral(", "));
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
        case Parameters: return paramsText(rec);
        case Kept: return fmt::share(keptShare(rec));
        case RequestsRejected: return fmt::share(rec.requestsRejectedShare, 2);
        case Target: return rec.targetMet ? tr("met") : tr("not reachable");
        }
    } else if (role == RawRole) {
        switch (column) {
        case Algorithm: return QString::fromStdString(rec.algorithm);
        case Parameters: return paramsText(rec);
        case Kept: return keptShare(rec);
        case RequestsRejected: return rec.requestsRejectedShare;
        case Target: return rec.targetMet;
        }
    } else if (role == Qt::DecorationRole && column == Algorithm) {
        return palette::swatch({palette::familyColor(rec.algorithm, m_dark)}, m_dark);
    } else if (role == Qt::TextAlignmentRole) {
        const bool number = column == Kept || column == RequestsRejected;
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
    case Kept:
        return m_result && m_result->options.by == AdvisorTarget::Requests ? tr("requests of keys\nnever throttled")
                                                                           : tr("keys never\nthrottled");
    case RequestsRejected: return tr("requests\nrejected");
    case Target: return tr("target");
    }
    return {};
}

}  // namespace ratelab
