#pragma once
// The Logs view's recommendation card (gui-guide.md 4.3): the target ("keep [99.00 %] of [keys |
// requests] never throttled"), one row per algorithm with its parameters in the CLI's
// syntax, the shares it keeps and rejects and whether it meets the target, the advisor's
// progress, and the actions on the selected row ([Export v]; the actions row has room for
// more beside it). Selecting a row selects that algorithm everywhere in the view.

#include "app/models/tables/recommendationmodel.h"
#include "app/models/text/limitexports.h"

#include <QFrame>

class QComboBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QLayout;
class QMenu;
class QProgressBar;
class QPushButton;
class QTableView;
class QToolButton;

namespace ratelab {

class RecommendationCard : public QFrame {
    Q_OBJECT
public:
    explicit RecommendationCard(QWidget* parent = nullptr);

    // Keeps the selected algorithm when the new result has it, else selects the first row.
    void setResult(std::shared_ptr<const AdvisorResult> result);
    void setDark(bool dark);
    // Shows a target without emitting keepEdited().
    void setKeep(std::int64_t ppm, AdvisorTarget by);
    std::int64_t keepPpm() const { return m_ppm; }
    AdvisorTarget keepBy() const;
    int selectedRow() const;
    void selectRow(int row);
    const Recommendation* selected() const;

    // Without the explanatory note under the table (little height to spare).
    void setCompact(bool compact);

    // The advisor's state: busy with progress, or a message (empty: none).
    void setBusy(bool busy);
    void setProgress(int permille, const QString& phase);
    void setStatus(const QString& text);

    RecommendationModel* model() const { return m_model; }
    QDoubleSpinBox* keepSpin() const { return m_keep; }
    QComboBox* byCombo() const { return m_by; }
    QTableView* table() const { return m_table; }
    QToolButton* exportButton() const { return m_export; }
    QMenu* exportMenu() const { return m_exportMenu; }
    // The row of action buttons under the table (Export is last).
    QHBoxLayout* actions() const { return m_actions; }

signals:
    void keepEdited(std::int64_t ppm, ratelab::AdvisorTarget by);
    void rowSelected(int row);
    void exportRequested(ratelab::ExportTarget target);
    void cancelRequested();

private:
    QLayout* createTargetRow();
    QWidget* createTable();
    QLayout* createActionsRow();
    void updateExportMenu();
    void fitTable();

    RecommendationModel* m_model = nullptr;
    std::int64_t m_ppm = 990'000;
    QDoubleSpinBox* m_keep = nullptr;
    QComboBox* m_by = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_note = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_cancel = nullptr;
    QHBoxLayout* m_actions = nullptr;
    QToolButton* m_export = nullptr;
    QMenu* m_exportMenu = nullptr;
};

}  // namespace ratelab
