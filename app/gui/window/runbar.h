#pragma once
// The main window's toolbar (gui-guide.md 2): Open and Save, the scenario's name, its seed,
// Run and Cancel, and the run's progress with its phase text. The seed is edited in the
// document; the run goes through the SimulationController, and the bar shows how it went.

#include <QToolBar>

class QLabel;
class QProgressBar;
class QSpinBox;

namespace ratelab {

class ScenarioDocument;
class SimulationController;

class RunBar : public QToolBar {
    Q_OBJECT
public:
    RunBar(ScenarioDocument* document, SimulationController* controller, QWidget* parent = nullptr);

    // The file actions first, before the name.
    void addFileActions(QAction* open, QAction* save);
    QAction* runAction() const { return m_run; }
    QAction* cancelAction() const { return m_cancel; }
    // The document's name (its file's, or the scenario's) and its seed, as they are now.
    void showDocument(const QString& name, const QString& path);
    void showDone(qint64 elapsedMs);
    void clearFailure();  // a new run: the last failure's reason goes
    void restyle();       // the media icons again, in the palette's text colour

signals:
    void failed(const QString& message);

private:
    void addRunWidgets();

    ScenarioDocument* m_doc;
    SimulationController* m_controller;
    QAction* m_run = nullptr;
    QAction* m_cancel = nullptr;
    QLabel* m_name = nullptr;
    QSpinBox* m_seed = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_phase = nullptr;
};

}  // namespace ratelab
