#pragma once
// The Logs view's recommendation card (gui-guide.md 4.3), a composition of its parts: the target
// on top (RecommendationTarget: "keep [99.00 %] of [keys | requests] never throttled"), one row
// per algorithm with its parameters in the CLI's syntax, the shares it keeps and rejects and
// whether it meets the target, a note on how they were found, and under them the advisor's
// state and the actions on the selected row (RecommendationActions: [Export v], with room for
// more beside it). Selecting a row selects that algorithm everywhere in the view.

#include "app/models/tables/recommendationmodel.h"

#include <QFrame>

#include <memory>

class QLabel;
class QTableView;

namespace ratelab {

class RecommendationActions;
class RecommendationTarget;

class RecommendationCard : public QFrame {
    Q_OBJECT
public:
    explicit RecommendationCard(QWidget* parent = nullptr);

    // Keeps the selected algorithm when the new result has it, else selects the first row.
    void setResult(std::shared_ptr<const AdvisorResult> result);
    void setDark(bool dark);
    int selectedRow() const;
    void selectRow(int row);
    const Recommendation* selected() const;

    // Without the explanatory note under the table (little height to spare).
    void setCompact(bool compact);

    RecommendationModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    // Its parts.
    RecommendationTarget& target() const { return *m_target; }
    RecommendationActions& actions() const { return *m_actions; }

signals:
    void rowSelected(int row);

private:
    QWidget* createTable();
    void fitTable();

    RecommendationTarget* m_target = nullptr;
    RecommendationModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_note = nullptr;
    RecommendationActions* m_actions = nullptr;
};

}  // namespace ratelab
