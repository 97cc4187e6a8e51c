#include "app/gui/window/mainwindow.h"

#include "app/gui/dialogs/helpdialog.h"
#include "app/gui/editors/trafficeditor.h"
#include "app/gui/parts/redischeckbar.h"
#include "app/gui/views/cluster/clusterview.h"
#include "app/gui/views/compare/comparebar.h"
#include "app/gui/views/compare/compareview.h"
#include "app/gui/views/learn/learnview.h"
#include "app/gui/views/logs/logsview.h"
#include "app/gui/window/dockrail.h"
#include "app/gui/window/runbar.h"
#include "app/gui/window/scenariodock.h"
#include "app/gui/window/windowfiles.h"
#include "app/gui/window/windowhelp.h"
#include "app/gui/window/windowtheme.h"
#include "app/models/document/scenarioedits.h"
#include "app/models/document/scenariofiles.h"
#include "app/models/jobs/simulationcontroller.h"
#include "app/models/text/formatting.h"

#include <QCloseEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

namespace ratelab {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setMinimumSize(1024, 700);
    m_doc = new ScenarioDocument(this);
    m_draft = new ScenarioDraft(m_doc, this);
    m_controller = new SimulationController(this);
    m_views = new WindowViews(this);
    setCentralWidget(m_views->tabs());
    m_dock = new ScenarioDock(m_doc, m_draft, this);
    m_rail = new DockRail(this, m_dock, m_views->tabs());
    m_files = new WindowFiles(this, m_doc, m_controller, m_views);
    m_help = new WindowHelp(this, [this](int view) { m_views->setView(View(view)); });
    m_bar = new RunBar(m_doc, m_controller, this);
    m_theme = new WindowTheme(this);

    m_statusRun = new QLabel(this);
    m_statusReadout = new QLabel(this);
    statusBar()->addWidget(m_statusReadout, 1);
    statusBar()->addPermanentWidget(m_statusRun);

    createMenus();
    connectDocument();
    connectViews();
    connect(m_theme, &WindowTheme::darkChanged, this, [this](bool dark) {
        m_views->setDark(dark);
        m_dock->setDark(dark);
        m_bar->restyle();  // the style draws the media icons in the palette's text colour
    });
    m_theme->applySaved();
}

// File, Edit, Run, View, Help, and the toolbar.
void MainWindow::createMenus()
{
    m_files->createFileMenu(menuBar()->addMenu(tr("&File")));
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_bar->runAction());
    run->addAction(m_bar->cancelAction());
    run->addSeparator();
    run->addAction(m_views->compare()->bar().redisCheck()->action());  // its outcome: a line in Compare

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_views->addViewActions(view);
    view->addSeparator();
    view->addAction(m_rail->showAction());
    m_theme->createThemeMenu(view->addMenu(tr("&Theme")));
    m_help->createHelpMenu(menuBar()->addMenu(tr("&Help")));

    m_bar->addFileActions(m_files->openAction(), m_files->saveAction());
    addToolBar(m_bar);
}

void MainWindow::connectDocument()
{
    connect(m_doc, &ScenarioDocument::changed, this, [this] {
        updateTitle();
        if (m_dock->paramsValid())
            startRun();
    });
    connect(m_doc->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    const auto updateRunnable = [this] { m_bar->runAction()->setEnabled(m_dock->paramsValid() && m_draft->valid()); };
    connect(m_dock, &ScenarioDock::validityChanged, this, updateRunnable);
    connect(m_draft, &ScenarioDraft::validityChanged, this, updateRunnable);
    connect(m_dock, &ScenarioDock::exampleRequested, this, &MainWindow::openExample);
    connect(m_bar->runAction(), &QAction::triggered, this, &MainWindow::startRun);
    connect(m_files, &WindowFiles::scenarioOpened, this, &MainWindow::openScenario);
    connect(m_files, &WindowFiles::logOpened, this, &MainWindow::openLog);
    connect(m_files, &WindowFiles::exampleRequested, this, &MainWindow::openExample);
    connect(m_files, &WindowFiles::blankRequested, this, [this] { openScenario(scenarioedits::blank(), QString()); });
    connect(m_files, &WindowFiles::saved, this, &MainWindow::updateTitle);
    connect(m_help, &WindowHelp::exampleRequested, this, &MainWindow::openExample);

    connect(
        m_controller, &SimulationController::finished, this,
        [this](quint64, std::shared_ptr<const Report> report, qint64 elapsedMs) { onFinished(std::move(report), elapsedMs); });
    connect(m_controller, &SimulationController::cancelled, this, [this] {
        m_shown = true;
        checkSettled();
    });
    connect(m_bar, &RunBar::failed, this, [this](const QString& message) {
        statusBar()->showMessage(tr("Run failed: %1").arg(message.section(QLatin1Char('\n'), 0, 0)));
        emit runFailed(message);
    });
}

void MainWindow::connectViews()
{
    CompareView* compare = m_views->compare();
    ClusterView* cluster = m_views->cluster();
    connect(compare, &CompareView::readout, this, [this](const QString& text) { m_statusReadout->setText(text); });
    connect(compare, &CompareView::burstSelected, this, [this](const QString& id, const QString& key, qint64 atUs) {
        m_views->learn()->focusOn(id, key, atUs);
        statusBar()->showMessage(tr("Learn view set to %1, key %2 at %3").arg(id, key, fmt::simTime(atUs)), 5000);
    });
    connect(compare, &CompareView::learnRequested, this, [this](const QString& id, const QString& key, qint64 atUs) {
        m_views->learn()->focusOn(id, key, atUs);
        m_views->setView(View::Learn);
    });
    connect(compare, &CompareView::definitionRequested, this, [this](const QString& document, const QString& phrase) {
        HelpDialog* help = m_help->showHelp(document);
        if (!phrase.isEmpty())
            help->showPhrase(document, phrase);
    });
    connect(cluster, &ClusterView::readout, this, [this](const QString& text) { m_statusReadout->setText(text); });
    connect(cluster, &ClusterView::exampleRequested, this, &MainWindow::openExample);
    cluster->setDraft(m_draft);
    connect(cluster, &ClusterView::trafficRequested, this, [this] {
        m_rail->showAction()->setChecked(true);
        m_dock->tabs()->setCurrentWidget(m_dock->trafficEditor());
    });
    connect(m_views->logs(), &LogsView::replayRequested, this, [this](const Scenario& replay) {
        openScenario(replay, QString());
        m_views->setView(View::Compare);
    });
    connect(m_views, &WindowViews::readyChanged, this, &MainWindow::checkSettled);
}

// ~QWidget hides the window and destroys its children after this class's part of the object
// is gone, and the children signal as they go: the dock its visibility as it is hidden, the
// undo stack its clean state as it is cleared. None of this window's handlers may run then
// (UBSan: member access within an object that is no longer a MainWindow), nor those of the
// parts that act for it (the rail would toggle its action as the dock hides), so every
// connection from its parts to it and to them is cut here, while it is whole.
MainWindow::~MainWindow()
{
    const QList<QObject*> receivers{this, m_views, m_rail, m_files, m_help, m_theme};
    for (QObject* part : findChildren<QObject*>())
        for (QObject* receiver : receivers)
            disconnect(part, nullptr, receiver, nullptr);
    disconnect(m_doc->undoStack(), nullptr, this, nullptr);  // a member of the document, not a child
}

void MainWindow::openExample(const QString& name)
{
    // A name that is not shipped opens nothing: the dock and the Cluster view offer shipped ones only.
    const scenariofiles::Loaded loaded = scenariofiles::loadExample(name);
    if (loaded.scenario)
        openScenario(*loaded.scenario, QString());
    else if (loaded.invalid)
        QMessageBox::warning(this, tr("Example"), loaded.problems.join(QLatin1Char('\n')));
}

void MainWindow::openScenario(const Scenario& scenario, const QString& path)
{
    if (!m_files->keepUnsavedWork())
        return;
    m_doc->reset(scenario, path);
    if (!path.isEmpty())
        m_files->addRecent(path);
}

void MainWindow::openLog(const QString& path)
{
    m_views->logs()->importFile(path, ImportOptions{});
    m_views->setView(View::Logs);
}

void MainWindow::updateTitle()
{
    const Scenario& s = m_doc->scenario();
    const QString file = m_doc->path().isEmpty() ? QString::fromStdString(s.name) : QFileInfo(m_doc->path()).fileName();
    m_bar->showDocument(file, m_doc->path());
    setWindowTitle(QStringLiteral("%1%2 — RateLab").arg(file, m_doc->undoStack()->isClean() ? QString() : QStringLiteral(" *")));
}

void MainWindow::startRun()
{
    if (!m_dock->paramsValid() || !m_draft->valid())
        return;
    m_shown = false;
    m_bar->clearFailure();
    m_controller->start(m_doc->runnable());
}

void MainWindow::onFinished(std::shared_ptr<const Report> report, qint64 elapsedMs)
{
    m_views->showRun(report, m_controller->lastScenario());
    m_files->setReportReady(true);
    std::int64_t requests = 0;
    for (const AlgorithmReport& a : report->algorithms)
        requests = std::max(requests, a.requests);
    m_statusRun->setText(tr("run %1, %2, %3")
                             .arg(fmt::duration(elapsedMs * 1000),
                                  fmt::compactCount(report->uniqueRequests ? report->uniqueRequests : requests, "request"),
                                  fmt::count(qint64(report->algorithms.size()), "algorithm")));
    m_bar->showDone(elapsedMs);
    m_shown = true;
    checkSettled();
}

bool MainWindow::isSettled() const
{
    return m_shown && !m_controller->isRunning() && m_views->isReady();
}

void MainWindow::checkSettled()
{
    if (isSettled())
        emit settled();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_files->keepUnsavedWork()) {
        event->ignore();
        return;
    }
    m_controller->cancel();
    event->accept();
}

}  // namespace ratelab
