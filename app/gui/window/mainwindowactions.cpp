// MainWindow's menus and toolbar (what most actions do is in mainwindow.cpp), and Export all
// charts.
#include "app/gui/window/mainwindow.h"

#include "app/gui/charts/base/chartfolder.h"
#include "app/gui/charts/cluster/clustertimechart.h"
#include "app/gui/charts/logs/ratedistributionchart.h"
#include "app/gui/charts/logs/tradeoffchart.h"
#include "app/gui/dialogs/tourdialog.h"
#include "app/gui/parts/redischeckbar.h"
#include "app/gui/views/cluster/clusterview.h"
#include "app/gui/views/compare/compareview.h"
#include "app/gui/views/logs/advisorview.h"
#include "app/gui/views/logs/logsview.h"
#include "app/gui/window/scenariodock.h"
#include "app/models/document/scenarioedits.h"
#include "app/models/document/scenariofiles.h"
#include "app/models/jobs/simulationcontroller.h"

#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>

namespace ratelab {

void MainWindow::createActions()
{
    createFileMenu();
    createEditMenu();
    createRunMenu();
    createViewMenu();
    createHelpMenu();
    createToolBar();
}

void MainWindow::createFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_open = file->addAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(), tr("Scenarios (*.json)"));
        if (!path.isEmpty())
            openFile(path);
    });
    m_open->setShortcut(QKeySequence::Open);
    createNewScenarioMenu(file);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    QAction* importLog = file->addAction(tr("&Import log…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import log"), QString(),
                                                          tr("Access logs (*.log *.txt *.json *.jsonl *.gz);;All files (*)"));
        if (!path.isEmpty())
            openLog(path);
    });
    importLog->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    importLog->setToolTip(tr("Import an access log into the Logs view (or drop it on the window)"));
    m_save = file->addAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this, [this] {
        if (m_doc->path().isEmpty())
            m_saveAs->trigger();
        else
            save(m_doc->path());
    });
    m_save->setShortcut(QKeySequence::Save);
    m_saveAs = file->addAction(tr("Save &as…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save scenario"), QString::fromStdString(m_doc->scenario().name) + QStringLiteral(".json"),
            tr("Scenarios (*.json)"));
        if (!path.isEmpty())
            save(path);
    });
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_exportReport = file->addAction(tr("&Export report…"), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export report"), QStringLiteral("report.json"), tr("Reports (*.json)"));
        if (!path.isEmpty())
            exportReport(path);
    });
    m_exportReport->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportReport->setToolTip(tr("The whole report of the last run as JSON, as ratelab-cli run --out writes it"));
    m_exportReport->setEnabled(false);
    QAction* exportCharts = file->addAction(tr("Export all &charts…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export all charts into"));
        if (!dir.isEmpty())
            exportAllCharts(dir);
    });
    exportCharts->setToolTip(tr("Every chart the views show, as PNG, SVG and CSV, into one folder"));
    file->addSeparator();
    file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);
}

// File > New scenario: a blank one (one source, one token bucket) or a copy of a shipped one,
// untitled, so Save asks where to write it.
void MainWindow::createNewScenarioMenu(QMenu* file)
{
    QMenu* menu = file->addMenu(tr("&New scenario"));
    QAction* blank = menu->addAction(tr("&Blank"), this, [this] { openScenario(scenarioedits::blank(), QString()); });
    blank->setShortcut(QKeySequence::New);
    QMenu* examples = menu->addMenu(tr("From an &example"));
    for (const QString& name : scenariofiles::exampleNames())
        examples->addAction(name, this, [this, name] { openExample(name); });
}

void MainWindow::createEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
}

void MainWindow::createRunMenu()
{
    QMenu* runMenu = menuBar()->addMenu(tr("&Run"));
    m_run = runMenu->addAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run"), this, &MainWindow::startRun);
    m_run->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
    m_run->setToolTip(tr("Run the scenario (F5)"));
    m_cancel = runMenu->addAction(style()->standardIcon(QStyle::SP_MediaStop), tr("&Cancel"), m_controller,
                                  &SimulationController::cancel);
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setToolTip(tr("Cancel the run and keep the previous result (Esc)"));
    m_cancel->setEnabled(false);
    runMenu->addSeparator();
    runMenu->addAction(m_compare->redisCheck()->action());  // its outcome: a line in Compare
}

void MainWindow::createViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    const QStringList names{tr("&Compare"), tr("&Learn"), tr("Lo&gs"), tr("Cl&uster")};
    for (int i = 0; i < names.size(); ++i) {
        QAction* a = view->addAction(names[i], this, [this, i] { m_tabs->setCurrentIndex(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }
    view->addSeparator();
    view->addAction(m_showDock);
    QMenu* themeMenu = view->addMenu(tr("&Theme"));
    auto* group = new QActionGroup(this);
    const QList<QPair<QString, Theme>> themes{
        {tr("&System"), Theme::System}, {tr("&Light"), Theme::Light}, {tr("&Dark"), Theme::Dark}};
    for (const auto& [label, theme] : themes) {
        QAction* a = themeMenu->addAction(label, this, [this, theme = theme] {
            setTheme(theme);
            QSettings().setValue(QStringLiteral("theme"),
                                 theme == Theme::Dark        ? QStringLiteral("dark")
                                     : theme == Theme::Light ? QStringLiteral("light")
                                                             : QStringLiteral("system"));
        });
        a->setCheckable(true);
        a->setChecked(theme == m_theme);
        group->addAction(a);
    }
}

void MainWindow::createHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Documentation"), this, [this] { showHelp(); })->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Choose an algorithm…"), this, [this] { showChooseGuide(); });
    help->addAction(tr("&Tour of the views"), this, [this] { showTour(); });
    help->addAction(tr("&About RateLab"), this, [this] {
        QMessageBox::about(this, tr("About RateLab"),
                           tr("<b>RateLab %1</b><p>A laboratory for API rate limiting: the same traffic through every "
                              "common algorithm, side by side.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

// Open, Save, the scenario name, the seed, Run, Cancel, the progress bar and the phase text.
void MainWindow::createToolBar()
{
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_open);
    bar->addAction(m_save);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" scenario: "), bar));
    m_name = new QLabel(bar);
    QFont bold = m_name->font();
    bold.setBold(true);
    m_name->setFont(bold);
    bar->addWidget(m_name);
    bar->addWidget(new QLabel(tr("   seed "), bar));
    m_seed = new QSpinBox(bar);
    m_seed->setAccessibleName(tr("Seed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setToolTip(tr("The random seed: the same seed gives the same traffic"));
    m_seed->setKeyboardTracking(false);
    bar->addWidget(m_seed);
    connect(m_seed, &QSpinBox::valueChanged, this, [this](int value) {
        ScenarioDocument::State next = m_doc->state();
        next.scenario.seed = quint64(value);
        m_doc->edit(next, tr("Set seed to %1").arg(value), 0x40000000);
    });
    bar->addSeparator();
    bar->addAction(m_run);
    bar->addAction(m_cancel);
    m_progress = new QProgressBar(bar);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setFixedWidth(160);
    m_progress->setVisible(false);
    bar->addWidget(m_progress);
    m_phase = new QLabel(bar);
    m_phase->setMinimumWidth(220);
    m_phase->setContentsMargins(8, 0, 0, 0);
    bar->addWidget(m_phase);
}

int MainWindow::exportAllCharts(const QString& dir)
{
    QList<QPair<QString, ChartView*>> charts;
    for (ChartView* c : m_compare->charts())
        charts.append({QStringLiteral("compare"), c});
    if (m_cluster->hasCluster())
        for (ChartView* c : m_cluster->charts())
            charts.append({QStringLiteral("cluster"), c});
    if (m_logs->result()) {
        charts.append({QStringLiteral("logs"), m_logs->advisor()->distributionChart()});
        charts.append({QStringLiteral("logs"), m_logs->advisor()->tradeoffChart()});
    }
    const ChartFolderResult result = exportChartFolder(charts, dir);
    if (!result.error.isEmpty()) {
        QMessageBox::warning(this, tr("Export all charts"), result.error);
        return -1;
    }
    statusBar()->showMessage(tr("%1 files written into %2").arg(result.written).arg(dir), 5000);
    return result.written;
}

TourDialog* MainWindow::showTour()
{
    if (!m_tour)
        m_tour = new TourDialog([this](int view) { setView(View(view)); }, this);
    m_tour->setStep(0);
    m_tour->show();
    m_tour->raise();
    return m_tour;
}

void MainWindow::startTourIfFirstRun()
{
    if (!TourDialog::seen())
        showTour();
}

}  // namespace ratelab
