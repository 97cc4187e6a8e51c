#include "app/models/tables/endpointsharesmodel.h"

#include "app/models/text/formatting.h"

#include <QFont>

namespace ratelab {

EndpointSharesModel::EndpointSharesModel(QObject* parent) : QAbstractTableModel(parent) {}

void EndpointSharesModel::setReport(std::shared_ptr<const Report> report)
{
    beginResetModel();
    m_report = std::move(report);
    m_columns.clear();
    if (m_report) {
        for (const AlgorithmReport& a : m_report->algorithms) {
            if (!a.endpoints.empty())
                m_columns.push_back(&a);
        }
    }
    endResetModel();
}

int EndpointSharesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_columns.empty() ? 0 : int(m_columns.front()->endpoints.size());
}

int EndpointSharesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_columns.empty() ? 0 : int(m_columns.size()) + 1;
}

QVariant EndpointSharesModel::cell(const AlgorithmReport& a, const EndpointStats& e, int role) const
{
    const double acceptance = e.requests ? double(e.allowed) / double(e.requests) : 0.0;
    switch (role) {
    case Qt::DisplayRole:
        if (e.requests == 0)
            return tr("no requests");
        return tr("%1 (%2 of %3)").arg(fmt::share(acceptance), fmt::exact(e.allowed), fmt::exact(e.requests));
    case Qt::ToolTipRole:
        return tr("%1: %2 of %3 requests to %4 allowed, %5 rejected; decided by %6")
            .arg(QString::fromStdString(a.id), fmt::exact(e.allowed), fmt::exact(e.requests), QString::fromStdString(e.endpoint),
                 fmt::exact(e.rejected),
                 e.limit.empty() ? tr("the algorithm's params")
                                 : tr("its per_endpoint limit for %1").arg(QString::fromStdString(e.limit)));
    case Qt::FontRole: {
        // A share with rejections stands out: the endpoint did not get all it asked for.
        QFont font;
        font.setBold(e.rejected > 0);
        return font;
    }
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    case AcceptanceRole: return e.requests ? QVariant(acceptance) : QVariant();
    case RejectedRole: return qint64(e.rejected);
    default: return {};
    }
}

QVariant EndpointSharesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const auto row = std::size_t(index.row());
    if (index.column() == 0) {
        const EndpointStats& e = m_columns.front()->endpoints[row];
        return role == Qt::DisplayRole ? QVariant(QString::fromStdString(e.endpoint)) : QVariant();
    }
    const AlgorithmReport& a = *m_columns[std::size_t(index.column() - 1)];
    return cell(a, a.endpoints[row], role);
}

QVariant EndpointSharesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section >= columnCount())
        return {};
    return section == 0 ? tr("Endpoint") : QString::fromStdString(m_columns[std::size_t(section - 1)]->id);
}

}  // namespace ratelab
