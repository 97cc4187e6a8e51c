#pragma once
// The recommendation card's bottom row (gui-guide.md 4.3): the advisor's state on the left (its
// progress with Cancel while busy, else a message), the actions on the selected recommendation
// on the right, [Export v] last: its menu holds one entry per limit configuration, each
// disabled with the engine's reason when the selected algorithm cannot be expressed in it.
// Further actions (the view's Replay) go before Export. It exports nothing itself:
// exportRequested() says which configuration was picked.

#include "app/models/text/limitexports.h"
#include "engine/advisor/advisor.h"

#include <QWidget>

#include <functional>

class QHBoxLayout;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace ratelab {

class RecommendationActions : public QWidget {
    Q_OBJECT
public:
    // `selected`: the recommendation Export applies to (null: none is selected).
    explicit RecommendationActions(std::function<const Recommendation*()> selected, QWidget* parent = nullptr);

    // The advisor's state: busy with progress, or a message (empty: none).
    void setBusy(bool busy);
    void setProgress(int permille, const QString& phase);
    void setStatus(const QString& text);
    void setExportEnabled(bool enabled);
    // A further action, placed before Export.
    void addButton(QWidget* button);

    QToolButton* exportButton() const { return m_export; }
    QMenu* exportMenu() const { return m_exportMenu; }

signals:
    void exportRequested(ratelab::ExportTarget target);
    void cancelRequested();

private:
    void updateExportMenu();

    std::function<const Recommendation*()> m_selected;
    QHBoxLayout* m_row = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_cancel = nullptr;
    QToolButton* m_export = nullptr;
    QMenu* m_exportMenu = nullptr;
};

}  // namespace ratelab
