#pragma once
// The main window (gui-guide.md 2): the toolbar (RunBar), the Scenario dock (folded to a rail
// on a narrow window: DockRail), the views Compare | Learn | Logs | Cluster (WindowViews) and a
// status bar, with the menus File (WindowFiles), Edit, Run, View (its theme: WindowTheme) and
// Help (WindowHelp). Runs go
// through a SimulationController off the GUI thread; the previous result stays on screen
// while a new one runs, and after Cancel.

#include "app/gui/window/windowviews.h"
#include "app/models/document/scenariodraft.h"

#include <QMainWindow>

#include <memory>

class QLabel;

namespace ratelab {

class DockRail;
class RunBar;
class ScenarioDock;
class SimulationController;
class WindowFiles;
class WindowHelp;
class WindowTheme;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    using View = WindowViews::View;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a scenario (already loaded and validated) and runs it; `path`: the file it is of.
    void openScenario(const Scenario& scenario, const QString& path);
    // Imports an access log into the Logs view and shows it (format detected, keyed by client
    // IP, as the sample is; the wizard offers the options).
    void openLog(const QString& path);
    // Opens an embedded example scenario by name and runs it.
    void openExample(const QString& name);
    // True when the latest run has been shown (and, on Learn, its trace is loaded; on Logs,
    // the log's import has finished).
    bool isSettled() const;

    ScenarioDocument* document() const { return m_doc; }
    ScenarioDraft* draft() const { return m_draft; }
    SimulationController* controller() const { return m_controller; }
    ScenarioDock* scenarioDock() const { return m_dock; }
    WindowViews& views() const { return *m_views; }
    DockRail& dockRail() const { return *m_rail; }
    WindowFiles& files() const { return *m_files; }
    WindowHelp& help() const { return *m_help; }
    WindowTheme& theme() const { return *m_theme; }

signals:
    // The current run's result is on screen (for --screenshot and tests).
    void settled();
    void runFailed(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void connectDocument();
    void connectViews();
    void startRun();
    void onFinished(std::shared_ptr<const Report> report, qint64 elapsedMs);
    void updateTitle();
    void checkSettled();

    ScenarioDocument* m_doc = nullptr;
    ScenarioDraft* m_draft = nullptr;
    SimulationController* m_controller = nullptr;
    WindowViews* m_views = nullptr;
    ScenarioDock* m_dock = nullptr;
    DockRail* m_rail = nullptr;
    WindowFiles* m_files = nullptr;
    WindowHelp* m_help = nullptr;
    WindowTheme* m_theme = nullptr;
    RunBar* m_bar = nullptr;
    QLabel* m_statusReadout = nullptr;
    QLabel* m_statusRun = nullptr;

    bool m_shown = false;  // the latest finished run is displayed
};

}  // namespace ratelab
