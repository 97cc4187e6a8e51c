#pragma once
// The main window (gui-guide.md 2): a toolbar (Open, Save, scenario name, seed, Run, Cancel, a
// progress bar with phase text), the Scenario dock, the views Compare | Learn | Logs | Cluster
// and a status bar. Runs go through a SimulationController off the GUI thread; the previous
// result stays on screen while a new one runs, and after Cancel.

#include "app/models/document/scenariodraft.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QLabel;
class QProgressBar;
class QSpinBox;
class QTabWidget;
class QToolBar;
class QMenu;

namespace ratelab {

class ChooseDialog;
class TourDialog;
class ClusterView;
class CompareView;
class HelpDialog;
class DockOverlay;
class LearnView;
class LogsView;
class ScenarioDock;
class SimulationController;
struct Report;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class View { Compare, Learn, Logs, Cluster };
    enum class Theme { System, Light, Dark };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a scenario (already loaded and validated) and runs it.
    void openScenario(const Scenario& scenario, const QString& path);
    bool openFile(const QString& path);
    // Imports an access log into the Logs view and shows it (format detected, keyed by client
    // IP, as the sample is; the wizard offers the options).
    void openLog(const QString& path);
    // Writes the scenario to `path` as ratelab-cli reads it; the document is then clean.
    bool save(const QString& path);
    // Writes the last finished run's report as report.json (resources/docs/report.md).
    bool exportReport(const QString& path);
    // Every chart shown (Compare's four, the Cluster view's with a cluster, the Logs view's with
    // a log) as PNG, SVG and CSV into `dir`; the files written, or -1 with a message box.
    int exportAllCharts(const QString& dir);
    // Help > Documentation, opened on `document` (a resources/docs file name without .md).
    HelpDialog* showHelp(const QString& document = QString());
    // Help > Choose an algorithm: the decision tree as a guide; its Open scenario opens here.
    ChooseDialog* showChooseGuide();
    // The tour of the views (Help > Tour of the views), and by itself on the first start only.
    TourDialog* showTour();
    void startTourIfFirstRun();
    void setView(View view);
    View view() const;
    void setTheme(Theme theme);

    ScenarioDocument* document() const { return m_doc; }
    ScenarioDraft* draft() const { return m_draft; }
    SimulationController* controller() const { return m_controller; }
    CompareView* compareView() const { return m_compare; }
    LearnView* learnView() const { return m_learn; }
    LogsView* logsView() const { return m_logs; }
    ClusterView* clusterView() const { return m_cluster; }
    ScenarioDock* scenarioDock() const { return m_dock; }
    // Below this width the scenario dock folds to a 40 px rail (gui-guide.md 2); the rail's button
    // (and F9) then opens the dock's contents as an overlay over the view area.
    static constexpr int kFoldDockBelowPx = 1500;
    static constexpr int kOverlayWidthPx = 320;
    bool isDockFolded() const { return m_dockFolded; }
    DockOverlay* dockOverlay() const { return m_overlay; }
    QTabWidget* viewTabs() const { return m_tabs; }
    QAction* showDockAction() const { return m_showDock; }
    // Opens an embedded example scenario by name and runs it.
    void openExample(const QString& name);
    // True when the latest run has been shown (and, on Learn, its trace is loaded; on Logs,
    // the log's import has finished).
    bool isSettled() const;

    static std::optional<View> parseView(const QString& name);

signals:
    // The current run's result is on screen (for --screenshot and tests).
    void settled();
    void runFailed(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    bool keepUnsavedWork();
    // A file dropped on the window: a .json opens as a scenario, anything else as a log.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void createViews();
    void createDock();
    void connectDocument();
    void connectRun();
    void connectViews();
    // The menus and the toolbar (mainwindowactions.cpp).
    void createActions();
    void createFileMenu();
    void createNewScenarioMenu(QMenu* file);
    void createEditMenu();
    void createRunMenu();
    void createViewMenu();
    void createHelpMenu();
    void createToolBar();
    void startRun();
    void onFinished(quint64 job, std::shared_ptr<const Report> report, qint64 elapsedMs);
    void updateTitle();
    void updateRecentMenu();
    void addRecent(const QString& path);
    // Writes `bytes` to `path` (filewriter.h: a failure leaves the file as it was); on failure
    // says why in a warning titled `title`.
    bool writeFile(const QString& path, const QByteArray& bytes, const QString& title);
    void applyDark();
    void checkSettled();
    void setDockFolded(bool folded);
    QRect overlayArea() const;

    ScenarioDocument* m_doc = nullptr;
    ScenarioDraft* m_draft = nullptr;
    SimulationController* m_controller = nullptr;
    ScenarioDock* m_dock = nullptr;
    QToolBar* m_rail = nullptr;  // the folded dock: one button that opens it
    QAction* m_showDock = nullptr;
    DockOverlay* m_overlay = nullptr;  // the folded dock, opened
    bool m_dockFolded = false;
    QTabWidget* m_tabs = nullptr;
    CompareView* m_compare = nullptr;
    LearnView* m_learn = nullptr;
    LogsView* m_logs = nullptr;
    ClusterView* m_cluster = nullptr;

    QAction* m_open = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_exportReport = nullptr;
    HelpDialog* m_help = nullptr;      // created when first asked for
    ChooseDialog* m_choose = nullptr;  // created when first asked for
    TourDialog* m_tour = nullptr;      // likewise
    QAction* m_run = nullptr;
    QAction* m_cancel = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_name = nullptr;
    QSpinBox* m_seed = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_phase = nullptr;
    QLabel* m_statusReadout = nullptr;
    QLabel* m_statusRun = nullptr;

    Theme m_theme = Theme::System;
    bool m_dark = false;
    bool m_applyingTheme = false;
    bool m_shown = false;  // the latest finished run is displayed
    bool m_learnStale = true;
};

}  // namespace ratelab
