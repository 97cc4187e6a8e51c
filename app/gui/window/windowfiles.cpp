#include "app/gui/window/windowfiles.h"

#include "app/gui/charts/base/chartfolder.h"
#include "app/gui/charts/cluster/clustertimechart.h"
#include "app/gui/charts/logs/ratedistributionchart.h"
#include "app/gui/charts/logs/tradeoffchart.h"
#include "app/gui/views/cluster/clustercharts.h"
#include "app/gui/views/cluster/clusterview.h"
#include "app/gui/views/compare/comparecharts.h"
#include "app/gui/views/compare/compareview.h"
#include "app/gui/views/logs/advisorcharts.h"
#include "app/gui/views/logs/advisorview.h"
#include "app/gui/views/logs/logsview.h"
#include "app/gui/window/windowviews.h"
#include "app/models/document/filewriter.h"
#include "app/models/document/scenariodocument.h"
#include "app/models/document/scenariofiles.h"
#include "app/models/jobs/simulationcontroller.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>

namespace ratelab {

namespace {
constexpr int kMaxRecent = 8;
}  // namespace

WindowFiles::WindowFiles(QMainWindow* window, ScenarioDocument* document, SimulationController* controller, WindowViews* views)
    : QObject(window), m_window(window), m_doc(document), m_controller(controller), m_views(views)
{
    window->setAcceptDrops(true);  // a scenario or a log dropped on the window opens
    window->installEventFilter(this);
}

void WindowFiles::createFileMenu(QMenu* file)
{
    QStyle* style = m_window->style();
    m_open = file->addAction(style->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(m_window, tr("Open scenario"), QString(), tr("Scenarios (*.json)"));
        if (!path.isEmpty())
            openFile(path);
    });
    m_open->setShortcut(QKeySequence::Open);
    // New scenario: a blank one (one source, one token bucket) or a copy of a shipped one,
    // untitled, so Save asks where to write it.
    QMenu* fresh = file->addMenu(tr("&New scenario"));
    fresh->addAction(tr("&Blank"), this, &WindowFiles::blankRequested)->setShortcut(QKeySequence::New);
    QMenu* examples = fresh->addMenu(tr("From an &example"));
    for (const QString& name : scenariofiles::exampleNames())
        examples->addAction(name, this, [this, name] { emit exampleRequested(name); });
    m_recentMenu = file->addMenu(tr("Open &recent"));
    QAction* importLog = file->addAction(tr("&Import log…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(m_window, tr("Import log"), QString(),
                                                          tr("Access logs (*.log *.txt *.json *.jsonl *.gz);;All files (*)"));
        if (!path.isEmpty())
            emit logOpened(path);
    });
    importLog->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    importLog->setToolTip(tr("Import an access log into the Logs view (or drop it on the window)"));
    m_save = file->addAction(style->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this, [this] {
        if (m_doc->path().isEmpty())
            m_saveAs->trigger();
        else
            save(m_doc->path());
    });
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs = file->addAction(tr("Save &as…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            m_window, tr("Save scenario"), QString::fromStdString(m_doc->scenario().name) + QStringLiteral(".json"),
            tr("Scenarios (*.json)"));
        if (!path.isEmpty())
            save(path);
    });
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_exportReport = file->addAction(tr("&Export report…"), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(m_window, tr("Export report"), QStringLiteral("report.json"), tr("Reports (*.json)"));
        if (!path.isEmpty())
            exportReport(path);
    });
    m_exportReport->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportReport->setToolTip(tr("The whole report of the last run as JSON, as ratelab-cli run --out writes it"));
    m_exportReport->setEnabled(false);
    QAction* exportCharts = file->addAction(tr("Export all &charts…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Export all charts into"));
        if (!dir.isEmpty())
            exportAllCharts(dir);
    });
    exportCharts->setToolTip(tr("Every chart the views show, as PNG, SVG and CSV, into one folder"));
    file->addSeparator();
    file->addAction(tr("&Quit"), m_window, &QWidget::close)->setShortcut(QKeySequence::Quit);
    updateRecentMenu();
}

void WindowFiles::setReportReady(bool ready)
{
    m_exportReport->setEnabled(ready);
}

bool WindowFiles::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_window)
        return QObject::eventFilter(watched, event);
    if (event->type() == QEvent::DragEnter) {
        auto* drag = static_cast<QDragEnterEvent*>(event);
        const QList<QUrl> urls = drag->mimeData()->urls();
        if (urls.size() == 1 && urls.front().isLocalFile())
            drag->acceptProposedAction();
        return true;
    }
    if (event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        const QString path = drop->mimeData()->urls().front().toLocalFile();
        drop->acceptProposedAction();
        if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive) && scenariofiles::loadFile(path).scenario)
            openFile(path);
        else
            emit logOpened(path);
        return true;
    }
    return QObject::eventFilter(watched, event);
}

bool WindowFiles::openFile(const QString& path)
{
    const scenariofiles::Loaded loaded = scenariofiles::loadFile(path);
    if (loaded.scenario) {
        emit scenarioOpened(*loaded.scenario, path);
        return true;
    }
    const QString problems = loaded.problems.join(QLatin1Char('\n'));
    QMessageBox::warning(m_window, tr("Open scenario"),
                         loaded.invalid ? tr("%1 has problems:\n%2").arg(path, problems) : tr("%1: %2").arg(path, problems));
    return false;
}

bool WindowFiles::exportReport(const QString& path)
{
    const auto report = m_controller->lastReport();
    if (!report)
        return false;
    return write(path, scenariofiles::reportJson(*report), tr("Export report"));
}

bool WindowFiles::write(const QString& path, const QByteArray& bytes, const QString& title)
{
    QString error;
    if (writeFile(path, bytes, &error))
        return true;
    QMessageBox::warning(m_window, title, error);
    return false;
}

bool WindowFiles::save(const QString& path)
{
    if (!write(path, scenariofiles::scenarioJson(m_doc->scenario()), tr("Save scenario")))
        return false;
    m_doc->setPath(path);
    m_doc->undoStack()->setClean();
    addRecent(path);
    emit saved();
    return true;
}

int WindowFiles::exportAllCharts(const QString& dir)
{
    QList<QPair<QString, ChartView*>> charts;
    for (ChartView* c : m_views->compare()->charts().shown())
        charts.append({QStringLiteral("compare"), c});
    if (m_views->cluster()->hasCluster())
        for (ChartView* c : m_views->cluster()->charts().all())
            charts.append({QStringLiteral("cluster"), c});
    if (m_views->logs()->result()) {
        charts.append({QStringLiteral("logs"), m_views->logs()->advisor()->charts().distributionChart()});
        charts.append({QStringLiteral("logs"), m_views->logs()->advisor()->charts().tradeoffChart()});
    }
    const ChartFolderResult result = exportChartFolder(charts, dir);
    if (!result.error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Export all charts"), result.error);
        return -1;
    }
    m_window->statusBar()->showMessage(tr("%1 files written into %2").arg(result.written).arg(dir), 5000);
    return result.written;
}

void WindowFiles::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    updateRecentMenu();
}

void WindowFiles::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (int i = 0; i < recent.size(); ++i) {
        QAction* a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(recent[i]).fileName()), this,
                                             [this, path = recent[i]] { openFile(path); });
        a->setToolTip(recent[i]);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

bool WindowFiles::keepUnsavedWork()
{
    if (m_doc->undoStack()->isClean() || !m_window->isVisible()
        || QGuiApplication::platformName().startsWith(QLatin1String("offscreen")))
        return true;
    const auto answer = QMessageBox::question(m_window, tr("Unsaved changes"), tr("Save the scenario before closing it?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        m_save->trigger();
        return m_doc->undoStack()->isClean();
    }
    return true;
}

}  // namespace ratelab
