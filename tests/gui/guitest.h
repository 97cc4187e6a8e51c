#pragma once
// What the GUI suites share (tests/gui/tst_*.cpp): the app's headers, and helpers that wait
// for a run, find actions, catch message boxes and read files.
#include "app/gui/canvases/faultstimeline.h"
#include "app/gui/canvases/topologypanel.h"
#include "app/gui/charts/base/chartgrid.h"
#include "app/gui/charts/base/legendstrip.h"
#include "app/gui/charts/cluster/globalallowedchart.h"
#include "app/gui/charts/cluster/instanceallowedchart.h"
#include "app/gui/charts/cluster/outagedecisionschart.h"
#include "app/gui/charts/cluster/overshootchart.h"
#include "app/gui/charts/compare/allowedchart.h"
#include "app/gui/charts/compare/backendchart.h"
#include "app/gui/charts/compare/burstchart.h"
#include "app/gui/charts/compare/delaychart.h"
#include "app/gui/charts/compare/statechart.h"
#include "app/gui/charts/logs/ratedistributionchart.h"
#include "app/gui/charts/logs/tradeoffchart.h"
#include "app/gui/dialogs/exportdialog.h"
#include "app/gui/dialogs/helpdialog.h"
#include "app/gui/editors/algorithmlisteditor.h"
#include "app/gui/editors/algorithmparamseditor.h"
#include "app/gui/import/importfilepage.h"
#include "app/gui/import/importkeypage.h"
#include "app/gui/import/importrunpage.h"
#include "app/gui/import/importwizard.h"
#include "app/gui/parts/clusteremptystate.h"
#include "app/gui/parts/recommendationactions.h"
#include "app/gui/parts/recommendationcard.h"
#include "app/gui/parts/recommendationtarget.h"
#include "app/gui/parts/topologysummary.h"
#include "app/gui/views/cluster/clusterview.h"
#include "app/gui/views/compare/comparebar.h"
#include "app/gui/views/compare/comparecharts.h"
#include "app/gui/views/compare/comparetables.h"
#include "app/gui/views/compare/compareview.h"
#include "app/gui/views/learn/learncursor.h"
#include "app/gui/views/learn/learnpickers.h"
#include "app/gui/views/learn/learnseeker.h"
#include "app/gui/views/learn/learntexts.h"
#include "app/gui/views/learn/learnview.h"
#include "app/gui/views/logs/advisorcharts.h"
#include "app/gui/views/logs/advisordetails.h"
#include "app/gui/views/logs/advisorexports.h"
#include "app/gui/views/logs/advisorview.h"
#include "app/gui/views/logs/logsview.h"
#include "app/gui/window/dockoverlay.h"
#include "app/gui/window/dockrail.h"
#include "app/gui/window/mainwindow.h"
#include "app/gui/window/scenariodock.h"
#include "app/gui/window/windowfiles.h"
#include "app/gui/window/windowhelp.h"
#include "app/gui/window/windowtheme.h"
#include "app/models/jobs/logimportcontroller.h"
#include "app/models/jobs/simulationcontroller.h"
#include "app/models/tables/recommendationmodel.h"
#include "app/models/tables/reportmodel.h"
#include "app/models/tables/topkeysmodel.h"
#include "app/models/text/formatting.h"
#include "engine/advisor/advisor.h"
#include "engine/advisor/knee.h"
#include "engine/engine.h"
#include "engine/limitconfig/limitexport.h"
#include "engine/logs/reading/logimporter.h"
#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"
#include "tests/models/filesizelimit.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHeaderView>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <sstream>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>

using namespace ratelab;

inline constexpr int kRunTimeoutMs = 120'000;

// Starts a suite: its settings (recent files, theme) kept under RateLabTest/<its executable>,
// so suites running in parallel never share them. True when the embedded scenarios are there.
inline bool startSuite()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RateLabTest"));
    QCoreApplication::setApplicationName(QFileInfo(QCoreApplication::applicationFilePath()).completeBaseName());
    return !embeddedScenarios().empty();
}

inline bool waitSettled(MainWindow& w)
{
    if (w.isSettled() && w.controller()->lastReport())
        return true;
    QSignalSpy spy(&w, &MainWindow::settled);
    return spy.wait(kRunTimeoutMs);
}

// The set-up most suites start with: the window as the screenshots show it (1600 x 1000), on
// `view` when one is given, the scenario opened and run. False when the run did not settle.
template <typename Open>
bool showAndRun(MainWindow& w, std::optional<MainWindow::View> view, Open&& open)
{
    w.resize(1600, 1000);
    w.show();
    if (view)
        w.views().setView(*view);
    open();
    return waitSettled(w);
}
inline bool showExample(MainWindow& w, const QString& name, std::optional<MainWindow::View> view = {})
{
    return showAndRun(w, view, [&] { w.openExample(name); });
}
inline bool showScenario(MainWindow& w, const Scenario& scenario, std::optional<MainWindow::View> view = {})
{
    return showAndRun(w, view, [&] { w.openScenario(scenario, QString()); });
}

// The bundled sample imported by the engine directly, as the advisor takes it.
inline RequestSet sampleRequests()
{
    QFile f(LogsView::samplePath());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    std::istringstream in(f.readAll().toStdString());
    RequestSet set;
    set.importSummary = importLog(in, ImportOptions{}, set.keys, [&set](const ImportedRequest& r) {
        set.requests.push_back({r.t, r.key, 1});
    });
    return set;
}

// "capacity 720, refill 720/m": the searched parameter, then the rest by name.
inline QString expectedParams(const Recommendation& rec)
{
    QStringList parts{QString::fromStdString(rec.parameter + " " + rec.params.at(rec.parameter))};
    for (const auto& [k, v] : rec.params)
        if (k != rec.parameter)
            parts << QString::fromStdString(k + " " + v);
    return parts.join(QStringLiteral(", "));
}

// Waits for the advisor's next result after a target change, which must wait for the debounce.
inline std::shared_ptr<const AdvisorResult> nextAdvice(AdvisorView* a)
{
    QSignalSpy finished(a->controller(), &AdvisorController::finished);
    if (!finished.wait(60'000))
        return nullptr;
    return a->result();
}

inline QPoint targetPixel(TradeoffChart* chart, int index)
{
    const QPointF scene =
        chart->chart()->mapToPosition(QPointF(std::log10(fmt::rateIn(chart->grid().limitAt(index), chart->grid().unit())), 0),
                                      chart->chart()->series().front());
    return chart->mapFromScene(QPointF(scene.x(), chart->chart()->plotArea().center().y()));
}

// Shows the window at 1600 x 1000 on the Logs view and waits until the sample's import and
// the advisor have finished.
inline bool showLogsView(MainWindow& w, int timeoutMs)
{
    w.resize(1600, 1000);
    w.show();
    QSignalSpy ready(w.views().logs(), &LogsView::ready);
    w.views().setView(MainWindow::View::Logs);
    return ready.wait(timeoutMs) && w.views().logs()->isReady();
}

inline QAction* findAction(QWidget* w, const QString& text)
{
    for (QAction* a : w->findChildren<QAction*>())
        if (!a->menu() && a->text().remove(QLatin1Char('&')) == text)
            return a;
    return nullptr;
}

// Runs `action`, which is to open a modal message box, and closes the box: its title and
// text, or "" when none opened.
inline QString messageBoxOf(const std::function<void()>& action)
{
    QString shown;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            shown = box->windowTitle() + QLatin1Char('\n') + box->text();
            box->done(QMessageBox::Ok);
        }
    });
    poll.start();
    action();
    return shown;
}

inline QByteArray contentOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

inline QString osReason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}
