// The Logs view: the sample import, replay, the advisor, the keep handle and window.
#include "tests/gui/guitest.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QMimeData>
#include <QSettings>

using namespace ratelab;

namespace {

// What the Logs view shows of rates: axis titles, the card's first row, the first top key,
// the readout and the charts' data.
struct RatesShown {
    QString distAxis, tradeAxis, cardHeader, cardLimit, cardParams, topHeader, topPeak, readout;
    double cardLimitValue = 0, topPeakValue = 0;
    QList<RateDistributionChart::Bar> bars;
    QList<QPair<double, double>> percentiles;
    QList<QPointF> curve;
};

RatesShown readRates(AdvisorView* a)
{
    RecommendationModel* card = a->card()->model();
    TopKeysModel* top = a->details().topKeysModel();
    RatesShown s;
    s.distAxis = a->charts().distributionChart()->chart()->axes(Qt::Horizontal).front()->titleText();
    s.tradeAxis = a->charts().tradeoffChart()->chart()->axes(Qt::Horizontal).front()->titleText();
    s.cardHeader = card->headerData(RecommendationModel::Limit, Qt::Horizontal).toString();
    s.cardLimit = card->index(0, RecommendationModel::Limit).data().toString();
    s.cardLimitValue = card->index(0, RecommendationModel::Limit).data(RecommendationModel::RawRole).toDouble();
    s.cardParams = card->index(0, RecommendationModel::Parameters).data().toString();
    s.topHeader = top->headerData(TopKeysModel::PeakRate, Qt::Horizontal).toString();
    s.topPeak = top->index(0, TopKeysModel::PeakRate).data().toString();
    s.topPeakValue = top->index(0, TopKeysModel::PeakRate).data(TopKeysModel::RateRole).toDouble();
    s.readout = a->charts().readoutText();
    s.bars = a->charts().distributionChart()->bars();
    s.percentiles = a->charts().distributionChart()->percentileTicks();
    s.curve = qobject_cast<QXYSeries*>(a->charts().tradeoffChart()->chart()->series().front())->points();
    return s;
}

}  // namespace

class TestLogsView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(startSuite());
        QSettings().remove(QLatin1String(AdvisorView::kRateUnitKey));  // req/min, the default
    }

    // The Logs view imports the sample when first shown, with the bad line listed.
    void logsViewSample()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 60'000));
        QVERIFY(w.views().logs()->headerText().contains(QStringLiteral("apache_combined_elastic-examples_2015.log")));
        QVERIFY(w.views().logs()->headerText().contains(QStringLiteral("2015-05-17 10:05")));
        QCOMPARE(w.views().logs()->badLinesTable()->model()->rowCount(), 1);
        QCOMPARE(w.views().logs()->badLinesTable()->model()->index(0, 0).data().toString(), QStringLiteral("8899"));
        // The sample's busiest-minute bins hold from 2 keys to over 800: the keys axis is log, so
        // the tail's bars are not a pixel high.
        QVERIFY(w.views().logs()->advisor()->charts().distributionChart()->keysAxisIsLog());
    }

    // A log opens directly, by File > Import log… (openLog) or by a drop on the window, and the
    // Logs view shows it instead of the sample: the haproxy test log holds 10 requests of 2
    // client IPs. A scenario dropped on the window opens as a scenario.
    void logsOpenDirectlyAndByDrop()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(findAction(&w, QStringLiteral("Import log…")));
        const QString log = QStringLiteral(RATELAB_SOURCE_DIR "/tests/data/logs/haproxy_http_elastic-beats.log");
        QMimeData logData;
        logData.setUrls({QUrl::fromLocalFile(log)});
        QSignalSpy ready(w.views().logs(), &LogsView::ready);
        QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &logData, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &logData, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(ready.wait(60'000) && w.views().logs()->isReady());
        QCOMPARE(w.views().view(), MainWindow::View::Logs);
        QVERIFY2(w.views().logs()->headerText().startsWith(
                     QStringLiteral("<b>haproxy_http_elastic-beats.log</b>: 10 lines, 10 requests, 2 keys")),
                 qPrintable(w.views().logs()->headerText()));
        // Two keys: the distribution and the curve say so instead of drawing steps of a half.
        QCOMPARE(w.views().logs()->advisor()->charts().distributionChart()->shownSentence(),
                 QStringLiteral("Only 2 keys in this log: too few for a distribution of per-key rates (10 at least)"));
        QVERIFY(w.views().logs()->advisor()->charts().tradeoffChart()->shownSentence().startsWith(
            QStringLiteral("Only 2 keys: too few")));

        QMimeData scenarioData;
        scenarioData.setUrls({QUrl::fromLocalFile(QStringLiteral(RATELAB_SOURCE_DIR "/resources/scenarios/retry-storm.json"))});
        QDragEnterEvent enterScenario(QPoint(200, 200), Qt::CopyAction, &scenarioData, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enterScenario);
        QVERIFY(enterScenario.isAccepted());
        QDropEvent dropScenario(QPointF(200, 200), Qt::CopyAction, &scenarioData, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &dropScenario);
        QCOMPARE(QString::fromStdString(w.document()->scenario().name),
                 QStringLiteral("Retry storm: ignoring Retry-After versus honouring it"));
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
        AdvisorView* a = w.views().logs()->advisor();
        const auto advice = a->result();
        QVERIFY(advice);
        QVERIFY(a->exports().replayButton()->isEnabled());

        QSignalSpy settled(&w, &MainWindow::settled);
        a->exports().replayButton()->click();
        QCOMPARE(w.views().view(), MainWindow::View::Compare);
        QVERIFY(settled.wait(kRunTimeoutMs));
        const auto report = w.controller()->lastReport();
        QVERIFY(report);
        QCOMPARE(report->algorithms.size(), advice->recommendations.size());
        ReportModel* model = w.views().compare()->tables().model();
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
        AdvisorView* a = w.views().logs()->advisor();
        QVERIFY(a->result());
        QVERIFY(!a->charts().asTabs());

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
            QCOMPARE(cell(RecommendationModel::Parameters, RecommendationModel::RawRole).toString(), expectedParams(rec));
            QCOMPARE(cell(RecommendationModel::Kept, RecommendationModel::RawRole).toDouble(), rec.keysUnthrottledShare);
            QCOMPARE(cell(RecommendationModel::Kept).toString(), fmt::share(rec.keysUnthrottledShare));
            QCOMPARE(cell(RecommendationModel::RequestsRejected, RecommendationModel::RawRole).toDouble(),
                     rec.requestsRejectedShare);
            QCOMPARE(cell(RecommendationModel::RequestsRejected).toString(), fmt::share(rec.requestsRejectedShare, 2));
            QCOMPARE(cell(RecommendationModel::Target, RecommendationModel::RawRole).toBool(), rec.targetMet);
        }

        // The histogram and CDF of 1 s, then of the selected window (1 min): clicking 1 s asks the
        // advisor for W = 1 s, and 1 min back before the debounce asks for the 1 min advice again.
        RateDistributionChart* dist = a->charts().distributionChart();
        for (int window : {0, 2}) {
            a->charts().windowButtons()->button(window)->click();
            const Distribution& d = expected.rates.windows[std::size_t(window)].distribution;
            // Rates per minute, the view's default unit.
            const double perMinute = 60e6 / double(expected.rates.windows[std::size_t(window)].windowUs);
            QCOMPARE(dist->bars().size(), qsizetype(d.histogram.size()));
            for (std::size_t i = 0; i < d.histogram.size(); ++i)
                QCOMPARE(dist->bars()[qsizetype(i)].keys, d.histogram[i].keys);
            QCOMPARE(dist->cdfSteps().size(), qsizetype(d.cdf.size()));
            for (std::size_t i = 0; i < d.cdf.size(); ++i) {
                QCOMPARE(dist->cdfSteps()[qsizetype(i)].x(), double(d.cdf[i].value) * perMinute);
                QCOMPARE(dist->cdfSteps()[qsizetype(i)].y(), 100.0 * double(d.cdf[i].keys) / double(d.count));
            }
            QCOMPARE(dist->percentileTicks().size(), qsizetype(4));
            QCOMPARE(dist->percentileTicks()[2].second, double(d.percentiles[2].value) * perMinute);
        }
        QVERIFY(a->controller()->isPending());
        QVERIFY(nextAdvice(a));
        QCOMPARE(a->result()->options.windowUs, kMicrosPerMinute);

        // The top keys and the curve are the selected algorithm's (token_bucket, then leaky_bucket).
        TradeoffChart* chart = a->charts().tradeoffChart();
        for (int row : {0, 1}) {
            a->card()->selectRow(row);
            const Recommendation& rec = expected.recommendations[std::size_t(row)];
            QCOMPARE(chart->grid().size(), int(rec.curve.size()));
            QCOMPARE(chart->grid().targetPoint()->value, rec.value);
            QCOMPARE(a->details().topKeysModel()->rowCount(), int(rec.topKeys.size()));
            if (!rec.topKeys.empty())
                QCOMPARE(a->details().topKeysModel()->index(0, TopKeysModel::Key).data().toString(),
                         QString::fromStdString(rec.topKeys[0].name));
        }
        a->card()->selectRow(0);
        const Recommendation& tb = expected.recommendations[0];
        // capacity v refilled per 1 min admits v req/min.
        QVERIFY(a->charts().readoutText().startsWith(QLocale().toString(tb.value) + QStringLiteral(" req/min: ")));
        QVERIFY(
            a->charts().readoutText().contains(fmt::share(tb.keysUnthrottledShare) + QStringLiteral(" of keys never throttled")));

        // The spin box moves the line at once, the advisor only after the debounce.
        AdvisorController* controller = a->controller();
        QSignalSpy started(controller, &AdvisorController::started);
        a->card()->target().keepSpin()->setValue(90.0);
        QVERIFY(controller->isPending());
        QCOMPARE(started.count(), 0);
        QCOMPARE(chart->grid().target(), int(firstPointMeeting(tb.curve, 900'000, AdvisorTarget::Keys, expected.keys)));
        auto advice = nextAdvice(a);
        QVERIFY(advice);
        QCOMPARE(started.count(), 1);
        options.targetPpm = 900'000;
        const AdvisorResult at90 = advise(set, options);
        for (int row = 0; row < card->rowCount(); ++row)
            QCOMPARE(card->index(row, RecommendationModel::Parameters).data(RecommendationModel::RawRole).toString(),
                     expectedParams(at90.recommendations[std::size_t(row)]));
        QVERIFY(at90.recommendations[0].value < tb.value);
        QCOMPARE(chart->grid().targetPoint()->value, at90.recommendations[0].value);

        // Right steps one grid point: the card reads the share there; the advisor follows.
        chart->setFocus();
        const int before = chart->grid().target();
        QTest::keyClick(chart, Qt::Key_Right);
        QCOMPARE(chart->grid().target(), before + 1);
        const CurvePoint stepped = *chart->grid().targetPoint();
        const std::int64_t ppm = keptPpm(stepped, AdvisorTarget::Keys, expected.keys);
        QCOMPARE(a->card()->target().keepPpm(), ppm);
        QVERIFY(controller->isPending());
        advice = nextAdvice(a);
        QVERIFY(advice);
        QCOMPARE(advice->options.targetPpm, ppm);
        QVERIFY(advice->recommendations[0].value <= stepped.value);
        QCOMPARE(advice->recommendations[0].keysUnthrottled, stepped.keysUnthrottled);

        // A drag moves the line and the readout, and asks for nothing until the release.
        chart->refreshNow();
        const int from = chart->grid().target();
        const int to = std::max(0, from - 5);
        const QString readoutBefore = a->charts().readoutText();
        started.clear();
        QTest::mousePress(chart->viewport(), Qt::LeftButton, {}, targetPixel(chart, from));
        QTest::mouseMove(chart->viewport(), targetPixel(chart, to));
        QCOMPARE(chart->grid().target(), to);
        QVERIFY(a->charts().readoutText() != readoutBefore);
        QTest::qWait(AdvisorController::kDebounceMs + 100);
        QVERIFY(!controller->isPending() && !controller->isRunning());
        QCOMPARE(started.count(), 0);
        QTest::mouseRelease(chart->viewport(), Qt::LeftButton, {}, targetPixel(chart, to));
        QVERIFY(controller->isPending());
        QVERIFY(nextAdvice(a));

        // Export: the engine's text for the selected algorithm; nginx only where it holds the rate.
        const auto exported = [&](ExportTarget target) {
            const Recommendation* rec = a->card()->selected();
            return QString::fromStdString(exportLimit(rec->algorithm, rec->params, target));
        };
        ExportDialog* lua = a->exports().openExport(ExportTarget::RedisLua);
        QVERIFY(lua);
        QCOMPARE(lua->text(), exported(ExportTarget::RedisLua));
        lua->close();
        emit a->card()->actions().exportMenu()->aboutToShow();
        QVERIFY(a->card()->actions().exportMenu()->actions()[0]->isEnabled());
        // The token bucket here is capacity 1 at 1/m: nginx would run 1r/m at 16 milli-requests a
        // second (0.96/m), so it is refused as the leaky bucket below is.
        QVERIFY(!a->card()->actions().exportMenu()->actions()[1]->isEnabled());
        QVERIFY(a->card()->actions().exportMenu()->actions()[1]->toolTip().contains(QStringLiteral("would run at 16")));
        a->card()->selectRow(1);
        emit a->card()->actions().exportMenu()->aboutToShow();
        // The leaky bucket here is 1/m, burst 0: nginx keeps whole milli-requests per second and
        // would run "1r/m" at 16 (0.96/m), so the engine refuses and the menu says why.
        QCOMPARE(QString::fromStdString(a->card()->selected()->params.at("rate")), QStringLiteral("1/m"));
        QVERIFY(!a->card()->actions().exportMenu()->actions()[1]->isEnabled());
        QVERIFY2(a->card()->actions().exportMenu()->actions()[1]->toolTip().contains(QStringLiteral("would run at 16")),
                 qPrintable(a->card()->actions().exportMenu()->actions()[1]->toolTip()));
        QVERIFY(a->card()->actions().exportMenu()->actions()[0]->isEnabled());
        ExportDialog* luaLeaky = a->exports().openExport(ExportTarget::RedisLua);
        QCOMPARE(luaLeaky->text(), exported(ExportTarget::RedisLua));
        QVERIFY(luaLeaky->text().contains(QStringLiteral("leaky_bucket")));
        luaLeaky->close();

        // Below 1200 px the charts become tabs; the rate unit stays in sight on either tab.
        w.resize(1100, 760);
        QTRY_VERIFY(a->charts().asTabs());
        for (int tab = 0; tab < 2; ++tab) {
            a->charts().tabs()->setCurrentIndex(tab);
            QTRY_VERIFY(a->charts().rateUnitCombo()->isVisible());
        }
        w.resize(1600, 1000);
        QTRY_VERIFY(!a->charts().asTabs());
        QTRY_VERIFY(a->charts().rateUnitCombo()->isVisible());
    }

    // gui-guide.md 4.3: the keep handle on the left axis. Over it the cursor is a vertical-resize one;
    // dragging it to 90% sets the card's share and moves the line to the smallest grid limit
    // keeping 90% of keys, without asking the advisor until the release. The knee is the
    // engine's knee of the curve shown.
    void logsViewKeepHandle()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 120'000));
        AdvisorView* a = w.views().logs()->advisor();
        TradeoffChart* chart = a->charts().tradeoffChart();
        chart->refreshNow();
        // Both shares' axes start at zero, so a share's height is its size.
        for (QAbstractAxis* axis : chart->chart()->axes(Qt::Vertical))
            QCOMPARE(qobject_cast<QCategoryAxis*>(axis)->min(), 0.0);
        QTRY_VERIFY(chart->chart()->plotArea().left() > 30);  // laid out with its axis labels
        const auto advice = a->result();
        const Recommendation& tb = advice->recommendations[0];
        QCOMPARE(chart->grid().keepPpm(), std::int64_t(990'000));
        QCOMPARE(chart->grid().curve().knee(), curveKnee(tb, AdvisorTarget::Keys, advice->keys, advice->options.windowUs));
        QVERIFY(chart->grid().curve().knee().has_value());

        const QPoint handle = chart->keepHandlePos().toPoint();
        QTest::mouseMove(chart->viewport(), handle + QPoint(0, 4));
        QCOMPARE(chart->cursor().shape(), Qt::SizeVerCursor);
        QTest::mouseMove(chart->viewport(), handle + QPoint(40, 40));
        QVERIFY(chart->cursor().shape() != Qt::SizeVerCursor);

        // The height of 90% on the left axis, through the chart's own mapping.
        const QPointF at90 = chart->chart()->mapToPosition(QPointF(std::log10(60 * chart->grid().limitAt(0)), 90.0),
                                                           chart->chart()->series().front());
        const QPoint to = chart->mapFromScene(QPointF(chart->chart()->plotArea().left() + 2, at90.y()));
        QSignalSpy started(a->controller(), &AdvisorController::started);
        QTest::mousePress(chart->viewport(), Qt::LeftButton, {}, handle);
        QTest::mouseMove(chart->viewport(), to);
        QCOMPARE(chart->grid().keepPpm(), std::int64_t(900'000));
        QCOMPARE(a->card()->target().keepPpm(), std::int64_t(900'000));
        QCOMPARE(a->card()->target().keepSpin()->value(), 90.0);
        // 90% of 1,753 keys is 1,578: the first curve point keeping that many.
        int first = -1;
        for (std::size_t i = 0; i < tb.curve.size() && first < 0; ++i)
            if (tb.curve[i].keysUnthrottled >= 1578)
                first = int(i);
        QCOMPARE(advice->keys, std::int64_t(1753));
        QCOMPARE(chart->grid().target(), first);
        QVERIFY(a->charts().readoutText().startsWith(fmt::rateNumber(60 * chart->grid().limitAt(first))
                                                     + QStringLiteral(" req/min")));
        QTest::qWait(AdvisorController::kDebounceMs + 100);
        QVERIFY(!a->controller()->isPending() && !a->controller()->isRunning());
        QCOMPARE(started.count(), 0);
        QTest::mouseRelease(chart->viewport(), Qt::LeftButton, {}, to);
        QVERIFY(a->controller()->isPending());
        const auto after = nextAdvice(a);
        QVERIFY(after);
        QCOMPARE(after->options.targetPpm, std::int64_t(900'000));
        QVERIFY(after->recommendations[0].keysUnthrottled >= 1578);
        QCOMPARE(chart->grid().targetPoint()->value, after->recommendations[0].value);
        QCOMPARE(chart->grid().keepPpm(), std::int64_t(900'000));
    }

    // The window selector sets the advisor's W: after the debounce the card, the curve and the
    // top keys are the advice for W = 10 s, as ratelab::advise gives it on the same requests.
    void logsViewAdvisorWindow()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 120'000));
        AdvisorView* a = w.views().logs()->advisor();
        QCOMPARE(a->result()->options.windowUs, kMicrosPerMinute);
        a->charts().windowButtons()->button(1)->click();
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
            QCOMPARE(card->index(row, RecommendationModel::Parameters).data(RecommendationModel::RawRole).toString(),
                     expectedParams(expected.recommendations[std::size_t(row)]));
        // token_bucket per 10 s: its refill reads per 10 s, the line sits on its value.
        const Recommendation& tb = expected.recommendations[0];
        QCOMPARE(a->charts().tradeoffChart()->grid().targetPoint()->value, tb.value);
        QCOMPARE(a->charts().tradeoffChart()->grid().limitAt(a->charts().tradeoffChart()->grid().target()),
                 double(tb.value) / 10);
        QCOMPARE(a->details().topKeysModel()->rowCount(), int(tb.topKeys.size()));
        // The peak per 10 s reads per minute: six times the count.
        QCOMPARE(a->details().topKeysModel()->headerData(TopKeysModel::PeakRate, Qt::Horizontal).toString(),
                 QStringLiteral("peak rate\n(req/min)"));
        if (!tb.topKeys.empty()) {
            QCOMPARE(a->details().topKeysModel()->index(0, TopKeysModel::PeakRate).data(TopKeysModel::RawRole).toLongLong(),
                     qint64(tb.topKeys[0].rateInWindow.peak));
            QCOMPARE(a->details().topKeysModel()->index(0, TopKeysModel::PeakRate).data(TopKeysModel::RateRole).toDouble(),
                     6.0 * double(tb.topKeys[0].rateInWindow.peak));
        }
        // Clicking the window already in use asks for nothing.
        a->charts().windowButtons()->button(1)->click();
        QVERIFY(!a->controller()->isPending());
    }
    // gui-guide.md 4.3: no label sits on a curve. In both charts, for every window W, every
    // algorithm's curve and two window sizes, no annotation label's rectangle holds a point of
    // any series, the points mapped into the chart by QChart::mapToPosition.
    void logsViewLabelsOffTheCurves()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 120'000));
        AdvisorView* a = w.views().logs()->advisor();
        int checked = 0;
        const auto pointUnder = [&checked](ChartView* chart, const QList<QGraphicsSimpleTextItem*>& labels) -> QString {
            QChart* c = chart->chart();
            for (QGraphicsSimpleTextItem* label : labels) {
                const QRectF rect = label->mapRectToParent(label->boundingRect());
                for (QAbstractSeries* series : c->series()) {
                    auto* xy = qobject_cast<QXYSeries*>(series);
                    if (auto* area = qobject_cast<QAreaSeries*>(series))
                        xy = area->upperSeries();
                    if (!xy || !series->isVisible())
                        continue;
                    for (const QPointF& p : xy->points()) {
                        const QPointF at = c->mapToPosition(p, series);
                        if (c->plotArea().contains(at) && rect.contains(at))
                            return QStringLiteral("'%1' at (%2, %3 %4x%5) covers (%6, %7)")
                                .arg(label->text())
                                .arg(rect.x())
                                .arg(rect.y())
                                .arg(rect.width())
                                .arg(rect.height())
                                .arg(at.x())
                                .arg(at.y());
                    }
                }
                ++checked;
            }
            return {};
        };
        for (const QSize size : {QSize(1600, 1000), QSize(1280, 800)}) {
            w.resize(size);
            for (int window = 0; window < 4; ++window) {
                a->charts().windowButtons()->button(window)->click();
                if (a->controller()->isPending())
                    QVERIFY(nextAdvice(a));
                for (int row = 0; row < a->card()->model()->rowCount(); ++row) {
                    a->card()->selectRow(row);
                    for (ChartView* chart : {static_cast<ChartView*>(a->charts().distributionChart()),
                                             static_cast<ChartView*>(a->charts().tradeoffChart())})
                        chart->refreshNow();
                    QApplication::processEvents();
                    const QString where =
                        QStringLiteral(" (%1x%2, window %3, row %4)").arg(size.width()).arg(size.height()).arg(window).arg(row);
                    QString hit =
                        pointUnder(a->charts().distributionChart(), a->charts().distributionChart()->annotationLabels());
                    QVERIFY2(hit.isEmpty(), qPrintable(hit + where));
                    hit = pointUnder(a->charts().tradeoffChart(), a->charts().tradeoffChart()->annotationLabels());
                    QVERIFY2(hit.isEmpty(), qPrintable(hit + where));
                }
            }
        }
        QVERIFY(checked > 100);
    }

    // gui-guide.md 4.3: one rate unit across the view. req/min by default; switching to req/s
    // turns every axis title, the card's limit and parameters, the readout and the top keys to
    // req/s, each rate exactly 60 times smaller, and the choice is remembered.
    void logsViewRateUnit()
    {
        MainWindow w;
        QVERIFY(showLogsView(w, 120'000));
        AdvisorView* a = w.views().logs()->advisor();
        QCOMPARE(a->rateUnit(), fmt::RateUnit::PerMinute);
        QCOMPARE(a->charts().rateUnitCombo()->currentText(), QStringLiteral("req/min"));
        const auto advice = a->result();
        QCOMPARE(advice->options.windowUs, kMicrosPerMinute);
        const Recommendation& tb = advice->recommendations[0];  // token_bucket: capacity v, refill v/m
        QCOMPARE(tb.algorithm, std::string("token_bucket"));
        QVERIFY(!tb.topKeys.empty());
        const qint64 peak = tb.topKeys[0].rateInWindow.peak;  // most requests in any 1 min
        QVERIFY(tb.value < 1000 && peak < 1000);

        const RatesShown perMin = readRates(a);
        a->charts().rateUnitCombo()->setCurrentIndex(a->charts().rateUnitCombo()->findText(QStringLiteral("req/s")));
        QCOMPARE(a->rateUnit(), fmt::RateUnit::PerSecond);
        const RatesShown perSec = readRates(a);

        QVERIFY2(perMin.distAxis.contains(QStringLiteral("(req/min, log)")), qPrintable(perMin.distAxis));
        QVERIFY2(perSec.distAxis.contains(QStringLiteral("(req/s, log)")), qPrintable(perSec.distAxis));
        QVERIFY2(perMin.tradeAxis.startsWith(QStringLiteral("limit (req/min, log)")), qPrintable(perMin.tradeAxis));
        QVERIFY2(perSec.tradeAxis.startsWith(QStringLiteral("limit (req/s, log)")), qPrintable(perSec.tradeAxis));
        QCOMPARE(perMin.cardHeader, QStringLiteral("limit\n(req/min)"));
        QCOMPARE(perSec.cardHeader, QStringLiteral("limit\n(req/s)"));
        QCOMPARE(perMin.topHeader, QStringLiteral("peak rate\n(req/min)"));
        QCOMPARE(perSec.topHeader, QStringLiteral("peak rate\n(req/s)"));

        // The card: capacity v refilled per 1 min admits v per minute, v/60 per second.
        QCOMPARE(perMin.cardLimitValue, double(tb.value));
        QCOMPARE(perMin.cardLimitValue, 60 * perSec.cardLimitValue);
        QCOMPARE(perMin.cardLimit, QLocale().toString(tb.value));
        QCOMPARE(perSec.cardLimit, fmt::rateNumber(double(tb.value) / 60));
        QVERIFY2(perMin.cardParams.contains(QStringLiteral("refill %1/min").arg(tb.value)), qPrintable(perMin.cardParams));
        QVERIFY2(perSec.cardParams.contains(QStringLiteral("refill %1/s").arg(fmt::rateNumber(double(tb.value) / 60))),
                 qPrintable(perSec.cardParams));
        // The readout at the recommended point shows the card's number in the same unit.
        QVERIFY2(perMin.readout.startsWith(perMin.cardLimit + QStringLiteral(" req/min: ")), qPrintable(perMin.readout));
        QVERIFY2(perSec.readout.startsWith(perSec.cardLimit + QStringLiteral(" req/s: ")), qPrintable(perSec.readout));
        // The top keys: the peak count per 1 min is the rate per minute.
        QCOMPARE(perMin.topPeakValue, double(peak));
        QCOMPARE(perMin.topPeakValue, 60 * perSec.topPeakValue);
        QCOMPARE(perMin.topPeak, QLocale().toString(peak));
        QCOMPARE(perSec.topPeak, fmt::rateNumber(double(peak) / 60));
        // The charts' data: every bar, percentile and curve point 60 times further right.
        QCOMPARE(perMin.bars.size(), perSec.bars.size());
        QVERIFY(!perMin.bars.isEmpty());
        for (qsizetype i = 0; i < perMin.bars.size(); ++i) {
            QCOMPARE(perMin.bars[i].lower, 60 * perSec.bars[i].lower);
            QCOMPARE(perMin.bars[i].upper, 60 * perSec.bars[i].upper);
        }
        QCOMPARE(perMin.percentiles.size(), qsizetype(4));
        for (qsizetype i = 0; i < 4; ++i)
            QCOMPARE(perMin.percentiles[i].second, 60 * perSec.percentiles[i].second);
        QCOMPARE(perMin.curve.size(), perSec.curve.size());
        for (qsizetype i = 0; i < perMin.curve.size(); ++i)
            QCOMPARE(std::pow(10.0, perMin.curve[i].x()), 60 * std::pow(10.0, perSec.curve[i].x()));

        // Remembered: the next window opens in req/s.
        QCOMPARE(QSettings().value(QLatin1String(AdvisorView::kRateUnitKey)).toString(), QStringLiteral("s"));
        {
            MainWindow again;
            QCOMPARE(again.views().logs()->advisor()->rateUnit(), fmt::RateUnit::PerSecond);
            QCOMPARE(again.views().logs()->advisor()->charts().rateUnitCombo()->currentText(), QStringLiteral("req/s"));
        }
        QSettings().remove(QLatin1String(AdvisorView::kRateUnitKey));
    }
};

QTEST_MAIN(TestLogsView)
#include "tst_logsview.moc"
