#include "app/gui/window/mainwindow.h"
#include "app/gui/window/themestyle.h"

#include "app/gui/dialogs/choosedialog.h"
#include "app/gui/dialogs/helpdialog.h"
#include "app/gui/editors/trafficeditor.h"
#include "app/gui/views/cluster/clusterview.h"
#include "app/gui/views/compare/compareview.h"
#include "app/gui/views/learn/learnview.h"
#include "app/gui/views/logs/logsview.h"
#include "app/gui/window/dockoverlay.h"
#include "app/gui/window/scenariodock.h"
#include "app/models/document/filewriter.h"
#include "app/models/document/scenariofiles.h"
#include "app/models/jobs/chooseguide.h"
#include "app/models/jobs/simulationcontroller.h"
#include "app/models/style/palette.h"
#include "app/models/text/formatting.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QResizeEvent>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>

namespace ratelab {

namespace {
constexpr int kMaxRecent = 8;
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setMinimumSize(1024, 700);
    m_doc = new ScenarioDocument(this);
    m_draft = new ScenarioDraft(m_doc, this);
    m_controller = new SimulationController(this);
    createViews();
    createDock();

    m_statusRun = new QLabel(this);
    m_statusReadout = new QLabel(this);
    statusBar()->addWidget(m_statusReadout, 1);
    statusBar()->addPermanentWidget(m_statusRun);

    setAcceptDrops(true);  // a scenario or a log dropped on the window opens
    createActions();
    connectDocument();
    connectRun();
    connectViews();

    QSettings settings;
    const QString theme = settings.value(QStringLiteral("theme"), QStringLiteral("system")).toString();
    setTheme(theme == QLatin1String("dark") ? Theme::Dark : theme == QLatin1String("light") ? Theme::Light : Theme::System);
    updateRecentMenu();
}

void MainWindow::createViews()
{
    m_tabs = new QTabWidget(this);
    m_tabs->tabBar()->setAccessibleName(tr("Views"));
    m_tabs->setDocumentMode(true);
    m_compare = new CompareView(m_tabs);
    m_learn = new LearnView(m_tabs);
    m_logs = new LogsView(m_tabs);
    m_cluster = new ClusterView(m_tabs);
    m_tabs->addTab(m_compare, tr("Compare"));
    m_tabs->addTab(m_learn, tr("Learn"));
    m_tabs->addTab(m_logs, tr("Logs"));
    m_tabs->addTab(m_cluster, tr("Cluster"));
    setCentralWidget(m_tabs);
}

// The Scenario dock, and the rail and overlay it folds to on a narrow window.
void MainWindow::createDock()
{
    m_dock = new ScenarioDock(m_doc, m_draft, this);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    resizeDocks({m_dock}, {320}, Qt::Horizontal);
    m_rail = new QToolBar(tr("Scenario rail"), this);
    m_rail->setObjectName(QStringLiteral("scenarioRail"));
    m_rail->setMovable(false);
    m_rail->setFloatable(false);
    m_rail->setFixedWidth(40);
    m_rail->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_overlay = new DockOverlay(m_dock, this);
    // The dock is not closable (its own toggle action is then disabled): this one shows it,
    // docked, or folded as an overlay.
    m_showDock = new QAction(style()->standardIcon(QStyle::SP_FileDialogDetailedView), tr("&Scenario Panel"), this);
    m_showDock->setCheckable(true);
    m_showDock->setChecked(true);
    m_showDock->setShortcut(QKeySequence(Qt::Key_F9));
    m_showDock->setToolTip(tr("Show or hide the scenario panel (F9)"));
    connect(m_showDock, &QAction::toggled, this, [this](bool on) {
        if (!m_dockFolded)
            m_dock->setVisible(on);
        else if (on)
            m_overlay->open(overlayArea());
        else
            m_overlay->close();
    });
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this] {
        if (!m_dockFolded)
            m_showDock->setChecked(m_dock->isVisible());
    });
    connect(m_overlay, &DockOverlay::closed, this, [this] { m_showDock->setChecked(false); });
    m_rail->addAction(m_showDock);
    addToolBar(Qt::LeftToolBarArea, m_rail);
    m_overlay->setIgnoredForClicks(m_rail);
    m_rail->hide();
}

void MainWindow::connectDocument()
{
    connect(m_doc, &ScenarioDocument::changed, this, [this] {
        updateTitle();
        const QSignalBlocker block(m_seed);
        m_seed->setValue(int(std::min<quint64>(m_doc->scenario().seed, quint64(std::numeric_limits<int>::max()))));
        if (m_dock->paramsValid())
            startRun();
    });
    connect(m_doc->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    const auto updateRunnable = [this] { m_run->setEnabled(m_dock->paramsValid() && m_draft->valid()); };
    connect(m_dock, &ScenarioDock::validityChanged, this, updateRunnable);
    connect(m_draft, &ScenarioDraft::validityChanged, this, updateRunnable);
    connect(m_dock, &ScenarioDock::exampleRequested, this, &MainWindow::openExample);
    connect(m_cluster, &ClusterView::exampleRequested, this, &MainWindow::openExample);
    m_cluster->setDraft(m_draft);
    connect(m_cluster, &ClusterView::trafficRequested, this, [this] {
        m_showDock->setChecked(true);
        m_dock->tabs()->setCurrentWidget(m_dock->trafficEditor());
    });
}

void MainWindow::connectRun()
{
    connect(m_controller, &SimulationController::progress, this, [this](quint64, int permille, const QString& phase) {
        m_progress->setValue(permille);
        m_phase->setText(QStringLiteral("%1% %2").arg(permille / 10).arg(phase));
    });
    connect(m_controller, &SimulationController::runningChanged, this, [this](bool running) {
        m_cancel->setEnabled(running);
        m_progress->setVisible(running);
        if (running) {
            m_progress->setValue(0);
            m_phase->setText(tr("starting"));
        }
    });
    connect(m_controller, &SimulationController::finished, this, &MainWindow::onFinished);
    connect(m_controller, &SimulationController::cancelled, this, [this] {
        m_phase->setText(tr("cancelled: showing the previous result"));
        m_shown = true;
        checkSettled();
    });
    connect(m_controller, &SimulationController::failed, this, [this](quint64, const QString& message) {
        m_phase->setText(tr("run failed"));
        m_phase->setToolTip(message);
        statusBar()->showMessage(tr("Run failed: %1").arg(message.section(QLatin1Char('\n'), 0, 0)));
        emit runFailed(message);
    });
}

void MainWindow::connectViews()
{
    connect(m_compare, &CompareView::readout, this, [this](const QString& text) { m_statusReadout->setText(text); });
    connect(m_compare, &CompareView::burstSelected, this, [this](const QString& id, const QString& key, qint64 atUs) {
        m_learn->focusOn(id, key, atUs);
        statusBar()->showMessage(tr("Learn view set to %1, key %2 at %3").arg(id, key, fmt::simTime(atUs)), 5000);
    });
    connect(m_compare, &CompareView::learnRequested, this, [this](const QString& id, const QString& key, qint64 atUs) {
        m_learn->focusOn(id, key, atUs);
        setView(View::Learn);
    });
    connect(m_cluster, &ClusterView::readout, this, [this](const QString& text) { m_statusReadout->setText(text); });
    connect(m_compare, &CompareView::ready, this, &MainWindow::checkSettled);
    connect(m_compare, &CompareView::definitionRequested, this, [this](const QString& document, const QString& phrase) {
        HelpDialog* help = showHelp(document);
        if (!phrase.isEmpty())
            help->showPhrase(document, phrase);
    });
    connect(m_learn, &LearnView::ready, this, &MainWindow::checkSettled);
    connect(m_logs, &LogsView::ready, this, &MainWindow::checkSettled);
    connect(m_logs, &LogsView::replayRequested, this, [this](const Scenario& replay) {
        openScenario(replay, QString());
        setView(View::Compare);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_learn && m_learnStale && m_controller->lastScenario()) {
            m_learnStale = false;
            m_learn->setScenario(m_controller->lastScenario());
        }
        if (m_tabs->currentWidget() == m_logs)
            m_logs->ensureLogLoaded();
        checkSettled();
    });
}

// ~QWidget hides the window and destroys its children after this class's part of the object
// is gone, and the children signal as they go: the dock its visibility as it is hidden, the
// undo stack its clean state as it is cleared. None of this window's handlers may run then
// (UBSan: member access within an object that is no longer a MainWindow), so every
// connection from its parts to it is cut here, while it is whole.
MainWindow::~MainWindow()
{
    for (QObject* part : findChildren<QObject*>())
        disconnect(part, nullptr, this, nullptr);
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

std::optional<MainWindow::View> MainWindow::parseView(const QString& name)
{
    if (name == QLatin1String("compare"))
        return View::Compare;
    if (name == QLatin1String("learn"))
        return View::Learn;
    if (name == QLatin1String("logs"))
        return View::Logs;
    if (name == QLatin1String("cluster"))
        return View::Cluster;
    return std::nullopt;
}

void MainWindow::openScenario(const Scenario& scenario, const QString& path)
{
    if (!keepUnsavedWork())
        return;
    m_doc->reset(scenario, path);
    if (!path.isEmpty())
        addRecent(path);
}

void MainWindow::openLog(const QString& path)
{
    m_logs->importFile(path, ImportOptions{});
    setView(View::Logs);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = event->mimeData()->urls().front().toLocalFile();
    event->acceptProposedAction();
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive) && scenariofiles::loadFile(path).scenario)
        openFile(path);
    else
        openLog(path);
}

bool MainWindow::openFile(const QString& path)
{
    const scenariofiles::Loaded loaded = scenariofiles::loadFile(path);
    if (loaded.scenario) {
        openScenario(*loaded.scenario, path);
        return true;
    }
    const QString problems = loaded.problems.join(QLatin1Char('\n'));
    QMessageBox::warning(this, tr("Open scenario"),
                         loaded.invalid ? tr("%1 has problems:\n%2").arg(path, problems) : tr("%1: %2").arg(path, problems));
    return false;
}

HelpDialog* MainWindow::showHelp(const QString& document)
{
    if (!m_help)
        m_help = new HelpDialog(this);
    if (!document.isEmpty())
        m_help->showDocument(document);
    m_help->show();
    m_help->raise();
    return m_help;
}

ChooseDialog* MainWindow::showChooseGuide()
{
    if (!m_choose) {
        m_choose = new ChooseDialog(new ChooseGuide, this);
        connect(m_choose, &ChooseDialog::openScenario, this, &MainWindow::openExample);
    }
    m_choose->show();
    m_choose->raise();
    return m_choose;
}

bool MainWindow::exportReport(const QString& path)
{
    const auto report = m_controller->lastReport();
    if (!report)
        return false;
    return writeFile(path, scenariofiles::reportJson(*report), tr("Export report"));
}

bool MainWindow::writeFile(const QString& path, const QByteArray& bytes, const QString& title)
{
    QString error;
    if (ratelab::writeFile(path, bytes, &error))
        return true;
    QMessageBox::warning(this, title, error);
    return false;
}

bool MainWindow::save(const QString& path)
{
    if (!writeFile(path, scenariofiles::scenarioJson(m_doc->scenario()), tr("Save scenario")))
        return false;
    m_doc->setPath(path);
    m_doc->undoStack()->setClean();
    addRecent(path);
    updateTitle();
    return true;
}

void MainWindow::addRecent(const QString& path)
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

void MainWindow::updateRecentMenu()
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

void MainWindow::updateTitle()
{
    const Scenario& s = m_doc->scenario();
    const QString file = m_doc->path().isEmpty() ? QString::fromStdString(s.name) : QFileInfo(m_doc->path()).fileName();
    m_name->setText(file);
    m_name->setToolTip(m_doc->path());
    setWindowTitle(QStringLiteral("%1%2 — RateLab").arg(file, m_doc->undoStack()->isClean() ? QString() : QStringLiteral(" *")));
}

void MainWindow::startRun()
{
    if (!m_dock->paramsValid() || !m_draft->valid())
        return;
    m_shown = false;
    m_phase->setToolTip(QString());
    m_controller->start(m_doc->runnable());
}

void MainWindow::onFinished(quint64, std::shared_ptr<const Report> report, qint64 elapsedMs)
{
    const auto scenario = m_controller->lastScenario();
    m_compare->setReport(report, scenario, QString::fromStdString(report->scenario.name), report->scenario.seed);
    m_cluster->setRun(report, scenario);
    m_exportReport->setEnabled(true);
    std::int64_t requests = 0;
    for (const AlgorithmReport& a : report->algorithms)
        requests = std::max(requests, a.requests);
    m_statusRun->setText(tr("run %1, %2, %3")
                             .arg(fmt::duration(elapsedMs * 1000),
                                  fmt::compactCount(report->uniqueRequests ? report->uniqueRequests : requests, "request"),
                                  fmt::count(qint64(report->algorithms.size()), "algorithm")));
    m_phase->setText(tr("done in %1").arg(fmt::duration(elapsedMs * 1000)));
    // The Learn view traces on demand: now if it is showing, else when it is next opened.
    m_learnStale = true;
    if (m_tabs->currentWidget() == m_learn) {
        m_learnStale = false;
        m_learn->setScenario(scenario);
    }
    m_shown = true;
    checkSettled();
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    setDockFolded(width() < kFoldDockBelowPx);
    if (m_overlay->isOpen())
        m_overlay->setArea(overlayArea());
}

// The left of the view area beside the rail, below the view tabs (which stay in reach).
QRect MainWindow::overlayArea() const
{
    const QRect view = centralWidget()->geometry();
    const int tabs = m_tabs->tabBar()->height();
    return {view.left(), view.top() + tabs, std::min(kOverlayWidthPx, view.width()), view.height() - tabs};
}

// Only on crossing the threshold, so that a dock the user opened or closed stays so.
void MainWindow::setDockFolded(bool folded)
{
    if (folded == m_dockFolded)
        return;
    m_dockFolded = folded;
    m_rail->setVisible(folded);
    const QSignalBlocker block(m_showDock);  // the state is set here, not toggled by the user
    if (!folded)
        m_overlay->close();
    m_dock->setVisible(!folded);
    m_showDock->setChecked(!folded);
}

bool MainWindow::isSettled() const
{
    if (!m_shown || m_controller->isRunning() || !m_compare->isReady())
        return false;
    if (m_tabs->currentWidget() == m_learn)
        return !m_learnStale && m_learn->isReady();
    if (m_tabs->currentWidget() == m_logs)
        return m_logs->isReady();
    return true;
}

void MainWindow::checkSettled()
{
    if (isSettled())
        emit settled();
}

void MainWindow::setView(View view)
{
    m_tabs->setCurrentIndex(int(view));
}

MainWindow::View MainWindow::view() const
{
    return View(m_tabs->currentIndex());
}

void MainWindow::setTheme(Theme theme)
{
    m_theme = theme;
    m_applyingTheme = true;
    if (theme == Theme::System) {
        QApplication::setPalette(QApplication::style()->standardPalette());
    } else {
        QApplication::setStyle(new ThemeStyle);
        QApplication::setPalette(palette::themePalette(theme == Theme::Dark));
    }
    m_applyingTheme = false;
    applyDark();
}

void MainWindow::applyDark()
{
    m_dark = palette::isDark(QApplication::palette());
    m_compare->setDark(m_dark);
    m_learn->setDark(m_dark);
    m_logs->setDark(m_dark);
    m_cluster->setDark(m_dark);
    m_dock->setDark(m_dark);
    // The style draws the media icons in the palette's text colour: fetched again for this one.
    m_run->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_cancel->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange && !m_applyingTheme && m_dark != palette::isDark(QApplication::palette()))
        applyDark();
    QMainWindow::changeEvent(event);
}

// Before the document is closed or replaced: an edited scenario is saved or discarded as the
// user says; false when they cancel (or the save failed), and the document stays.
bool MainWindow::keepUnsavedWork()
{
    if (m_doc->undoStack()->isClean() || !isVisible() || QGuiApplication::platformName().startsWith(QLatin1String("offscreen")))
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"), tr("Save the scenario before closing it?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        m_save->trigger();
        return m_doc->undoStack()->isClean();
    }
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!keepUnsavedWork()) {
        event->ignore();
        return;
    }
    m_controller->cancel();
    event->accept();
}

}  // namespace ratelab
