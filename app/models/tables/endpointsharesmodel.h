#pragma once
// The Compare view's breakdown by endpoint: one row per endpoint of the scenario, one column per
// algorithm that reports it (report.md: endpoints), each cell that endpoint's acceptance under
// that algorithm, "50.0% (60 of 120)". Read down a column: which endpoints an algorithm starves;
// across a row: which algorithm gives the endpoint its share. Empty when the scenario has one
// endpoint (the report then has no breakdown).

#include "engine/report/report.h"

#include <QAbstractTableModel>

#include <memory>

namespace ratelab {

class EndpointSharesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        AcceptanceRole = Qt::UserRole + 1,  // allowed / requests (double), invalid without requests
        RejectedRole,                       // rejected requests (qint64)
    };

    explicit EndpointSharesModel(QObject* parent = nullptr);

    void setReport(std::shared_ptr<const Report> report);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant cell(const AlgorithmReport& a, const EndpointStats& e, int role) const;

    std::shared_ptr<const Report> m_report;
    std::vector<const AlgorithmReport*> m_columns;  // the algorithms with a breakdown, in report order
};

}  // namespace ratelab
