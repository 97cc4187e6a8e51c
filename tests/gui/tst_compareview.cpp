// The Compare view: key, bucket, modes and strips of chart A, endpoint shares, the pinned run,
// legend, downsampling, styles, the limit line, zoom, held state and never-admissible requests.
#include "app/gui/parts/countsselector.h"
#include "app/models/document/scenariofiles.h"
#include "tests/gui/guitest.h"

#include <QCategoryAxis>
#include <QCheckBox>

using namespace ratelab;

namespace {

// mallory attacks the 1 s boundary: 4 requests over [0.90, 1.00), 4 over [1.00, 1.10); alice
// sends one at 0 and one at 1.5 s. A fixed window and the sliding log, both 4 per 1 s.
const char* kAttackTrace = "t_us,key,cost\n0,alice,1\n900000,mallory,1\n920000,mallory,1\n940000,mallory,1\n"
                           "960000,mallory,1\n1000000,mallory,1\n1020000,mallory,1\n1040000,mallory,1\n"
                           "1060000,mallory,1\n1500000,alice,1\n";

Scenario attackScenario(const QTemporaryDir& dir, const char* algorithms)
{
    QFile trace(dir.filePath(QStringLiteral("attack.csv")));
    if (!trace.open(QIODevice::WriteOnly) || trace.write(kAttackTrace) < 0)
        return {};
    trace.close();
    return loadScenario(std::string(R"({"name": "attack", "duration": "2s", "traffic": [{"kind": "trace", "file": "attack.csv"}],
        "keys": "recorded", "algorithms": )")
                            + algorithms + "}",
                        "attack", dir.path().toStdString());
}

const char* kWindowAndLog = R"([{"id": "fw", "algorithm": "fixed_window", "params": {"limit": 4, "window": "1s"}},
    {"id": "log", "algorithm": "sliding_window_log", "params": {"limit": 4, "window": "1s"}}])";

// `counts` (per bucket) over a bucket of `seconds`, as a rate.
std::vector<double> perSecond(std::initializer_list<std::pair<std::size_t, double>> counts, std::size_t buckets, double seconds)
{
    std::vector<double> out(buckets, 0.0);
    for (const auto& [bucket, count] : counts)
        out[bucket] = count / seconds;
    return out;
}

// Waits until the view has shown what its selection asks for (the counting done).
bool waitCompareReady(CompareView* view)
{
    return QTest::qWaitFor([view] { return view->isReady(); }, kRunTimeoutMs);
}

}  // namespace

class TestCompareView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    // Every key at the report's bucket (1 s) first: the fixed window allows 5 and 5, the log 5
    // and 1, refusing mallory's last 4; no limit line (it is per key). mallory at 50 ms: the
    // attack fills buckets 18 (0.90, 0.92, 0.94), 19 (0.96), 20 (1.00, 1.02, 1.04), 21
    // (1.06); the fixed window allows them all, the log the first four; the limit, 4 per 1 s,
    // is 4 req/s for both.
    void keyAndBucketPickTheCounts()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(showScenario(w, attackScenario(dir, kWindowAndLog)));
        CompareView* view = w.views().compare();
        AllowedChart* chart = view->charts().allowed();
        QCOMPARE(chart->data().values().size(), std::size_t(2));
        QCOMPARE(chart->data().values()[0], (std::vector<double>{5, 5}));
        QCOMPARE(chart->data().values()[1], (std::vector<double>{5, 1}));
        QVERIFY(!chart->data().limit());
        QVERIFY2(chart->title().contains(QStringLiteral("all keys · 1 s buckets · limit is per key: pick a key")),
                 qPrintable(chart->title()));
        // The busiest keys to pick from: mallory's 8 requests, alice's 2.
        QComboBox* keys = view->bar().selector()->keyBox();
        QCOMPARE(keys->count(), 3);
        QCOMPARE(keys->itemText(1), QStringLiteral("mallory"));
        QCOMPARE(keys->itemText(2), QStringLiteral("alice"));

        view->bar().selector()->setBucket(50'000);
        keys->setCurrentIndex(1);
        emit keys->activated(1);
        QVERIFY(waitCompareReady(view));
        QCOMPARE(chart->data().values()[0], perSecond({{18, 3}, {19, 1}, {20, 3}, {21, 1}}, 40, 0.05));
        QCOMPARE(chart->data().values()[1], perSecond({{18, 3}, {19, 1}}, 40, 0.05));
        QVERIFY(chart->data().limit());
        QCOMPARE(chart->data().limit()->size(), std::size_t(1));
        QCOMPARE(chart->data().limit()->front().costPerSecond, 4.0);
        QVERIFY2(chart->title().contains(QStringLiteral("key mallory · 50 ms buckets")), qPrintable(chart->title()));
        // The exact log is drawn last, over the fixed window where both allowed 60 and 20 req/s.
        QCOMPARE(chart->chart()->series().last(), chart->algorithmSeries()[1]);

        // A key typed (alice, 0 s and 1.5 s), then every key again: no limit line.
        keys->lineEdit()->selectAll();
        QTest::keyClicks(keys->lineEdit(), QStringLiteral("alice"));
        QTest::keyClick(keys->lineEdit(), Qt::Key_Return);
        QVERIFY(waitCompareReady(view));
        QCOMPARE(chart->data().values()[1], perSecond({{0, 1}, {30, 1}}, 40, 0.05));
        QVERIFY(chart->data().limit());
        view->bar().selector()->setKey(std::nullopt);
        QVERIFY(waitCompareReady(view));
        QCOMPARE(chart->data().values()[0], perSecond({{0, 1}, {18, 3}, {19, 1}, {20, 3}, {21, 1}, {30, 1}}, 40, 0.05));
        QVERIFY(!chart->data().limit());
    }

    // Strips: mallory at 50 ms, one strip per algorithm on one scale, the fixed window on top.
    // Each lane's peak, 3 requests in a 50 ms bucket = 60 req/s, is drawn 60 above its own
    // strip's baseline; the strips never overlap; hiding one leaves one strip; unticking draws
    // the lines on the plain axis again.
    // Strips ticked before any run (ratelab --strips sets them as the window opens): an empty
    // chart draws no strip and does not fall over.
    void stripsBeforeAnyRun()
    {
        AllowedChart chart;
        chart.setStrips(true);
        chart.refreshNow();
        QVERIFY(chart.stripLayout().strips().empty());
        QVERIFY(chart.data().values().empty());
    }

    void stripsShowEachAlgorithmOnItsOwnBaseline()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(showScenario(w, attackScenario(dir, kWindowAndLog)));
        CompareView* view = w.views().compare();
        AllowedChart* chart = view->charts().allowed();
        view->bar().selector()->setBucket(50'000);
        view->bar().selector()->setKey(std::string("mallory"));
        QVERIFY(waitCompareReady(view));
        const auto peakY = [](QLineSeries* s) {
            double top = -1e300;
            for (const QPointF& p : s->points())
                top = std::max(top, p.y());
            return top;
        };
        view->bar().selector()->stripsBox()->click();
        chart->refreshNow();
        QVERIFY(chart->strips());
        const auto& strips = chart->stripLayout().strips();
        QCOMPARE(strips.size(), std::size_t(2));
        QCOMPARE(strips[0].lane, std::size_t(0));
        QCOMPARE(strips[1].lane, std::size_t(1));
        QCOMPARE(strips[1].baseline, 0.0);
        QCOMPARE(chart->stripLayout().bottom(), 0.0);
        QVERIFY(strips[0].baseline > 60);
        QCOMPARE(peakY(chart->algorithmSeries()[0]), strips[0].baseline + 60);
        QCOMPARE(peakY(chart->algorithmSeries()[1]), 60.0);
        auto* axis = qobject_cast<QCategoryAxis*>(chart->chart()->axes(Qt::Vertical).front());
        QVERIFY(axis);
        QCOMPARE(axis->categoriesLabels(), (QStringList{QStringLiteral("log"), QStringLiteral("fw")}));
        QVERIFY2(chart->title().contains(QStringLiteral("one strip each")), qPrintable(chart->title()));

        view->bar().legend()->setHidden({QStringLiteral("fw")});
        chart->refreshNow();
        QCOMPARE(chart->stripLayout().strips().size(), std::size_t(1));
        QCOMPARE(chart->stripLayout().strips()[0].lane, std::size_t(1));

        view->bar().legend()->setHidden({});
        view->bar().selector()->stripsBox()->click();
        chart->refreshNow();
        QVERIFY(chart->stripLayout().strips().empty());
        QCOMPARE(peakY(chart->algorithmSeries()[0]), 60.0);
        QVERIFY(!axis->categoriesLabels().contains(QStringLiteral("fw")));
    }

    // Rejected and "− sliding log": per bucket, the log's refusals, and each lane's allowed
    // minus the log's (the fixed window's 3 and 1 at 1.00-1.10 s, the log itself 0).
    void modesRejectedAndDifferenceFromTheLog()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        CountsSelector* selector = w.views().compare()->bar().selector();
        selector->setKey(std::string("mallory"));
        selector->setBucket(50'000);
        w.openScenario(attackScenario(dir, kWindowAndLog), QString());
        QVERIFY(waitSettled(w));
        AllowedChart* chart = w.views().compare()->charts().allowed();
        QVERIFY(selector->modeButton(AllowedChart::Mode::MinusLog)->isEnabled());
        selector->modeButton(AllowedChart::Mode::Rejected)->click();
        QCOMPARE(chart->mode(), AllowedChart::Mode::Rejected);
        QCOMPARE(chart->data().values()[1], perSecond({{20, 3}, {21, 1}}, 40, 0.05));
        QVERIFY(!chart->data().limit());
        selector->modeButton(AllowedChart::Mode::MinusLog)->click();
        QCOMPARE(chart->mode(), AllowedChart::Mode::MinusLog);
        QCOMPARE(chart->data().values()[0], perSecond({{20, 3}, {21, 1}}, 40, 0.05));
        QCOMPARE(chart->data().values()[1], std::vector<double>(40, 0.0));
        QVERIFY(!chart->data().limit());

        // Without a sliding log the mode is off, and says why.
        w.openScenario(attackScenario(dir, R"([{"id": "fw", "algorithm": "fixed_window", "params": {"limit": 4, "window": "1s"}},
            {"id": "tb", "algorithm": "token_bucket", "params": {"capacity": 4, "refill": "4/s"}}])"),
                       QString());
        QVERIFY(waitSettled(w));
        QAbstractButton* minusLog = selector->modeButton(AllowedChart::Mode::MinusLog);
        QVERIFY(!minusLog->isEnabled());
        QVERIFY(minusLog->toolTip().contains(QStringLiteral("No sliding_window_log")));
        // In either forced theme a disabled button's text is greyed, not the text colour.
        for (const bool dark : {false, true}) {
            const QPalette theme = palette::themePalette(dark);
            for (const QPalette::ColorRole role : {QPalette::ButtonText, QPalette::WindowText})
                QVERIFY(theme.color(QPalette::Disabled, role) != theme.color(QPalette::Active, role));
        }
        QCOMPARE(chart->mode(), AllowedChart::Mode::Allowed);
        QVERIFY(selector->modeButton(AllowedChart::Mode::Allowed)->isChecked());
    }

    // endpoint-tiers: beside the table, each endpoint's share per algorithm, every column whole
    // (per user the busy user's health checks stop at 30 s: 30 + the quiet user's 60 of 120;
    // per user and endpoint all 120); boundary-attack has one endpoint and no breakdown.
    void endpointSharesShowBesideTheTable()
    {
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("endpoint-tiers")));
        QTableView* table = w.views().compare()->tables().endpoints();
        QVERIFY(table->isVisible());
        QAbstractItemModel* model = table->model();
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->headerData(2, Qt::Horizontal).toString(), QStringLiteral("per user and endpoint"));
        QCOMPARE(model->index(1, 0).data().toString(), QStringLiteral("GET /health"));
        QCOMPARE(model->index(1, 1).data().toString(), QStringLiteral("75.0% (90 of 120)"));
        QCOMPARE(model->index(1, 2).data().toString(), QStringLiteral("100% (120 of 120)"));
        int columns = 0;
        for (int c = 0; c < model->columnCount(); ++c)
            columns += table->horizontalHeader()->sectionSize(c);
        QVERIFY2(columns <= table->viewport()->width(), "a share is clipped");

        w.openExample(QStringLiteral("boundary-attack"));
        QVERIFY(waitSettled(w));
        QVERIFY(!table->isVisible());
    }

    // limit-after-work: chart D becomes the backend's latency, the table gains its columns.
    // 4 workers x 10 ms serve 400/s. Limiter first: 99 of every 100 user requests and user-0's 10/s enter,
    // 6,535 in 60 s: 6,535 x 10 ms / (4 workers x 60 s) = 27.2% busy (tst_backend), no wait. Limiter last:
    // all 500/s enter, the queue grows by 100 every second, so an allowed request arriving t s in
    // waits 100 t / 400 = 0.25 t s: in the last second, 14.75 s to 15 s, plus its own 10 ms.
    void backendModelShowsInChartDAndTable()
    {
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("limit-after-work")));
        BackendChart* chart = w.views().compare()->charts().backend();
        QVERIFY(chart->isVisible());
        QVERIFY(!w.views().compare()->charts().delay()->isVisible());
        QCOMPARE(w.views().compare()->charts().shown().back(), static_cast<ChartView*>(chart));
        QCOMPARE(chart->lines().size(), 2);
        const double histogramError = 1.016;  // delayhistogram.h: bucket error under 1.6%
        const qint64 first = chart->latencyAt(0, 59'500'000);
        QVERIFY2(first >= 10'000 && first <= 20'000 * histogramError, qPrintable(QString::number(first)));
        const qint64 last = chart->latencyAt(1, 59'500'000);
        QVERIFY2(last >= 14'750'000 && last <= 15'010'000 * histogramError, qPrintable(QString::number(last)));
        const Report& report = *w.controller()->lastReport();
        const QString firstBusy = fmt::share(double(report.algorithms[0].allowed) * 0.010 / (4 * 60));
        QVERIFY(chart->summaryText(0).startsWith(
            QStringLiteral("limiter first: limiter before the work, backend %1 busy").arg(firstBusy)));
        QVERIFY(chart->summaryText(1).startsWith(QStringLiteral("limiter last: limiter after the work, backend > 99.9% busy")));

        QTableView* table = w.views().compare()->tables().summary();
        QVERIFY(!table->isColumnHidden(ReportModel::BackendBusy));
        ReportModel* model = w.views().compare()->tables().model();
        QCOMPARE(model->index(0, ReportModel::BackendBusy).data().toString(), firstBusy);
        QVERIFY(model->index(1, ReportModel::BackendLatencyP99).data(ReportModel::SortRole).toLongLong() >= 14'750'000);

        // A scenario without a backend: the delay chart is back, the columns gone.
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        QVERIFY(w.views().compare()->charts().delay()->isVisible());
        QVERIFY(!chart->isVisible());
        QVERIFY(table->isColumnHidden(ReportModel::BackendBusy));
        QVERIFY(table->isColumnHidden(ReportModel::BackendLatencyP99));
    }

    // F1 in the summary table opens report.md at the current column's metric, selected; the
    // header's tooltip says so. On the algorithm column, report.md from its start.
    void f1ShowsTheColumnsDefinition()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        QTableView* table = w.views().compare()->tables().summary();
        QVERIFY(table->model()
                    ->headerData(ReportModel::PeakBurst, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .endsWith(QStringLiteral("(F1 in the column: its definition)")));
        table->setFocus();
        table->setCurrentIndex(table->model()->index(2, ReportModel::PeakBurst));
        QTest::keyClick(table, Qt::Key_F1);
        HelpDialog* help = w.findChild<HelpDialog*>();
        QVERIFY(help && help->isVisible());
        QVERIFY(help->shownText().startsWith(QStringLiteral("# The report")));
        QCOMPARE(help->selectedText(), QStringLiteral("Peak burst."));
        table->setCurrentIndex(table->model()->index(0, ReportModel::Overshoot));
        QTest::keyClick(table, Qt::Key_F1);
        QCOMPARE(help->selectedText(), QStringLiteral("Overshoot and wrong rejections."));
        // Every metric column's phrase is in report.md.
        for (int column = ReportModel::Requests; column < ReportModel::ColumnCount; ++column)
            QVERIFY2(help->showPhrase(QStringLiteral("report"), ReportModel::definitionPhrase(column)),
                     qPrintable(ReportModel::definitionPhrase(column)));
    }

    void pinnedRunShowsItsChanges()
    {
        // boundary-attack: bursts of 20 requests in 200 ms, 2 s apart (600 in all). The sliding
        // log at limit 10 admits 10 of each (300); at limit 20 a 1 s window never holds more
        // than one burst, so it admits all 600: +300, acceptance 50% -> 100%, +50.0 pp. The
        // other algorithms are unchanged, so their figures show no change.
        Scenario scenario = *scenariofiles::loadExample(QStringLiteral("boundary-attack")).scenario;
        MainWindow w;
        QVERIFY(showScenario(w, scenario));
        CompareView* compare = w.views().compare();
        compare->setPinned(true);
        QVERIFY(compare->isPinned());
        ReportModel* model = compare->tables().model();
        const auto rowOf = [&](const char* id) {
            for (int r = 0; r < model->rowCount(); ++r)
                if (model->index(r, 0).data(ReportModel::AlgorithmIdRole).toString() == QLatin1String(id))
                    return r;
            return -1;
        };
        const int log = rowOf("sliding_window_log");
        QCOMPARE(model->index(log, ReportModel::Allowed).data().toString(), QStringLiteral("300"));

        for (AlgorithmSpec& a : scenario.algorithms)
            if (a.id == "sliding_window_log")
                a.params["limit"] = "20";
        w.openScenario(scenario, QString());
        QVERIFY(waitSettled(w));
        QVERIFY(compare->isPinned());
        QCOMPARE(model->index(log, ReportModel::Allowed).data().toString(), QStringLiteral("600 (+300)"));
        QCOMPARE(model->index(log, ReportModel::Allowed).data(ReportModel::DeltaRole).toDouble(), 300.0);
        QVERIFY2(model->index(log, ReportModel::Acceptance).data().toString().endsWith(QStringLiteral("(+50.0 pp)")),
                 qPrintable(model->index(log, ReportModel::Acceptance).data().toString()));
        const int fixed = rowOf("fixed_window");
        QCOMPARE(model->index(fixed, ReportModel::Allowed).data().toString(), QStringLiteral("600"));
        QCOMPARE(model->index(fixed, ReportModel::Allowed).data(ReportModel::DeltaRole).toDouble(), 0.0);
        // Chart A draws the pinned run's four lanes faint, beside this run's four.
        QCOMPARE(compare->charts().allowed()->pinnedSeries().size(), 4);
        QCOMPARE(compare->charts().allowed()->algorithmSeries().size(), 4);

        compare->setPinned(false);
        QVERIFY(compare->charts().allowed()->pinnedSeries().isEmpty()
                || QTest::qWaitFor([&] { return compare->charts().allowed()->pinnedSeries().isEmpty(); }));
        QCOMPARE(model->index(log, ReportModel::Allowed).data().toString(), QStringLiteral("600"));
    }

    void legendHidesEverywhere()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        const QString id = QString::fromStdString(w.controller()->lastReport()->algorithms.front().id);
        w.views().compare()->bar().legend()->setHidden({id});
        QVERIFY(!w.views().compare()->charts().allowed()->algorithmSeries().front()->isVisible());
        QVERIFY(w.views().compare()->charts().burst()->bars().front().hidden);
        QVERIFY(w.views().compare()->tables().model()->index(0, 0).data(Qt::FontRole).value<QFont>().italic());
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
        QVERIFY(showScenario(w, scenario));
        AllowedChart* chart = w.views().compare()->charts().allowed();
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

    // Eight of one family: each line a different pattern in the same hue, so every (colour,
    // pattern) pair is distinct, and the default scenario's six families each their own colour;
    // the legend's swatches are wide enough to show a pattern and differ from one another.
    void seriesStylesAreDistinct()
    {
        std::string algorithms = "[";
        for (int i = 0; i < 8; ++i)
            algorithms += std::string(i ? "," : "") + "{\"id\": \"fw" + std::to_string(i)
                + "\", \"algorithm\": \"fixed_window\", \"params\": {\"limit\": " + std::to_string(4 + i)
                + ", \"window\": \"1s\"}}";
        algorithms += "]";
        QTemporaryDir dir;
        const Scenario eight = attackScenario(dir, algorithms.c_str());
        for (const Scenario& scenario : {eight, defaultScenario()}) {
            MainWindow w;
            QVERIFY(showScenario(w, scenario));
            const QList<QLineSeries*> series = w.views().compare()->charts().allowed()->algorithmSeries();
            QCOMPARE(series.size(), qsizetype(scenario.algorithms.size()));
            QSet<QString> pairs;
            for (QLineSeries* line : series) {
                QStringList dashes;
                for (const qreal d : line->pen().dashPattern())
                    dashes << QString::number(d);
                pairs.insert(line->pen().color().name() + QLatin1Char('/') + dashes.join(QLatin1Char(',')));
            }
            QCOMPARE(pairs.size(), series.size());
            QList<QImage> swatches;
            for (QToolButton* entry : w.views().compare()->bar().legend()->findChildren<QToolButton*>()) {
                QVERIFY(entry->iconSize().width() >= 3 * entry->iconSize().height());
                const QImage image = entry->icon().pixmap(entry->iconSize()).toImage();
                QVERIFY(!swatches.contains(image));
                swatches.append(image);
            }
            QCOMPARE(swatches.size(), series.size());
        }
        // The ninth of a family repeats the first: up to eight are told apart.
        const auto styles = palette::stylesFor(std::vector<std::string>(9, "gcra"), false);
        QCOMPARE(styles[8].dash, styles[0].dash);
        QCOMPARE(styles[8].dashPattern, styles[0].dashPattern);
    }

    // mallory at 1 s buckets: the fixed window allows 4 and 4, on its limit of 4 req/s. The
    // limit line lies under the series: along it, no pixel of the (text-coloured) dashes shows.
    void limitLineIsUnderTheSeries()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.views().compare()->bar().selector()->setKey(std::string("mallory"));
        w.views().compare()->bar().selector()->setBucket(1'000'000);
        w.openScenario(attackScenario(dir, kWindowAndLog), QString());
        QVERIFY(waitSettled(w));
        AllowedChart* chart = w.views().compare()->charts().allowed();
        QCOMPARE(chart->data().values()[0], (std::vector<double>{4, 4}));
        QCOMPARE(chart->data().limit()->front().costPerSecond, 4.0);
        chart->refreshNow();
        QTest::qWait(50);
        const QImage image = chart->grab().toImage();
        const QRectF plot = chart->chart()->plotArea();
        const QPoint at = chart->mapFromScene(chart->chart()->mapToPosition(QPointF(1, 4), chart->algorithmSeries().front()));
        int dark = 0;
        for (int x = int(plot.left()) + 10; x < int(plot.center().x()); ++x) {
            const QColor c = image.pixelColor(x, at.y());
            dark += c.red() < 0x70 && c.green() < 0x70 && c.blue() < 0x70 ? 1 : 0;
        }
        QCOMPARE(dark, 0);
    }

    // A drag across 0.3-0.93 s on chart A: B shows the peaks in that range, to the bucket (the
    // last, [0.90, 0.95), included): mallory's third request, 3 of 4 (0.75x at 0.94 s), for
    // both, where the whole run had the fixed window at 2.00x. For every key (the report's
    // series, which have no peaks per bucket) the zoom counts them: at 1 s, bucket [0, 1) has
    // mallory's 4 by 0.96 s: 1.00x for both.
    void zoomOnAUpdatesB()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        CompareView* view = w.views().compare();
        view->bar().selector()->setKey(std::string("mallory"));
        view->bar().selector()->setBucket(50'000);
        w.openScenario(attackScenario(dir, kWindowAndLog), QString());
        QVERIFY(waitSettled(w));
        BurstChart* burst = view->charts().burst();
        QCOMPARE(burst->shownPeak(0)->ratio, 2.0);
        QCOMPARE(burst->shownPeak(0)->atUs, SimTime(1'060'000));
        QCOMPARE(burst->shownPeak(1)->ratio, 1.0);

        AllowedChart* chart = view->charts().allowed();
        chart->refreshNow();
        const auto pixel = [chart](double seconds) {
            const QPointF scene = chart->chart()->mapToPosition(QPointF(seconds, 0), chart->algorithmSeries().front());
            return QPoint(chart->mapFromScene(scene).x(), int(chart->chart()->plotArea().center().y()));
        };
        QTest::mousePress(chart->viewport(), Qt::LeftButton, {}, pixel(0.3));
        QTest::mouseMove(chart->viewport(), pixel(0.93));
        QTest::mouseRelease(chart->viewport(), Qt::LeftButton, {}, pixel(0.93));
        QVERIFY(chart->zoom().currentRange().first > 0.25 && chart->zoom().currentRange().second < 0.95);
        QVERIFY(waitCompareReady(view));
        QCOMPARE(burst->shownPeak(0)->ratio, 0.75);
        QCOMPARE(burst->shownPeak(0)->atUs, SimTime(940'000));
        QCOMPARE(burst->shownPeak(1)->ratio, 0.75);
        QCOMPARE(burst->bars()[0].value, 0.75);
        QVERIFY2(burst->title().contains(QStringLiteral("key mallory")), qPrintable(burst->title()));

        view->bar().selector()->setKey(std::nullopt);
        view->bar().selector()->setBucket(0);  // the report's, 1 s
        QVERIFY(waitCompareReady(view));
        QCOMPARE(burst->shownPeak(0)->ratio, 1.0);
        QCOMPARE(burst->shownPeak(0)->atUs, SimTime(960'000));
        QCOMPARE(burst->shownPeak(1)->ratio, 1.0);
        // Back to the whole run: the report's 2.00x at 1.06 s.
        chart->zoom().reset();
        QVERIFY(waitCompareReady(view));
        QCOMPARE(burst->shownPeak(0)->ratio, 2.0);
        QCOMPARE(burst->shownPeak(0)->atUs, SimTime(1'060'000));
    }

    // Compare over cluster-redis-outage: chart C says where each lane's state was held. One
    // global key: the store holds it (a token bucket, 16 B); under local_fallback each of the 4
    // instances also holds a bucket once the store is down, while the store's key (drained by
    // 300/s against 100/s) lives on about 1 s after its last write: 5 keys, 80 B. Our token
    // bucket script's key takes 181 B in Redis (redismemory.h). Each label fits right of its bar
    // inside the plot. No request costs more than the limit: no column.
    void compareShowsWhereStateIsHeld()
    {
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("cluster-redis-outage"), MainWindow::View::Compare));
        StateChart* chart = w.views().compare()->charts().state();
        const QStringList expected{QStringLiteral("16 B/key · 16 B, 1 key in the store · in Redis 181 B"),
                                   QStringLiteral("16 B/key · 16 B, 1 key in the store · in Redis 181 B"),
                                   QStringLiteral("16 B/key · 80 B, 5 keys: store 1, up to 1 per instance · in Redis 181 B"),
                                   QStringLiteral("16 B/key · 16 B, 1 key in the store · in Redis 181 B")};
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
        ReportModel* model = w.views().compare()->tables().model();
        QCOMPARE(model->index(2, ReportModel::PeakState).data().toString(), QStringLiteral("80 B"));
        QTableView* table = w.views().compare()->tables().summary();
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
            {"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}]})",
                                               "costly", dir.path().toStdString());
        MainWindow w;
        QVERIFY(showScenario(w, scenario, MainWindow::View::Compare));
        QVERIFY(!w.views().compare()->tables().summary()->isColumnHidden(ReportModel::NeverAdmissible));
        ReportModel* model = w.views().compare()->tables().model();
        QCOMPARE(model->index(0, ReportModel::NeverAdmissible).data().toString(), QStringLiteral("5"));
        QCOMPARE(model->index(1, ReportModel::NeverAdmissible).data().toString(), QStringLiteral("8"));
        // Every row visible above the horizontal scroll bar the wider table needs.
        QTableView* table = w.views().compare()->tables().summary();
        QVERIFY(table->rowViewportPosition(1) + table->rowHeight(1) <= table->viewport()->height());
    }
};

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
