// The desktop app under the offscreen platform: every shipped scenario runs and the views hold
// what the engine reported; downsampling caps the plotted points; a parameter edit re-runs
// and changes the chart; invalid input disables Run; the screenshot mode writes a 1600x1000 PNG.
#include "app/gui/allowedchart.h"
#include "app/gui/burstchart.h"
#include "app/gui/compareview.h"
#include "app/gui/delaychart.h"
#include "app/gui/learnview.h"
#include "app/gui/legendstrip.h"
#include "app/gui/mainwindow.h"
#include "app/gui/scenariodock.h"
#include "app/gui/statechart.h"
#include "app/models/reportmodel.h"
#include "app/models/simulationcontroller.h"
#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"

#include <QAction>
#include <QMenu>
#include <QApplication>
#include <QImage>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

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

QAction* findAction(QWidget* w, const QString& text)
{
    for (QAction* a : w->findChildren<QAction*>())
        if (!a->menu() && a->text().remove(QLatin1Char('&')) == text)
            return a;
    return nullptr;
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
            QVERIFY(svg.readAll().contains("<svg"));
            QVERIFY(chart->exportCsv(stem + QStringLiteral(".csv")));
            QVERIFY(QFileInfo(stem + QStringLiteral(".csv")).size() > 10);
        }
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
};

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
