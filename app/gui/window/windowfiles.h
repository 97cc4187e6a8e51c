#pragma once
// The main window's files: the File menu (new, open, recent, import a log, save, save as,
// export the report and every chart, quit), what each writes (filewriter.h: a failed write
// leaves the file as it was and says why), the recent files, an edited scenario kept or
// discarded before another replaces it, and a file dropped on the window (a scenario opens,
// anything else is imported as a log).

#include <QObject>

class QAction;
class QMainWindow;
class QMenu;

namespace ratelab {

class ScenarioDocument;
class SimulationController;
class WindowViews;
struct Scenario;

class WindowFiles : public QObject {
    Q_OBJECT
public:
    WindowFiles(QMainWindow* window, ScenarioDocument* document, SimulationController* controller, WindowViews* views);

    void createFileMenu(QMenu* file);
    QAction* openAction() const { return m_open; }
    QAction* saveAction() const { return m_save; }
    void setReportReady(bool ready);  // Export report needs a finished run

    bool openFile(const QString& path);  // a scenario file, with its problems said when it has any
    void addRecent(const QString& path);
    // Writes the scenario to `path` as ratelab-cli reads it; the document is then clean.
    bool save(const QString& path);
    // Writes the last finished run's report as report.json (resources/docs/report.md).
    bool exportReport(const QString& path);
    // Every chart shown (Compare's four, the Cluster view's with a cluster, the Logs view's with
    // a log) as PNG, SVG and CSV into `dir`; the files written, or -1 with a message box.
    int exportAllCharts(const QString& dir);
    // Before the document is closed or replaced: an edited scenario is saved or discarded as
    // the user says; false when they cancel (or the save failed), and the document stays.
    bool keepUnsavedWork();

signals:
    void scenarioOpened(const Scenario& scenario, const QString& path);  // from a file
    void logOpened(const QString& path);
    void exampleRequested(const QString& name);
    void blankRequested();
    void saved();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // files dropped on the window

private:
    void updateRecentMenu();
    bool write(const QString& path, const QByteArray& bytes, const QString& title);

    QMainWindow* m_window;
    ScenarioDocument* m_doc;
    SimulationController* m_controller;
    WindowViews* m_views;
    QAction* m_open = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_exportReport = nullptr;
    QMenu* m_recentMenu = nullptr;
};

}  // namespace ratelab
