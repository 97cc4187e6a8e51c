#pragma once
// Under Compare's charts: the summary table (ReportModel; rows in scenario order until a header
// is clicked) and beside it, when the scenario has several endpoints, each endpoint's acceptance
// per algorithm (EndpointSharesModel). It shows only the columns some algorithm has a value in,
// gives the breakdown the width of its columns and says how tall it would show every row; a
// double-click on a row and F1 on a column it hands on, for the view to act on.

#include "engine/report/report.h"

#include <QSet>
#include <QSplitter>

#include <memory>

class QSortFilterProxyModel;
class QTableView;

namespace ratelab {

class EndpointSharesModel;
class ReportModel;

class CompareTables : public QSplitter {
    Q_OBJECT
public:
    explicit CompareTables(QWidget* parent = nullptr);

    QTableView* summary() const { return m_table; }
    ReportModel* model() const { return m_model; }
    // The breakdown by endpoint; hidden when the scenario has one endpoint.
    QTableView* endpoints() const { return m_endpointTable; }
    EndpointSharesModel* endpointModel() const { return m_endpointModel; }

    // Both tables show `report` (null: none), the algorithms in `hidden` dimmed.
    void setReport(std::shared_ptr<const Report> report, const QSet<QString>& hidden);
    // The height that shows every row of either table (up to 8), and the scroll bar under the
    // summary when its columns overflow.
    int wantedHeight() const;

signals:
    // A double-click on the summary's row for the report's algorithm `row`.
    void rowActivated(int row);
    // F1 on a summary column: show `phrase`, its metric's definition, in the help's `document`.
    void definitionRequested(const QString& document, const QString& phrase);

protected:
    // F1 in the summary table opens the definition of the current column's metric.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createSummary();
    void createEndpoints();
    void layoutColumns(const Report* report);

    ReportModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    EndpointSharesModel* m_endpointModel = nullptr;
    QTableView* m_endpointTable = nullptr;
};

}  // namespace ratelab
