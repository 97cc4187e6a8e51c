// The desktop app under the offscreen platform: every shipped scenario runs and the views hold
// what the engine reported; downsampling caps the plotted points; a parameter edit re-runs
// and changes the chart; invalid input disables Run; the screenshot mode writes a 1600x1000 PNG;
// a save or export that cannot be written says why and leaves the old file and the unsaved
// document as they were; destroying the window runs none of its handlers.
#include "app/gui/advisorview.h"
#include "app/gui/allowedchart.h"
#include "app/gui/burstchart.h"
#include "app/gui/chartgrid.h"
#include "app/gui/clusteremptystate.h"
#include "app/gui/clusterview.h"
#include "app/gui/faultstimeline.h"
#include "app/gui/globalallowedchart.h"
#include "app/gui/helpdialog.h"
#include "app/gui/importfilepage.h"
#include "app/gui/importkeypage.h"
#include "app/gui/importrunpage.h"
#include "app/gui/importwizard.h"
#include "app/gui/instanceallowedchart.h"
#include "app/gui/logsview.h"
#include "app/gui/outagedecisionschart.h"
#include "app/gui/overshootchart.h"
#include "app/gui/ratedistributionchart.h"
#include "app/gui/recommendationcard.h"
#include "app/gui/compareview.h"
#include "app/gui/delaychart.h"
#include "app/gui/dockoverlay.h"
#include "app/gui/exportdialog.h"
#include "app/gui/learnview.h"
#include "app/gui/legendstrip.h"
#include "app/gui/mainwindow.h"
#include "app/gui/scenariodock.h"
#include "app/gui/statechart.h"
#include "app/gui/topologypanel.h"
#include "app/gui/topologysummary.h"
#include "app/gui/tradeoffchart.h"
#include "app/models/reportmodel.h"
#include "app/models/simulationcontroller.h"
#include "app/models/logimportcontroller.h"
#include "app/models/formatting.h"
#include "app/models/recommendationmodel.h"
#include "app/models/topkeysmodel.h"
#include "engine/advisor/advisor.h"
#include "engine/advisor/knee.h"
#include "engine/engine.h"
#include "engine/limitconfig/limitexport.h"
#include "engine/logs/reading/logimporter.h"
#include "engine/reportio.h"
#include "engine/scenario/scenarioio.h"
#include "tests/models/filesizelimit.h"

#include <QAction>
#include <QButtonGroup>
#include <QAbstractButton>
#include <QDoubleSpinBox>
#include <QTabBar>
#include <QHeaderView>
#include <QTableView>
#include <QToolButton>
#include <QComboBox>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QPushButton>
#include <QTableWidget>
#include <sstream>
#include <QMenu>
#include <QApplication>
#include <QImage>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>

using namespace ratelab;

namespace {

constexpr int kRunTimeoutMs = 120'000;

bool waitSettled(MainWindow& w)
{
    if (w.isSettled() && w.controller()->lastReport())
        return true;
    QSignalSpy spy(&w, &MainWindow::settled);
    return spy.wait(kRunTimeoutMs);
}

// The bundled sample imported by the engine directly, as the advisor takes it.
RequestSet sampleRequests()
{
    QFile f(LogsView::samplePath());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    std::istringstream in(f.readAll().toStdString());
    RequestSet set;
    set.importSummary = importLog(in, ImportOptions{}, set.keys,
                                  [&set](const ImportedRequest& r) { set.requests.push_back({r.t, r.key, 1}); });
    return set;
}

// "capacity 720, refill 720/m": the searched parameter, then the rest by name.
QString expectedParams(const Recommendation& rec)
{
    QStringList parts{QString::fromStdString(rec.parameter + " " + rec.params.at(rec.parameter))};
    for (const auto& [k, v] : rec.params)
        if (k != rec.parameter)
            parts << QString::fromStdString(k + " " + v);
    return parts.join(QStringLiteral(", "));
}

// Waits for the advisor's next result after a target change, which must wait for the debounce.
std::shared_ptr<const AdvisorResult> nextAdvice(AdvisorView* a)
{
    QSignalSpy finished(a->controller(), &AdvisorController::finished);
    if (!finished.wait(60'000))
        return nullptr;
    return a->result();
}

QPoint targetPixel(TradeoffChart* chart, int index)
{
    const QPointF scene = chart->chart()->mapToPosition(QPointF(std::log10(chart->limitAt(index)), 0),
                                                        chart->chart()->series().front());
    return chart->mapFromScene(QPointF(scene.x(), chart->chart()->plotArea().center().y()));
}

// Shows the window at 1600 x 1000 on the Logs view and waits until the sample's import and
// the advisor have finished.
bool showLogsView(MainWindow& w, int timeoutMs)
{
    w.resize(1600, 1000);
    w.show();
    QSignalSpy ready(w.logsView(), &LogsView::ready);
    w.setView(MainWindow::View::Logs);
    return ready.wait(timeoutMs) && w.logsView()->isReady();
}

QAction* findAction(QWidget* w, const QString& text)
{
    for (QAction* a : w->findChildren<QAction*>())
        if (!a->menu() && a->text().remove(QLatin1Char('&')) == text)
            return a;
    return nullptr;
}

// Runs `action`, which is to open a modal message box, and closes the box: its title and
// text, or "" when none opened.
QString messageBoxOf(const std::function<void()>& action)
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

QByteArray contentOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

QString osReason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

class TestGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RateLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui"));
        QVERIFY(!embeddedScenarios().empty());
    }

    void helpShowsTheDocs()
    {
        // Help > Documentation lists every Markdown file of resources/docs, the app's guide first,
        // and renders the one asked for.
        const QStringList files = QDir(QStringLiteral(RATELAB_SOURCE_DIR "/resources/docs"))
                                      .entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
        QVERIFY(files.contains(QStringLiteral("report.md")));
        MainWindow w;
        HelpDialog* help = w.showHelp(QStringLiteral("report"));
        QVERIFY(help->isVisible());
        QCOMPARE(help->documents().size(), files.size());
        QCOMPARE(help->documents().front(), QStringLiteral("app"));
        QVERIFY(help->shownText().contains(QStringLiteral("peak_state_bytes")));
        QVERIFY(!help->showDocument(QStringLiteral("no-such-document")));
    }

    void embeddedScenario_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& [name, json] : embeddedScenarios())
            QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
    void embeddedScenario()
    {
        QFETCH(QString, name);
        std::string json;
        for (const auto& [n, j] : embeddedScenarios())
            if (QString::fromStdString(n) == name)
                json = j;
        const Scenario scenario = loadScenario(json, name.toStdString());

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(scenario, QString());
        QVERIFY(waitSettled(w));
        const auto shown = w.controller()->lastReport();
        QVERIFY(shown);

        // The table holds exactly what the engine reports for the same scenario.
        RunControl control;
        const Report expected = runScenario(scenario, control);
        ReportModel* model = w.compareView()->reportModel();

        // File > Export report writes, byte for byte, the report.json of the same run outside the app.
        const QString exported = QDir(QDir::tempPath()).filePath("ratelab-tst-gui-report.json");
        QVERIFY(w.exportReport(exported));
        QFile file(exported);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(), reportJson(expected));
        file.remove();

        QCOMPARE(model->rowCount(), int(expected.algorithms.size()));
        for (int row = 0; row < model->rowCount(); ++row) {
            const AlgorithmReport& a = expected.algorithms[std::size_t(row)];
            for (int column = 0; column < ReportModel::ColumnCount; ++column) {
                const QVariant cell = model->index(row, column).data(ReportModel::SortRole);
                QCOMPARE(cell, ReportModel::rawValue(a, column));
            }
            QCOMPARE(model->index(row, ReportModel::Requests).data().toString(), QLocale().toString(qint64(a.requests)));
        }

        // Chart A: one series per algorithm, downsampled within 2 x plot columns.
        w.compareView()->allowedChart()->refreshNow();
        const int cap = 2 * w.compareView()->allowedChart()->plotColumns();
        const auto series = w.compareView()->allowedChart()->algorithmSeries();
        QCOMPARE(series.size(), qsizetype(expected.algorithms.size()));
        for (QLineSeries* s : series) {
            QVERIFY(s->count() > 0 || expected.algorithms.front().allowedSeries.empty());
            QVERIFY2(s->count() <= cap, qPrintable(QStringLiteral("%1 > %2").arg(s->count()).arg(cap)));
        }
        // B and C: a bar per algorithm; D: a curve per shaper, or the empty state.
        QCOMPARE(w.compareView()->burstChart()->bars().size(), qsizetype(expected.algorithms.size()));
        QCOMPARE(w.compareView()->stateChart()->bars().size(), qsizetype(expected.algorithms.size()));
        qsizetype shapers = 0;
        for (const AlgorithmReport& a : expected.algorithms)
            shapers += a.delay ? 1 : 0;
        QCOMPARE(w.compareView()->delayChart()->lines().size(), shapers);
        QCOMPARE(w.compareView()->delayChart()->isEmptyState(), shapers == 0);
        for (int i = 0; i < int(expected.algorithms.size()); ++i)
            QCOMPARE(w.compareView()->burstChart()->bars()[i].value, expected.algorithms[std::size_t(i)].peakBurst.ratio);

        // The Learn view traces the busiest key through the first algorithm.
        QSignalSpy learnReady(w.learnView(), &LearnView::ready);
        w.setView(MainWindow::View::Learn);
        QVERIFY(w.learnView()->isReady() || learnReady.wait(kRunTimeoutMs));
        if (!expected.algorithms.empty() && expected.uniqueRequests > 0) {
            QVERIFY(w.learnView()->stepCount() > 0);
            QVERIFY(!w.learnView()->sentenceA().isEmpty());
            QVERIFY(w.learnView()->headersA().startsWith(QStringLiteral("HTTP/1.1 ")));
            // Both common X-RateLimit-Reset styles: seconds from now in the header, Unix time below.
            QVERIFY2(QRegularExpression(QStringLiteral("\\nX-RateLimit-Reset: \\d+\\n.*\\n\\(X-RateLimit-Reset as Unix "
                                                       "time, as GitHub and X send it: \\d+\\)"),
                                        QRegularExpression::DotMatchesEverythingOption)
                         .match(w.learnView()->headersA())
                         .hasMatch(),
                     qPrintable(w.learnView()->headersA()));
        }
    }

    void editingAParameterReRuns()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        const auto before = w.controller()->lastReport();
        const QList<QPointF> pointsBefore = w.compareView()->allowedChart()->algorithmSeries().front()->points();

        ScenarioDock* dock = w.scenarioDock();
        dock->selectAlgorithm(0);
        const Scenario& s = w.document()->scenario();
        const AlgorithmInfo* info = findAlgorithm(s.algorithms.front().algorithm);
        QVERIFY(info);
        // The first integer parameter (capacity, burst, limit) made much smaller.
        QString param;
        for (const ParamSpec& p : info->params)
            if (p.kind == ParamKind::Integer) {
                param = QString::fromStdString(p.name);
                break;
            }
        QVERIFY(!param.isEmpty());
        auto* edit = qobject_cast<QLineEdit*>(dock->paramEditor(param));
        QVERIFY(edit);
        const QString old = edit->text();

        // Invalid input: red outline, the engine's reason as tooltip, Run disabled.
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("abc"));
        QVERIFY(!dock->paramsValid());
        QVERIFY(!edit->styleSheet().isEmpty());
        QVERIFY(edit->toolTip().size() > 0);
        QAction* run = findAction(&w, QStringLiteral("Run"));
        QVERIFY(run);
        QVERIFY(!run->isEnabled());

        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("1"));
        QVERIFY(dock->paramsValid());
        QVERIFY(run->isEnabled());
        QSignalSpy finished(w.controller(), &SimulationController::finished);
        QVERIFY(finished.wait(kRunTimeoutMs));  // after the debounce
        QVERIFY(waitSettled(w));
        const auto after = w.controller()->lastReport();
        QVERIFY(after != before);
        QCOMPARE(w.document()->scenario().algorithms.front().params.at(param.toStdString()), std::string("1"));
        QVERIFY(after->algorithms.front().allowed < before->algorithms.front().allowed);
        w.compareView()->allowedChart()->refreshNow();
        QVERIFY(w.compareView()->allowedChart()->algorithmSeries().front()->points() != pointsBefore);

        // Undo restores the value and re-runs.
        QSignalSpy again(w.controller(), &SimulationController::finished);
        w.document()->undoStack()->undo();
        QCOMPARE(edit->text(), old);
        QVERIFY(again.wait(kRunTimeoutMs));
        QCOMPARE(w.controller()->lastReport()->algorithms.front().allowed, before->algorithms.front().allowed);
    }

    void legendHidesEverywhere()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        const QString id = QString::fromStdString(w.controller()->lastReport()->algorithms.front().id);
        w.compareView()->legend()->setHidden({id});
        QVERIFY(!w.compareView()->allowedChart()->algorithmSeries().front()->isVisible());
        QVERIFY(w.compareView()->burstChart()->bars().front().hidden);
        QVERIFY(w.compareView()->reportModel()->index(0, 0).data(Qt::FontRole).value<QFont>().italic());
    }

    // Two of one family: the second is dashed, and a patterned line is downsampled to a quarter
    // of the plot columns (ChartView::plotColumnsFor), the solid one to all of them. 2,000 s in
    // 100 ms buckets is 20,000 points a series, far over either budget.
    void patternedSeriesGetFewerPoints()
    {
        const Scenario scenario = loadScenario(R"({
            "schema": "ratelab.scenario/1", "name": "two buckets", "seed": 3, "duration": "2000s",
            "traffic": [{"kind": "poisson", "label": "clients", "rate": "40/s"}],
            "algorithms": [
                {"id": "small", "algorithm": "token_bucket", "params": {"capacity": 5, "refill": "20/s"}},
                {"id": "large", "algorithm": "token_bucket", "params": {"capacity": 50, "refill": "20/s"}}],
            "metrics": {"bucket": "100ms"}})",
                                               "two-buckets");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(scenario, QString());
        QVERIFY(waitSettled(w));
        AllowedChart* chart = w.compareView()->allowedChart();
        chart->refreshNow();
        const auto series = chart->algorithmSeries();
        QCOMPARE(series.size(), qsizetype(2));
        QCOMPARE(series[0]->pen().style(), Qt::SolidLine);
        QCOMPARE(series[1]->pen().style(), Qt::DashLine);
        const int columns = chart->plotColumns();
        QVERIFY2(series[1]->count() <= 2 * (columns / 4) + 2,
                 qPrintable(QStringLiteral("dashed %1 points, %2 columns").arg(series[1]->count()).arg(columns)));
        QVERIFY2(series[0]->count() > 2 * (columns / 4) + 2,
                 qPrintable(QStringLiteral("solid %1 points, %2 columns").arg(series[0]->count()).arg(columns)));
    }

    void chartExports()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        QTemporaryDir dir;
        for (ChartView* chart : w.compareView()->charts()) {
            const QString stem = dir.filePath(chart->exportName());
            QVERIFY(chart->exportPng(stem + QStringLiteral(".png")));
            const QImage png(stem + QStringLiteral(".png"));
            QCOMPARE(png.width(), 2 * int(chart->chart()->geometry().width()));
            QVERIFY(chart->exportSvg(stem + QStringLiteral(".svg")));
            QFile svg(stem + QStringLiteral(".svg"));
            QVERIFY(svg.open(QIODevice::ReadOnly));
            const QByteArray svgText = svg.readAll();
            QVERIFY(svgText.contains("<svg"));
            QVERIFY2(!svgText.contains("<image"), "a series went into the SVG as a pixmap, not as vectors");
            QVERIFY(chart->exportCsv(stem + QStringLiteral(".csv")));
            QVERIFY(QFileInfo(stem + QStringLiteral(".csv")).size() > 10);
        }
    }

    // Save writes nothing it cannot write whole. On a full device (/dev/full: ENOSPC) and on a
    // disk that fills up after 64 bytes (a file size limit: EFBIG), the user is told which
    // file and why, the document stays modified (so closing asks to save it), and the file
    // that was there keeps its content (written in place, it was left cut to 64 bytes).
    void saveFailureKeepsTheDocumentModified_data()
    {
        QTest::addColumn<bool>("fullDevice");
        QTest::newRow("/dev/full") << true;
        QTest::newRow("disk fills up") << false;
    }

    void saveFailureKeepsTheDocumentModified()
    {
        QFETCH(bool, fullDevice);
        QTemporaryDir dir;
        const QString path = fullDevice ? QStringLiteral("/dev/full") : dir.filePath(QStringLiteral("scenario.json"));
        const QByteArray previous = "{\"previous\": \"content\"}\n";
        if (!fullDevice) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QCOMPARE(file.write(previous), qint64(previous.size()));
        }
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), path);
        QVERIFY(waitSettled(w));
        ScenarioDocument::State next = w.document()->state();
        next.scenario.seed += 1;
        w.document()->edit(next, QStringLiteral("seed"));
        QVERIFY(waitSettled(w));
        QVERIFY(!w.document()->undoStack()->isClean());
        QAction* save = findAction(&w, QStringLiteral("Save"));
        QVERIFY(save);

        QString shown;
        {
            std::optional<test::FileSizeLimit> full;
            if (!fullDevice)
                QVERIFY(full.emplace(64).isSet());
            shown = messageBoxOf([&] { save->trigger(); });
        }
        QCOMPARE(shown, QStringLiteral("Save scenario\nCannot write %1: %2").arg(path, osReason(fullDevice ? ENOSPC : EFBIG)));
        QVERIFY(!w.document()->undoStack()->isClean());
        QVERIFY2(w.windowTitle().contains(QStringLiteral(" *")), qPrintable(w.windowTitle()));
        if (!fullDevice) {
            QCOMPARE(contentOf(path), previous);
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("scenario.json")});
        }
        // With room again, the same Save works and the document is clean.
        if (!fullDevice) {
            save->trigger();
            QVERIFY(w.document()->undoStack()->isClean());
            QCOMPARE(loadScenarioFile(path.toStdString()).seed, next.scenario.seed);
        }
    }

    // Every export reports a write that fails, naming the file and the OS reason, and keeps
    // the file that was there: the report (File > Export report), each chart's PNG, SVG and
    // CSV, and the advisor's export dialog.
    void exportFailuresAreReported()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        const QString full = QStringLiteral("/dev/full");
        const QString noSpace = QStringLiteral("Cannot write /dev/full: ") + osReason(ENOSPC);

        bool exported = true;
        QCOMPARE(messageBoxOf([&] { exported = w.exportReport(full); }), QStringLiteral("Export report\n") + noSpace);
        QVERIFY(!exported);

        // A report over an earlier one, on a disk that fills up after 4,096 bytes.
        QTemporaryDir dir;
        const QString report = dir.filePath(QStringLiteral("report.json"));
        const QByteArray previous = "{\"earlier\": \"report\"}\n";
        {
            QFile file(report);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QCOMPARE(file.write(previous), qint64(previous.size()));
        }
        QVERIFY(reportJson(*w.controller()->lastReport()).size() > 4096);
        QString shown;
        {
            const test::FileSizeLimit fillsUp(4096);
            QVERIFY(fillsUp.isSet());
            shown = messageBoxOf([&] { exported = w.exportReport(report); });
        }
        QVERIFY(!exported);
        QCOMPARE(shown, QStringLiteral("Export report\nCannot write %1: %2").arg(report, osReason(EFBIG)));
        QCOMPARE(contentOf(report), previous);

        for (ChartView* chart : w.compareView()->charts()) {
            QString error;
            QVERIFY(!chart->exportPng(full, &error));
            QCOMPARE(error, noSpace);
            error.clear();
            QVERIFY(!chart->exportSvg(full, &error));
            QCOMPARE(error, noSpace);
            error.clear();
            QVERIFY(!chart->exportCsv(full, &error));
            QCOMPARE(error, noSpace);
        }
        ChartView* chart = w.compareView()->charts().front();
        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(chart->exportPng(png));
        const QByteArray image = contentOf(png);
        QVERIFY(image.size() > 4096);
        {
            const test::FileSizeLimit fillsUp(4096);
            QVERIFY(fillsUp.isSet());
            QString error;
            exported = chart->exportPng(png, &error);
            shown = error;
        }
        QVERIFY(!exported);
        QCOMPARE(shown, QStringLiteral("Cannot write %1: %2").arg(png, osReason(EFBIG)));
        QCOMPARE(contentOf(png), image);

        ExportDialog dialog(QStringLiteral("gcra as nginx"), QStringLiteral("limit_req_zone ...;\n"), QStringLiteral("gcra.conf"));
        QCOMPARE(messageBoxOf([&] { exported = dialog.saveTo(full); }), QStringLiteral("gcra as nginx\n") + noSpace);
        QVERIFY(!exported);
        const QString conf = dir.filePath(QStringLiteral("gcra.conf"));
        QVERIFY(dialog.saveTo(conf));
        QCOMPARE(contentOf(conf), QByteArray("limit_req_zone ...;\n"));
    }

    // Destroying the window runs none of its handlers. Qt destroys the children (the dock,
    // the document and its undo stack) in ~QWidget, once MainWindow's part of the object is
    // gone, and what they signal as they go reached it: the dock, hidden, toggled the
    // Scenario Panel action; the undo stack, cleared of an unsaved edit, retitled the window
    // (UBSan: member call on an object that is no longer a MainWindow).
    void destructionReachesNoHandler()
    {
        auto* w = new MainWindow;
        w->resize(1600, 1000);
        w->show();
        w->openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(*w));
        ScenarioDocument::State next = w->document()->state();
        next.scenario.seed += 1;
        w->document()->edit(next, QStringLiteral("seed"));
        QVERIFY(waitSettled(*w));
        QVERIFY(!w->document()->undoStack()->isClean());
        QVERIFY(w->showDockAction()->isChecked());
        QSignalSpy retitled(w, &QWidget::windowTitleChanged);
        QSignalSpy toggled(w->showDockAction(), &QAction::toggled);
        delete w;
        QCOMPARE(retitled.count(), 0);
        QCOMPARE(toggled.count(), 0);
    }

    void cancelKeepsPreviousResult()
    {
        MainWindow w;
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        const auto before = w.controller()->lastReport();
        QSignalSpy done(w.controller(), &SimulationController::runningChanged);
        ScenarioDocument::State next = w.document()->state();
        next.scenario.seed += 1;
        w.document()->edit(next, QStringLiteral("seed"));
        w.controller()->cancel();
        QVERIFY(done.count() > 0 || done.wait(kRunTimeoutMs));
        QTRY_VERIFY(!w.controller()->isRunning());
        QVERIFY(w.controller()->lastReport());
        QVERIFY(w.compareView()->reportModel()->rowCount() > 0);
        Q_UNUSED(before);
    }

    void screenshotMode()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("compare.png"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RATELAB_GUI_PATH), {QStringLiteral("--view"), QStringLiteral("compare"),
                                                  QStringLiteral("--screenshot"), out});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 0);
        const QImage image(out);
        QCOMPARE(image.size(), QSize(1600, 1000));
        QVERIFY(QFileInfo(out).size() > 10'000);
    }

    // A screenshot that cannot be written exits 1 with the file and the OS reason.
    void screenshotWriteFailureExits1()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RATELAB_GUI_PATH), {QStringLiteral("--screenshot"), QStringLiteral("/dev/full")});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 1);
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("ratelab: --screenshot: Cannot write /dev/full: ") + osReason(ENOSPC)), qPrintable(err));
    }

    // gui-guide.md 2: below 1500 px the dock folds to a rail that opens as an overlay; below about
    // 1200 px Compare's 2 x 2 charts become tabs; below 1400 px the Cluster view's topology
    // folds to a summary row; back at full size all return.
    void reflowsWhenSmall()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        QVERIFY(!w.isDockFolded());
        QVERIFY(w.scenarioDock()->isVisible());
        ChartGrid* grid = w.compareView()->chartGrid();
        QVERIFY(!grid->isCompact());

        w.resize(1400, 900);
        QTRY_VERIFY(w.isDockFolded());
        QVERIFY(!w.scenarioDock()->isVisible());
        QTRY_VERIFY(!grid->isCompact());  // the folded dock leaves room for the grid

        w.resize(1024, 700);
        QTRY_VERIFY(grid->isCompact());
        // One chart shown at a time, each still holding its series.
        QVERIFY(w.compareView()->allowedChart()->isVisible());
        QVERIFY(!w.compareView()->burstChart()->isVisible());
        QCOMPARE(w.compareView()->burstChart()->bars().size(), qsizetype(defaultScenario().algorithms.size()));

        // The rail's button opens the dock as an overlay over the charts: the views keep their
        // place and size, the dock stays folded. Escape closes it, so does a click outside it;
        // a click inside does not.
        DockOverlay* overlay = w.dockOverlay();
        QWidget* contents = w.scenarioDock()->widget();
        QVERIFY(contents);
        QVERIFY(!w.showDockAction()->isChecked());
        const QRect viewBefore = w.viewTabs()->geometry();
        w.showDockAction()->trigger();
        QVERIFY(overlay->isOpen());
        QVERIFY(!w.scenarioDock()->isVisible());
        QCOMPARE(w.viewTabs()->geometry(), viewBefore);
        QVERIFY(w.showDockAction()->isChecked());
        QVERIFY(overlay->isAncestorOf(contents));
        QVERIFY(contents->isVisible());
        QCOMPARE(overlay->geometry().left(), viewBefore.left());  // beside the rail, over the view
        QCOMPARE(overlay->geometry().top(), viewBefore.top() + w.viewTabs()->tabBar()->height());  // under the tabs
        QCOMPARE(overlay->geometry().bottom(), viewBefore.bottom());
        QCOMPARE(overlay->width(), MainWindow::kOverlayWidthPx);
        QWidget* allowed = w.compareView()->allowedChart();
        QVERIFY(overlay->geometry().intersects(QRect(allowed->mapTo(&w, QPoint(0, 0)), allowed->size())));
        QTest::keyClick(contents, Qt::Key_Escape);
        QVERIFY(!overlay->isOpen());
        QVERIFY(!w.showDockAction()->isChecked());
        QCOMPARE(w.scenarioDock()->widget(), contents);  // given back

        w.showDockAction()->trigger();
        QVERIFY(overlay->isOpen());
        QTest::mouseClick(contents, Qt::LeftButton, {}, QPoint(5, 5));
        QVERIFY(overlay->isOpen());
        // On the right half of the chart, beyond the overlay.
        const QPoint outside = allowed->mapTo(&w, QPoint(allowed->width() * 3 / 4, allowed->height() / 2));
        QVERIFY(!overlay->geometry().contains(outside));
        QWidget* hit = w.childAt(outside);
        QVERIFY(hit);
        QTest::mouseClick(hit, Qt::LeftButton, {}, hit->mapFrom(&w, outside));
        QVERIFY(!overlay->isOpen());
        QCOMPARE(w.scenarioDock()->widget(), contents);

        // Open while the window grows past 1500 px: the dock unfolds, docked, with its contents.
        w.showDockAction()->trigger();
        QVERIFY(overlay->isOpen());
        w.resize(1600, 1000);
        QTRY_VERIFY(!w.isDockFolded());
        QVERIFY(!overlay->isOpen());
        QTRY_VERIFY(!grid->isCompact());
        QVERIFY(w.scenarioDock()->isVisible());
        QCOMPARE(w.scenarioDock()->widget(), contents);
        QVERIFY(w.showDockAction()->isChecked());
        QVERIFY(w.compareView()->burstChart()->isVisible());

        // gui-guide.md 4.4: below 1400 px the Cluster view's topology folds to one row above the charts
        // (instances with their clock offsets, store, policy) that expands on demand.
        w.setView(MainWindow::View::Cluster);
        w.openExample(QStringLiteral("cluster-clock-skew"));  // inst-1 runs 300 ms ahead
        QVERIFY(waitSettled(w));
        ClusterView* cluster = w.clusterView();
        QVERIFY(cluster->hasCluster());
        QVERIFY(!cluster->isTopologyCollapsed());
        QVERIFY(cluster->topology()->isVisible());
        QVERIFY(!cluster->topologySummary()->isVisible());
        w.resize(1300, 850);
        QTRY_VERIFY(cluster->isTopologyCollapsed());
        QVERIFY(!cluster->topology()->isVisible());
        QVERIFY(cluster->topologySummary()->isVisible());
        const QString summary = cluster->topologySummary()->text();
        QVERIFY2(summary.contains(QStringLiteral("inst-0 \u00B10 ms, inst-1 +300.0 ms")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("store: redis_atomic, instance clocks")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("policy: ")), qPrintable(summary));
        // Above the charts, the full width of the view.
        QVERIFY(cluster->topologySummary()->mapTo(cluster, QPoint(0, 0)).y()
                < cluster->globalChart()->mapTo(cluster, QPoint(0, 0)).y());
        QVERIFY(cluster->topologySummary()->width() > cluster->width() * 9 / 10);
        cluster->topologySummary()->expandButton()->click();
        QVERIFY(cluster->topologySummary()->isExpanded());
        QVERIFY(cluster->topology()->isVisible());
        cluster->topologySummary()->expandButton()->click();
        QVERIFY(!cluster->topology()->isVisible());
        w.resize(1600, 1000);
        QTRY_VERIFY(!cluster->isTopologyCollapsed());
        QVERIFY(cluster->topology()->isVisible());
        QVERIFY(!cluster->topologySummary()->isVisible());
    }

    void badScenarioExits2()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": "ratelab.scenario/1", "algorithms": [{"id": "x", "algorithm": "token_bucket", "params": {"capacity": "-3"}}]})");
        f.close();
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RATELAB_GUI_PATH), {bad, QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("bad.json"));
    }

    // The stacked time charts share one plot-area left edge (gui-guide.md 5) as soon as the run is
    // shown, not after a later pass: each relayout repaints every series.
    void clusterPlotsAlignedAtOnce()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.setView(MainWindow::View::Cluster);
        // The redis-outage example at 1000/s: the global chart's y labels ("1.5k") are wider than
        // the per-instance chart's ("300"), so the plots only line up once aligned.
        std::string json;
        for (const auto& [name, text] : embeddedScenarios())
            if (name == "cluster-redis-outage")
                json = text;
        const auto rate = json.find("\"300/s\"");
        QVERIFY(rate != std::string::npos);
        w.openScenario(loadScenario(json.replace(rate, 7, "\"1000/s\""), "redis-outage-1000"), QString());
        QVERIFY(waitSettled(w));
        const QList<ClusterTimeChart*> charts = w.clusterView()->charts();
        QCOMPARE(charts.size(), qsizetype(4));
        for (ClusterTimeChart* c : charts)
            QVERIFY2(std::abs(c->chart()->plotArea().left() - charts.front()->chart()->plotArea().left()) < 1,
                     qPrintable(QStringLiteral("%1 vs %2").arg(c->chart()->plotArea().left()).arg(charts.front()->chart()->plotArea().left())));
    }

    // The Cluster view over cluster-redis-outage: the plotted series are the report's.
    void clusterViewSeries()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.setView(MainWindow::View::Cluster);
        w.openExample(QStringLiteral("cluster-redis-outage"));
        QVERIFY(waitSettled(w));
        ClusterView* v = w.clusterView();
        QVERIFY(v->hasCluster());
        const auto report = w.controller()->lastReport();
        const auto scenario = w.controller()->lastScenario();
        QVERIFY(scenario->cluster);
        QCOMPARE(v->algorithmPicker()->count(), int(report->algorithms.size()));
        const double bucket = double(report->bucketUs) / 1e6;
        for (int a = 0; a < int(report->algorithms.size()); ++a) {
            v->setAlgorithm(a);
            const ClusterStats& s = *report->algorithms[std::size_t(a)].cluster;
            // One line per instance, equal to instanceAllowedSeries (per second).
            QCOMPARE(v->instanceChart()->lines().size(), int(s.instanceAllowedSeries.size()));
            QCOMPARE(int(s.instanceAllowedSeries.size()), 4);
            for (int i = 0; i < int(s.instanceAllowedSeries.size()); ++i) {
                const QList<QPointF> pts = v->instanceChart()->fullPoints(i);
                QCOMPARE(pts.size(), qsizetype(s.instanceAllowedSeries[std::size_t(i)].size()));
                for (int b = 0; b < pts.size(); ++b)
                    QCOMPARE(pts[b].y(), double(s.instanceAllowedSeries[std::size_t(i)][std::size_t(b)]) / bucket);
                QVERIFY(!v->instanceChart()->lines()[i]->points().isEmpty());
                // Named at its right end, right of the plot, labels not overlapping.
                QGraphicsSimpleTextItem* label = v->instanceChart()->endLabels()[i];
                QCOMPARE(label->text(), QStringLiteral("inst-%1").arg(i));
                QVERIFY(label->isVisible());
                QVERIFY(label->pos().x() > v->instanceChart()->chart()->plotArea().right());
                for (int j = 0; j < i; ++j) {
                    const QGraphicsSimpleTextItem* other = v->instanceChart()->endLabels()[j];
                    const QRectF a = label->mapRectToScene(label->boundingRect()).adjusted(0, 2, 0, -2);
                    QVERIFY(!a.intersects(other->mapRectToScene(other->boundingRect()).adjusted(0, 2, 0, -2)));
                }
            }
            QCOMPARE(v->instanceChart()->endLabels().size(), 4);
            // Decisions during outages: allowed then rejected.
            QCOMPARE(v->outageChart()->lines().size(), 2);
            const QList<QPointF> allowed = v->outageChart()->fullPoints(0);
            const QList<QPointF> rejected = v->outageChart()->fullPoints(1);
            QCOMPARE(allowed.size(), qsizetype(s.outageAllowedSeries.size()));
            QCOMPARE(rejected.size(), qsizetype(s.outageRejectedSeries.size()));
            for (int b = 0; b < allowed.size(); ++b) {
                QCOMPARE(allowed[b].y(), double(s.outageAllowedSeries[std::size_t(b)]) / bucket);
                QCOMPARE(rejected[b].y(), double(s.outageRejectedSeries[std::size_t(b)]) / bucket);
            }
            const QList<QPointF> over = v->overshootChart()->fullPoints(0);
            for (int b = 0; b < over.size(); ++b)
                QCOMPARE(over[b].y(), double(s.overshootSeries[std::size_t(b)]) / bucket);
            QVERIFY(v->summaryText().contains(QStringLiteral("overshoot")));
        }
        // fail_closed rejects during the outage, fail_open allows.
        QVERIFY(report->algorithms[0].cluster->allowedDuringOutage > 0);
        QVERIFY(report->algorithms[1].cluster->rejectedDuringOutage > 0);
    }

    // One hatched band per outage in every time chart, between the grid and the series.
    void clusterOutageBands()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.setView(MainWindow::View::Cluster);
        w.openExample(QStringLiteral("cluster-redis-outage"));
        QVERIFY(waitSettled(w));
        const auto scenario = w.controller()->lastScenario();
        const std::vector<OutageSpec>& outages = scenario->cluster->outages;
        QCOMPARE(int(outages.size()), 1);
        for (ClusterTimeChart* c : w.clusterView()->charts()) {
            c->refreshNow();
            QCOMPARE(c->outageBands().size(), int(outages.size()));
            QGraphicsRectItem* band = c->outageBands().front();
            QCOMPARE(band->parentItem(), static_cast<QGraphicsItem*>(c->chart()));
            QVERIFY(band->isVisible());
            QCOMPARE(c->bandSpan(0).first, double(outages[0].from) / 1e6);
            QCOMPARE(c->bandSpan(0).second, double(outages[0].to) / 1e6);
            // Inside the plot, from 20 s to 40 s of 60 s.
            const QRectF plot = c->chart()->plotArea();
            QVERIFY(plot.contains(band->rect().center()));
            QVERIFY(qAbs(band->rect().left() - (plot.left() + plot.width() / 3)) < 2);
            QVERIFY(qAbs(band->rect().width() - plot.width() / 3) < 2);
            // Behind the series: the series' graphics items are siblings with a higher z.
            qreal seriesZ = -1;
            for (QGraphicsItem* item : c->chart()->childItems())
                if (item != band && item->zValue() >= 4 && item->zValue() < 5)
                    seriesZ = item->zValue();
            QVERIFY(seriesZ >= 4);
            QVERIFY(band->zValue() < seriesZ);
            QVERIFY(band->zValue() > 2);  // above the grid
            // Not a series: legends, autoscale and CSV never see it.
            for (QAbstractSeries* s : c->chart()->series())
                QVERIFY(s->name() != QLatin1String("outage"));
        }
        QCOMPARE(w.clusterView()->timeline()->laneCount(), 1 + 4);
    }

    void clusterEmptyState()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.setView(MainWindow::View::Cluster);
        w.openExample(QStringLiteral("steady-poisson"));
        QVERIFY(waitSettled(w));
        ClusterView* v = w.clusterView();
        QVERIFY(!v->hasCluster());
        QVERIFY(v->emptyState()->isVisible());
        for (const QString& name : {QStringLiteral("cluster-local-leak"), QStringLiteral("cluster-get-set-race"),
                                    QStringLiteral("cluster-clock-skew"), QStringLiteral("cluster-ntp-step"),
                                    QStringLiteral("cluster-redis-outage")})
            QVERIFY2(v->emptyState()->text().contains(name), qPrintable(name));
        // The button opens cluster-redis-outage and the view fills.
        QSignalSpy spy(&w, &MainWindow::settled);
        v->emptyState()->openButton()->click();
        QVERIFY(spy.wait(kRunTimeoutMs));
        QVERIFY(waitSettled(w));
        QVERIFY(v->hasCluster());
        QVERIFY(!v->emptyState()->isVisible());
        QCOMPARE(v->instanceChart()->lines().size(), 4);
    }

    // Compare over cluster-redis-outage: chart C says where each lane's state was held. One
    // global key: the store holds it (a token bucket, 16 B); under local_fallback each of the 4
    // instances also holds a bucket once the store is down, while the store's key (drained by
    // 300/s against 100/s) lives on about 1 s after its last write: 5 keys, 80 B. Each label
    // fits right of its bar inside the plot. No request costs more than the limit: no column.
    void compareShowsWhereStateIsHeld()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.setView(MainWindow::View::Compare);
        w.openExample(QStringLiteral("cluster-redis-outage"));
        QVERIFY(waitSettled(w));
        StateChart* chart = w.compareView()->stateChart();
        const QStringList expected{QStringLiteral("16 B/key · 16 B, 1 key in the store"),
                                   QStringLiteral("16 B/key · 16 B, 1 key in the store"),
                                   QStringLiteral("16 B/key · 80 B, 5 keys: store 1, up to 1 per instance"),
                                   QStringLiteral("16 B/key · 16 B, 1 key in the store")};
        QCOMPARE(chart->bars().size(), qsizetype(expected.size()));
        chart->refreshNow();
        const QRectF plot = chart->chart()->plotArea();
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(chart->bars()[i].annotation, expected[i]);
            QVERIFY(chart->bars()[i].tooltip.contains(i == 2 ? QStringLiteral("instance 3: 1 key, 16 B")
                                                             : QStringLiteral("store: 1 key, 16 B")));
            const QGraphicsSimpleTextItem* label = nullptr;
            for (QGraphicsItem* item : chart->chart()->childItems())
                if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item); text && text->text() == expected[i])
                    label = text;
            QVERIFY(label);
            const QRectF r = label->mapRectToScene(label->boundingRect());
            QVERIFY2(plot.contains(r), qPrintable(QStringLiteral("%1 outside the plot").arg(expected[i])));
        }
        ReportModel* model = w.compareView()->reportModel();
        QCOMPARE(model->index(2, ReportModel::PeakState).data().toString(), QStringLiteral("80 B"));
        QTableView* table = w.compareView()->table();
        QVERIFY(table->isColumnHidden(ReportModel::NeverAdmissible));
        // The last column still takes the table's remaining width.
        const QHeaderView* header = table->horizontalHeader();
        QCOMPARE(header->sectionViewportPosition(ReportModel::Overshoot) + header->sectionSize(ReportModel::Overshoot),
                 table->viewport()->width());
    }

    // Requests costlier than the limit: the table shows the never-admissible column. One a
    // second on key k (so each limiter is idle again), costs 1 6 11 50 5 10 12 3 6 100 11 2:
    // above capacity 10: 5; above GCRA's burst 5: 8.
    void compareFlagsNeverAdmissible()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile trace(dir.filePath(QStringLiteral("costs.csv")));
        QVERIFY(trace.open(QIODevice::WriteOnly));
        trace.write("t_us,key,cost\n0,k,1\n1000000,k,6\n2000000,k,11\n3000000,k,50\n4000000,k,5\n5000000,k,10\n"
                    "6000000,k,12\n7000000,k,3\n8000000,k,6\n9000000,k,100\n10000000,k,11\n11000000,k,2\n");
        trace.close();
        const Scenario scenario = loadScenario(R"({"name": "costly", "duration": "12s",
            "traffic": [{"kind": "trace", "file": "costs.csv"}], "keys": "recorded", "algorithms": [
            {"algorithm": "token_bucket", "params": {"capacity": 10, "refill": "10/s"}},
            {"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}]})", "costly", dir.path().toStdString());
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.setView(MainWindow::View::Compare);
        w.openScenario(scenario, QString());
        QVERIFY(waitSettled(w));
        QVERIFY(!w.compareView()->table()->isColumnHidden(ReportModel::NeverAdmissible));
        ReportModel* model = w.compareView()->reportModel();
        QCOMPARE(model->index(0, ReportModel::NeverAdmissible).data().toString(), QStringLiteral("5"));
        QCOMPARE(model->index(1, ReportModel::NeverAdmissible).data().toString(), QStringLiteral("8"));
        // Every row visible above the horizontal scroll bar the wider table needs.
        QTableView* table = w.compareView()->table();
        QVERIFY(table->rowViewportPosition(1) + table->rowHeight(1) <= table->viewport()->height());
    }

    // The wizard detects the apache sample as combined and imports what the engine imports.
    void importWizardSample()
    {
        LogImportController controller;
        ImportWizard wizard(&controller);
        wizard.show();
        wizard.setPath(LogsView::samplePath());
        QCOMPARE(wizard.detection().format, LogFormat::Combined);
        QVERIFY(wizard.filePage()->detectionText().contains(QStringLiteral("combined")));
        QVERIFY(wizard.filePage()->rawLines().contains(QStringLiteral("83.149.9.216")));
        QCOMPARE(wizard.filePage()->rawLines().split(QLatin1Char('\n')).size(), 20);
        QVERIFY(wizard.filePage()->isComplete());
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ImportWizard::KeyPage));
        QCOMPARE(wizard.keyPage()->preview()->model()->rowCount(), ImportKeyPage::kPreviewLines);
        QCOMPARE(wizard.keyPage()->preview()->model()->index(0, 2).data().toString(), QStringLiteral("83.149.9.216"));
        QSignalSpy done(wizard.runPage(), &ImportRunPage::importFinished);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ImportWizard::RunPage));
        QVERIFY(done.wait(60'000));
        const auto result = wizard.runPage()->result();
        QVERIFY(result);

        // The engine, directly, on the same bytes.
        QFile f(LogsView::samplePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        std::istringstream in(f.readAll().toStdString());
        KeyInterner keys;
        std::int64_t sunk = 0;
        const ImportSummary engine = importLog(in, ImportOptions{}, keys, [&](const ImportedRequest&) { ++sunk; });
        QCOMPARE(result->summary.requestsImported, engine.requestsImported);
        QCOMPARE(result->summary.requestsImported, std::int64_t(9999));
        QCOMPARE(std::int64_t(result->requests.size()), sunk);
        QCOMPARE(result->summary.distinctKeys, engine.distinctKeys);
        QCOMPARE(result->summary.linesRead, engine.linesRead);
        QCOMPARE(result->summary.skippedTotal(), std::int64_t(1));
        QCOMPARE(result->summary.problems.size(), std::size_t(1));
        QCOMPARE(result->summary.problems[0].line, std::int64_t(8899));
        QVERIFY(wizard.runPage()->statusText().contains(QStringLiteral("line 8899")));
    }

    // A file the wizard cannot open: its first page says which and why, and goes no further.
    void importWizardUnreadableFile()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("missing.log"));
        LogImportController controller;
        ImportWizard wizard(&controller);
        wizard.show();
        wizard.setPath(missing);
        QCOMPARE(wizard.filePage()->detectionText(), QStringLiteral("cannot read %1: %2").arg(missing, osReason(ENOENT)));
        QVERIFY(!wizard.filePage()->isComplete());
    }

    // The Logs view imports the sample when first shown, with the bad line listed.
    void logsViewSample()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 60'000));
        QVERIFY(w.logsView()->headerText().contains(QStringLiteral("apache_combined_elastic-examples_2015.log")));
        QVERIFY(w.logsView()->headerText().contains(QStringLiteral("2015-05-17 10:05")));
        QCOMPARE(w.logsView()->badLinesTable()->model()->rowCount(), 1);
        QCOMPARE(w.logsView()->badLinesTable()->model()->index(0, 0).data().toString(), QStringLiteral("8899"));
    }

    // After the sample import the advisor ran: the card holds what ratelab::advise gives on the
    // same requests, the histogram and CDF are the distribution's, the target moves the
    // recommendation (after the debounce, never during a drag) and exports are the engine's.
    // [Replay] runs the log through the card's recommendations in Compare, and the shares
    // shown there equal the card's: acceptance = 100% - requests rejected, per algorithm.
    void logsViewReplay()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 120'000));
        AdvisorView* a = w.logsView()->advisor();
        const auto advice = a->result();
        QVERIFY(advice);
        QVERIFY(a->replayButton()->isEnabled());

        QSignalSpy settled(&w, &MainWindow::settled);
        a->replayButton()->click();
        QCOMPARE(w.view(), MainWindow::View::Compare);
        QVERIFY(settled.wait(kRunTimeoutMs));
        const auto report = w.controller()->lastReport();
        QVERIFY(report);
        QCOMPARE(report->algorithms.size(), advice->recommendations.size());
        ReportModel* model = w.compareView()->reportModel();
        for (std::size_t i = 0; i < advice->recommendations.size(); ++i) {
            const Recommendation& rec = advice->recommendations[i];
            const AlgorithmReport& r = report->algorithms[i];
            QCOMPARE(r.requests, std::int64_t(9999));
            QCOMPARE(r.requests - r.allowed, rec.requestsRejected);
            const double acceptance = model->index(int(i), ReportModel::Acceptance).data(ReportModel::SortRole).toDouble();
            QVERIFY(std::abs(acceptance - (1.0 - rec.requestsRejectedShare)) < 1e-12);  // two roundings of one share
        }
        QCOMPARE(w.document()->scenario().traffic.front().kind, SourceKind::Log);
    }

    void logsViewAdvisor()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 120'000));
        AdvisorView* a = w.logsView()->advisor();
        QVERIFY(a->result());
        QVERIFY(!a->chartsAsTabs());

        const RequestSet set = sampleRequests();
        QCOMPARE(set.requests.size(), std::size_t(9999));
        AdvisorOptions options;  // 99% of keys, W = 1 min: the view's defaults
        options.curvePoints = AdvisorView::kCurvePoints;
        const AdvisorResult expected = advise(set, options);
        QCOMPARE(a->result()->requests, expected.requests);
        QCOMPARE(a->result()->keys, expected.keys);

        RecommendationModel* card = a->card()->model();
        QCOMPARE(card->rowCount(), int(expected.recommendations.size()));
        for (int row = 0; row < card->rowCount(); ++row) {
            const Recommendation& rec = expected.recommendations[std::size_t(row)];
            const auto cell = [&](int column, int role = Qt::DisplayRole) { return card->index(row, column).data(role); };
            QCOMPARE(cell(RecommendationModel::Algorithm).toString(), QString::fromStdString(rec.algorithm));
            QCOMPARE(cell(RecommendationModel::Parameters).toString(), expectedParams(rec));
            QCOMPARE(cell(RecommendationModel::Kept, RecommendationModel::RawRole).toDouble(), rec.keysUnthrottledShare);
            QCOMPARE(cell(RecommendationModel::Kept).toString(), fmt::share(rec.keysUnthrottledShare));
            QCOMPARE(cell(RecommendationModel::RequestsRejected, RecommendationModel::RawRole).toDouble(), rec.requestsRejectedShare);
            QCOMPARE(cell(RecommendationModel::RequestsRejected).toString(), fmt::share(rec.requestsRejectedShare, 2));
            QCOMPARE(cell(RecommendationModel::Target, RecommendationModel::RawRole).toBool(), rec.targetMet);
        }

        // The histogram and CDF of 1 s, then of the selected window (1 min): clicking 1 s asks the
        // advisor for W = 1 s, and 1 min back before the debounce asks for the 1 min advice again.
        RateDistributionChart* dist = a->distributionChart();
        for (int window : {0, 2}) {
            a->windowButtons()->button(window)->click();
            const Distribution& d = expected.rates.windows[std::size_t(window)].distribution;
            const double perSecond = 1e6 / double(expected.rates.windows[std::size_t(window)].windowUs);
            QCOMPARE(dist->bars().size(), qsizetype(d.histogram.size()));
            for (std::size_t i = 0; i < d.histogram.size(); ++i)
                QCOMPARE(dist->bars()[qsizetype(i)].keys, d.histogram[i].keys);
            QCOMPARE(dist->cdfSteps().size(), qsizetype(d.cdf.size()));
            for (std::size_t i = 0; i < d.cdf.size(); ++i) {
                QCOMPARE(dist->cdfSteps()[qsizetype(i)].x(), double(d.cdf[i].value) * perSecond);
                QCOMPARE(dist->cdfSteps()[qsizetype(i)].y(), 100.0 * double(d.cdf[i].keys) / double(d.count));
            }
            QCOMPARE(dist->percentileTicks().size(), qsizetype(4));
            QCOMPARE(dist->percentileTicks()[2].second, double(d.percentiles[2].value) * perSecond);
        }
        QVERIFY(a->controller()->isPending());
        QVERIFY(nextAdvice(a));
        QCOMPARE(a->result()->options.windowUs, kMicrosPerMinute);

        // The top keys and the curve are the selected algorithm's (token_bucket, then leaky_bucket).
        TradeoffChart* chart = a->tradeoffChart();
        for (int row : {0, 1}) {
            a->card()->selectRow(row);
            const Recommendation& rec = expected.recommendations[std::size_t(row)];
            QCOMPARE(chart->gridSize(), int(rec.curve.size()));
            QCOMPARE(chart->targetPoint()->value, rec.value);
            QCOMPARE(a->topKeysModel()->rowCount(), int(rec.topKeys.size()));
            if (!rec.topKeys.empty())
                QCOMPARE(a->topKeysModel()->index(0, TopKeysModel::Key).data().toString(),
                         QString::fromStdString(rec.topKeys[0].name));
        }
        a->card()->selectRow(0);
        const Recommendation& tb = expected.recommendations[0];
        QVERIFY(a->readoutText().startsWith(fmt::ratePerSecond(double(tb.value) / 60)));
        QVERIFY(a->readoutText().contains(fmt::share(tb.keysUnthrottledShare) + QStringLiteral(" of keys never throttled")));

        // The spin box moves the line at once, the advisor only after the debounce.
        AdvisorController* controller = a->controller();
        QSignalSpy started(controller, &AdvisorController::started);
        a->card()->keepSpin()->setValue(90.0);
        QVERIFY(controller->isPending());
        QCOMPARE(started.count(), 0);
        QCOMPARE(chart->targetIndex(), int(firstPointMeeting(tb.curve, 900'000, AdvisorTarget::Keys, expected.keys)));
        auto advice = nextAdvice(a);
        QVERIFY(advice);
        QCOMPARE(started.count(), 1);
        options.targetPpm = 900'000;
        const AdvisorResult at90 = advise(set, options);
        for (int row = 0; row < card->rowCount(); ++row)
            QCOMPARE(card->index(row, RecommendationModel::Parameters).data().toString(),
                     expectedParams(at90.recommendations[std::size_t(row)]));
        QVERIFY(at90.recommendations[0].value < tb.value);
        QCOMPARE(chart->targetPoint()->value, at90.recommendations[0].value);

        // Right steps one grid point: the card reads the share there; the advisor follows.
        chart->setFocus();
        const int before = chart->targetIndex();
        QTest::keyClick(chart, Qt::Key_Right);
        QCOMPARE(chart->targetIndex(), before + 1);
        const CurvePoint stepped = *chart->targetPoint();
        const std::int64_t ppm = keptPpm(stepped, AdvisorTarget::Keys, expected.keys);
        QCOMPARE(a->card()->keepPpm(), ppm);
        QVERIFY(controller->isPending());
        advice = nextAdvice(a);
        QVERIFY(advice);
        QCOMPARE(advice->options.targetPpm, ppm);
        QVERIFY(advice->recommendations[0].value <= stepped.value);
        QCOMPARE(advice->recommendations[0].keysUnthrottled, stepped.keysUnthrottled);

        // A drag moves the line and the readout, and asks for nothing until the release.
        chart->refreshNow();
        const int from = chart->targetIndex();
        const int to = std::max(0, from - 5);
        const QString readoutBefore = a->readoutText();
        started.clear();
        QTest::mousePress(chart->viewport(), Qt::LeftButton, {}, targetPixel(chart, from));
        QTest::mouseMove(chart->viewport(), targetPixel(chart, to));
        QCOMPARE(chart->targetIndex(), to);
        QVERIFY(a->readoutText() != readoutBefore);
        QTest::qWait(AdvisorController::kDebounceMs + 100);
        QVERIFY(!controller->isPending() && !controller->isRunning());
        QCOMPARE(started.count(), 0);
        QTest::mouseRelease(chart->viewport(), Qt::LeftButton, {}, targetPixel(chart, to));
        QVERIFY(controller->isPending());
        QVERIFY(nextAdvice(a));

        // Export: the engine's text for the selected algorithm; nginx only for the leaky bucket.
        const auto exported = [&](ExportTarget target) {
            const Recommendation* rec = a->card()->selected();
            return QString::fromStdString(exportLimit(rec->algorithm, rec->params, target));
        };
        ExportDialog* lua = a->openExport(ExportTarget::RedisLua);
        QVERIFY(lua);
        QCOMPARE(lua->text(), exported(ExportTarget::RedisLua));
        lua->close();
        emit a->card()->exportMenu()->aboutToShow();
        QVERIFY(a->card()->exportMenu()->actions()[0]->isEnabled());
        QVERIFY(!a->card()->exportMenu()->actions()[1]->isEnabled());  // nginx cannot express token_bucket
        a->card()->selectRow(1);
        emit a->card()->exportMenu()->aboutToShow();
        // The leaky bucket here is 1/m, burst 0: nginx keeps whole milli-requests per second and
        // would run "1r/m" at 16 (0.96/m), so the engine refuses and the menu says why.
        QCOMPARE(QString::fromStdString(a->card()->selected()->params.at("rate")), QStringLiteral("1/m"));
        QVERIFY(!a->card()->exportMenu()->actions()[1]->isEnabled());
        QVERIFY2(a->card()->exportMenu()->actions()[1]->toolTip().contains(QStringLiteral("would run at 16")),
                 qPrintable(a->card()->exportMenu()->actions()[1]->toolTip()));
        QVERIFY(a->card()->exportMenu()->actions()[0]->isEnabled());
        ExportDialog* luaLeaky = a->openExport(ExportTarget::RedisLua);
        QCOMPARE(luaLeaky->text(), exported(ExportTarget::RedisLua));
        QVERIFY(luaLeaky->text().contains(QStringLiteral("leaky_bucket")));
        luaLeaky->close();

        // Below 1200 px the charts become tabs.
        w.resize(1100, 760);
        QTRY_VERIFY(a->chartsAsTabs());
        w.resize(1600, 1000);
        QTRY_VERIFY(!a->chartsAsTabs());
    }

    // gui-guide.md 4.3: the keep handle on the left axis. Over it the cursor is a vertical-resize one;
    // dragging it to 90% sets the card's share and moves the line to the smallest grid limit
    // keeping 90% of keys, without asking the advisor until the release. The knee is the
    // engine's knee of the curve shown.
    void logsViewKeepHandle()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 120'000));
        AdvisorView* a = w.logsView()->advisor();
        TradeoffChart* chart = a->tradeoffChart();
        chart->refreshNow();
        QTRY_VERIFY(chart->chart()->plotArea().left() > 30);  // laid out with its axis labels
        const auto advice = a->result();
        const Recommendation& tb = advice->recommendations[0];
        QCOMPARE(chart->keepPpm(), std::int64_t(990'000));
        QCOMPARE(chart->knee(), curveKnee(tb, AdvisorTarget::Keys, advice->keys, advice->options.windowUs));
        QVERIFY(chart->knee().has_value());

        const QPoint handle = chart->keepHandlePos().toPoint();
        QTest::mouseMove(chart->viewport(), handle + QPoint(0, 4));
        QCOMPARE(chart->cursor().shape(), Qt::SizeVerCursor);
        QTest::mouseMove(chart->viewport(), handle + QPoint(40, 40));
        QVERIFY(chart->cursor().shape() != Qt::SizeVerCursor);

        // The height of 90% on the left axis, through the chart's own mapping.
        const QPointF at90 = chart->chart()->mapToPosition(QPointF(std::log10(chart->limitAt(0)), 90.0),
                                                           chart->chart()->series().front());
        const QPoint to = chart->mapFromScene(QPointF(chart->chart()->plotArea().left() + 2, at90.y()));
        QSignalSpy started(a->controller(), &AdvisorController::started);
        QTest::mousePress(chart->viewport(), Qt::LeftButton, {}, handle);
        QTest::mouseMove(chart->viewport(), to);
        QCOMPARE(chart->keepPpm(), std::int64_t(900'000));
        QCOMPARE(a->card()->keepPpm(), std::int64_t(900'000));
        QCOMPARE(a->card()->keepSpin()->value(), 90.0);
        // 90% of 1,753 keys is 1,578: the first curve point keeping that many.
        int first = -1;
        for (std::size_t i = 0; i < tb.curve.size() && first < 0; ++i)
            if (tb.curve[i].keysUnthrottled >= 1578)
                first = int(i);
        QCOMPARE(advice->keys, std::int64_t(1753));
        QCOMPARE(chart->targetIndex(), first);
        QVERIFY(a->readoutText().startsWith(fmt::ratePerSecond(chart->limitAt(first))));
        QTest::qWait(AdvisorController::kDebounceMs + 100);
        QVERIFY(!a->controller()->isPending() && !a->controller()->isRunning());
        QCOMPARE(started.count(), 0);
        QTest::mouseRelease(chart->viewport(), Qt::LeftButton, {}, to);
        QVERIFY(a->controller()->isPending());
        const auto after = nextAdvice(a);
        QVERIFY(after);
        QCOMPARE(after->options.targetPpm, std::int64_t(900'000));
        QVERIFY(after->recommendations[0].keysUnthrottled >= 1578);
        QCOMPARE(chart->targetPoint()->value, after->recommendations[0].value);
        QCOMPARE(chart->keepPpm(), std::int64_t(900'000));
    }

    // The window selector sets the advisor's W: after the debounce the card, the curve and the
    // top keys are the advice for W = 10 s, as ratelab::advise gives it on the same requests.
    void logsViewAdvisorWindow()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 120'000));
        AdvisorView* a = w.logsView()->advisor();
        QCOMPARE(a->result()->options.windowUs, kMicrosPerMinute);
        a->windowButtons()->button(1)->click();
        QCOMPARE(a->options().windowUs, 10 * kMicrosPerSecond);
        QVERIFY(a->controller()->isPending());
        const auto advice = nextAdvice(a);
        QVERIFY(advice);
        QCOMPARE(advice->options.windowUs, 10 * kMicrosPerSecond);

        AdvisorOptions options;
        options.curvePoints = AdvisorView::kCurvePoints;
        options.windowUs = 10 * kMicrosPerSecond;
        const AdvisorResult expected = advise(sampleRequests(), options);
        RecommendationModel* card = a->card()->model();
        QCOMPARE(card->rowCount(), int(expected.recommendations.size()));
        for (int row = 0; row < card->rowCount(); ++row)
            QCOMPARE(card->index(row, RecommendationModel::Parameters).data().toString(),
                     expectedParams(expected.recommendations[std::size_t(row)]));
        // token_bucket per 10 s: its refill reads per 10 s, the line sits on its value.
        const Recommendation& tb = expected.recommendations[0];
        QCOMPARE(a->tradeoffChart()->targetPoint()->value, tb.value);
        QCOMPARE(a->tradeoffChart()->limitAt(a->tradeoffChart()->targetIndex()), double(tb.value) / 10);
        QCOMPARE(a->topKeysModel()->rowCount(), int(tb.topKeys.size()));
        QCOMPARE(a->topKeysModel()->headerData(TopKeysModel::PeakRate, Qt::Horizontal).toString(),
                 QStringLiteral("peak rate\n(req/10 s)"));
        if (!tb.topKeys.empty())
            QCOMPARE(a->topKeysModel()->index(0, TopKeysModel::PeakRate).data(TopKeysModel::RawRole).toLongLong(),
                     qint64(tb.topKeys[0].rateInWindow.peak));
        // Clicking the window already in use asks for nothing.
        a->windowButtons()->button(1)->click();
        QVERIFY(!a->controller()->isPending());
    }

    // Cancel stops an import: cancelled() comes, finished() never does.
    void importCancel()
    {
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.log"));
        {
            QFile sample(LogsView::samplePath());
            QVERIFY(sample.open(QIODevice::ReadOnly));
            const QByteArray bytes = sample.readAll();
            QFile out(big);
            QVERIFY(out.open(QIODevice::WriteOnly));
            for (int i = 0; i < 40; ++i)  // about 95 MB
                out.write(bytes);
        }
        LogImportController controller;
        ImportWizard wizard(&controller);
        wizard.show();
        wizard.setPath(big);
        QCOMPARE(wizard.detection().format, LogFormat::Combined);
        wizard.next();
        QSignalSpy progress(&controller, &LogImportController::progress);
        QSignalSpy cancelled(&controller, &LogImportController::cancelled);
        QSignalSpy finished(&controller, &LogImportController::finished);
        wizard.next();
        QVERIFY(controller.isRunning());
        QVERIFY(progress.wait(30'000));
        QVERIFY(wizard.runPage()->cancelButton()->isEnabled());
        QElapsedTimer t;
        t.start();
        wizard.runPage()->cancelButton()->click();
        QVERIFY(cancelled.wait(10'000));
        QVERIFY(t.elapsed() < 5'000);
        QVERIFY(!controller.isRunning() || QTest::qWaitFor([&] { return !controller.isRunning(); }, 5'000));
        QCOMPARE(finished.count(), 0);
        QVERIFY(wizard.runPage()->wasCancelled());
        QVERIFY(!wizard.runPage()->isComplete());
        QVERIFY(!controller.lastResult());
    }
};

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
