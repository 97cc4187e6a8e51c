// The Cluster view: aligned plots, series, every lane drawn, folded charts, rejections per lane,
// window ticks, tooltips, outage bands and the empty state.
#include "app/gui/charts/cluster/collapsiblechart.h"
#include "app/gui/charts/cluster/lanerejectedchart.h"
#include "app/gui/charts/cluster/windowticks.h"
#include "app/gui/views/cluster/clustercharts.h"
#include "app/gui/views/cluster/clustersummaryrow.h"
#include "tests/gui/guitest.h"

#include <QLabel>

using namespace ratelab;

namespace {

// Shows the window at 1600 x 1000 on the Cluster view of an embedded example, run.
bool showCluster(MainWindow& w, const QString& example)
{
    return showExample(w, example, MainWindow::View::Cluster) && w.views().cluster()->hasCluster();
}

QStringList lineNames(const ClusterTimeChart* chart)
{
    QStringList names;
    for (const QLineSeries* line : chart->lines())
        names << line->name();
    return names;
}

}  // namespace

class TestClusterView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    // The stacked time charts share one plot-area left edge (gui-guide.md 5). The view aligns them
    // as it shows the run; a relayout after that (on a loaded machine the window's first layouts
    // can come later) is aligned again on the view's timer, so the check waits for it.
    void clusterPlotsAligned()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.views().setView(MainWindow::View::Cluster);
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
        const QList<ClusterTimeChart*> charts = w.views().cluster()->charts().all();
        QCOMPARE(charts.size(), qsizetype(5));
        const auto misaligned = [&]() -> QString {
            const double left = charts.front()->chart()->plotArea().left();
            for (ClusterTimeChart* c : charts)
                if (std::abs(c->chart()->plotArea().left() - left) >= 1)
                    return QStringLiteral("%1: %2 vs %3").arg(c->title()).arg(c->chart()->plotArea().left()).arg(left);
            return {};
        };
        QTRY_VERIFY2_WITH_TIMEOUT(misaligned().isEmpty(), qPrintable(misaligned()), 2000);
    }

    // The Cluster view over cluster-redis-outage: the plotted series are the report's.
    void clusterViewSeries()
    {
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("cluster-redis-outage"), MainWindow::View::Cluster));
        ClusterView* v = w.views().cluster();
        QVERIFY(v->hasCluster());
        const auto report = w.controller()->lastReport();
        const auto scenario = w.controller()->lastScenario();
        QVERIFY(scenario->cluster);
        QCOMPARE(v->algorithmPicker()->count(), int(report->algorithms.size()));
        const double bucket = double(report->bucketUs) / 1e6;
        for (int a = 0; a < int(report->algorithms.size()); ++a) {
            v->algorithmPicker()->setCurrentIndex(a);
            const ClusterStats& s = *report->algorithms[std::size_t(a)].cluster;
            // One line per instance, equal to instanceAllowedSeries (per second).
            QCOMPARE(v->charts().instances()->lines().size(), int(s.instanceAllowedSeries.size()));
            QCOMPARE(int(s.instanceAllowedSeries.size()), 4);
            for (int i = 0; i < int(s.instanceAllowedSeries.size()); ++i) {
                const QList<QPointF> pts = v->charts().instances()->fullPoints(i);
                QCOMPARE(pts.size(), qsizetype(s.instanceAllowedSeries[std::size_t(i)].size()));
                for (int b = 0; b < pts.size(); ++b)
                    QCOMPARE(pts[b].y(), double(s.instanceAllowedSeries[std::size_t(i)][std::size_t(b)]) / bucket);
                QVERIFY(!v->charts().instances()->lines()[i]->points().isEmpty());
                // Named at its right end, right of the plot, labels not overlapping.
                QGraphicsSimpleTextItem* label = v->charts().instances()->endLabels().items()[i];
                QCOMPARE(label->text(), QStringLiteral("inst-%1").arg(i));
                QVERIFY(label->isVisible());
                QVERIFY(label->pos().x() > v->charts().instances()->chart()->plotArea().right());
                for (int j = 0; j < i; ++j) {
                    const QGraphicsSimpleTextItem* other = v->charts().instances()->endLabels().items()[j];
                    const QRectF a = label->mapRectToScene(label->boundingRect()).adjusted(0, 2, 0, -2);
                    QVERIFY(!a.intersects(other->mapRectToScene(other->boundingRect()).adjusted(0, 2, 0, -2)));
                }
            }
            QCOMPARE(v->charts().instances()->endLabels().items().size(), 4);
            // Decisions during outages: allowed then rejected.
            QCOMPARE(v->charts().outage()->lines().size(), 2);
            const QList<QPointF> allowed = v->charts().outage()->fullPoints(0);
            const QList<QPointF> rejected = v->charts().outage()->fullPoints(1);
            QCOMPARE(allowed.size(), qsizetype(s.outageAllowedSeries.size()));
            QCOMPARE(rejected.size(), qsizetype(s.outageRejectedSeries.size()));
            for (int b = 0; b < allowed.size(); ++b) {
                QCOMPARE(allowed[b].y(), double(s.outageAllowedSeries[std::size_t(b)]) / bucket);
                QCOMPARE(rejected[b].y(), double(s.outageRejectedSeries[std::size_t(b)]) / bucket);
            }
            // Overshoot: every lane, this one among them.
            const QList<QPointF> over = v->charts().overshoot()->fullPoints(a);
            QCOMPARE(over.size(), qsizetype(s.overshootSeries.size()));
            for (int b = 0; b < over.size(); ++b)
                QCOMPARE(over[b].y(), double(s.overshootSeries[std::size_t(b)]) / bucket);
            QVERIFY(v->summary().text().contains(QStringLiteral("overshoot")));
            QVERIFY(v->summary().text().contains(QStringLiteral("wrongly rejected %1 req").arg(fmt::exact(s.wronglyRejected))));
        }
        // fail_closed rejects during the outage, fail_open allows.
        QVERIFY(report->algorithms[0].cluster->allowedDuringOutage > 0);
        QVERIFY(report->algorithms[1].cluster->rejectedDuringOutage > 0);
    }

    // One hatched band per outage in every time chart, between the grid and the series.
    void clusterOutageBands()
    {
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("cluster-redis-outage"), MainWindow::View::Cluster));
        const auto scenario = w.controller()->lastScenario();
        const std::vector<OutageSpec>& outages = scenario->cluster->outages;
        QCOMPARE(int(outages.size()), 1);
        for (ClusterTimeChart* c : w.views().cluster()->charts().all()) {
            c->refreshNow();
            QCOMPARE(c->faults().bands().size(), int(outages.size()));
            QGraphicsRectItem* band = c->faults().bands().front();
            QCOMPARE(band->parentItem(), static_cast<QGraphicsItem*>(c->chart()));
            QVERIFY(band->isVisible());
            QCOMPARE(c->faults().bandSpan(0).first, double(outages[0].from) / 1e6);
            QCOMPARE(c->faults().bandSpan(0).second, double(outages[0].to) / 1e6);
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
        // The store, and one lane for the four instances whose clocks are all exact.
        QCOMPARE(w.views().cluster()->timeline()->laneCount(), 2);
    }

    // cluster-get-set-race: the global, overshoot and rejected charts draw all six lanes, named by
    // lane and in lane order, the picked one wider; the per-instance chart follows the picked lane.
    void everyLaneDrawn()
    {
        MainWindow w;
        QVERIFY(showCluster(w, QStringLiteral("cluster-get-set-race")));
        ClusterView* v = w.views().cluster();
        const auto report = w.controller()->lastReport();
        const QStringList ids{QStringLiteral("atomic, 5 ms"),  QStringLiteral("get-set, 1 ms"),
                              QStringLiteral("get-set, 5 ms"), QStringLiteral("get-set, 20 ms"),
                              QStringLiteral("cas, 5 ms"),     QStringLiteral("sql row lock, 1 ms")};
        const double bucket = double(report->bucketUs) / 1e6;
        for (int picked : {0, 3}) {
            v->algorithmPicker()->setCurrentIndex(picked);
            for (ClusterTimeChart* c :
                 {static_cast<ClusterTimeChart*>(v->charts().global()), static_cast<ClusterTimeChart*>(v->charts().overshoot()),
                  static_cast<ClusterTimeChart*>(v->charts().rejected())}) {
                QCOMPARE(lineNames(c), ids);
                for (int i = 0; i < ids.size(); ++i) {
                    QCOMPARE(c->laneOfLine(i), i);
                    QVERIFY(c->lines()[i]->isVisible());
                    if (i != picked)
                        QVERIFY(c->lines()[picked]->pen().widthF() > c->lines()[i]->pen().widthF());
                }
                // Each lane its own colour and dash (six lanes of one family).
                for (int i = 0; i < ids.size(); ++i)
                    for (int j = 0; j < i; ++j) {
                        QVERIFY(c->lines()[i]->pen().color() != c->lines()[j]->pen().color());
                        QVERIFY(c->lines()[i]->pen().style() != c->lines()[j]->pen().style() || i - j == 5);
                    }
            }
            // The global chart's lines are each lane's allowed cost per second.
            for (int i = 0; i < ids.size(); ++i) {
                const ClusterStats& s = *report->algorithms[std::size_t(i)].cluster;
                const QList<QPointF> pts = v->charts().global()->fullPoints(i);
                for (int b = 0; b < pts.size(); ++b)
                    QCOMPARE(pts[b].y(), double(s.allowedByArrival[std::size_t(b)]) / bucket);
            }
            QCOMPARE(lineNames(v->charts().instances()),
                     (QStringList{QStringLiteral("inst-0"), QStringLiteral("inst-1"), QStringLiteral("inst-2"),
                                  QStringLiteral("inst-3")}));
            QVERIFY(v->charts().instances()->chart()->title().endsWith(ids[picked]));
        }
        // The legend strip hides a lane in every chart that draws them all.
        v->legend()->setHidden({ids[3]});
        QVERIFY(!v->charts().global()->lines()[3]->isVisible());
        QVERIFY(!v->charts().overshoot()->lines()[3]->isVisible());
        QVERIFY(!v->charts().rejected()->lines()[3]->isVisible());
        QVERIFY(v->charts().global()->lines()[2]->isVisible());
        QCOMPARE(v->charts().global()->valuesAt(30).size(), ids.size() - 1 + 1);  // five lanes and the offered load
    }

    // A chart with nothing to show folds to its sentence: no outage in the GET/SET race, nor an
    // overshoot in the NTP step; the redis outage has both. The lowest chart shown has the x title.
    void emptyChartsFold()
    {
        MainWindow w;
        QVERIFY(showCluster(w, QStringLiteral("cluster-get-set-race")));
        ClusterView* v = w.views().cluster();
        const auto folded = [v](ClusterTimeChart* c) { return v->charts().slotOf(c)->isCollapsed(); };
        QVERIFY(folded(v->charts().outage()));
        QVERIFY(v->charts().outage()->isHidden());
        QVERIFY(v->charts().slotOf(v->charts().outage())->sentenceLabel()->isVisible());
        QVERIFY(v->charts()
                    .slotOf(v->charts().outage())
                    ->sentenceLabel()
                    ->text()
                    .contains(QStringLiteral("No store outage in this scenario.")));
        QVERIFY(v->charts().slotOf(v->charts().outage())->height() < 60);
        QVERIFY(!folded(v->charts().overshoot()) && !folded(v->charts().global()) && !folded(v->charts().rejected()));
        QVERIFY(!folded(v->charts().instances()));

        w.openExample(QStringLiteral("cluster-ntp-step"));
        QVERIFY(waitSettled(w));
        QVERIFY(folded(v->charts().outage()));
        QVERIFY(folded(v->charts().overshoot()));
        QVERIFY(v->charts().slotOf(v->charts().overshoot())->sentenceLabel()->text().contains(QStringLiteral("No overshoot")));
        QVERIFY(!folded(v->charts().rejected()));
        QVERIFY(v->charts().instances()->height() > v->charts().slotOf(v->charts().outage())->height() * 3);

        w.openExample(QStringLiteral("cluster-redis-outage"));
        QVERIFY(waitSettled(w));
        for (ClusterTimeChart* c : v->charts().all())
            QVERIFY2(!folded(c), qPrintable(c->title()));
        QVERIFY(v->charts().outage()->isVisible());
    }

    // The rejected chart's lines are each lane's rejections per second: in the NTP step 5/s from
    // 30 s to 35 s on the instance clock (tst_cluster derives them), all wrongly, none on the
    // store clock; every lane's adds up to the report's rejected cost.
    void rejectionsPerLaneAreTheReports()
    {
        MainWindow w;
        QVERIFY(showCluster(w, QStringLiteral("cluster-ntp-step")));
        ClusterView* v = w.views().cluster();
        LaneRejectedChart* c = v->charts().rejected();
        QCOMPARE(lineNames(c), (QStringList{QStringLiteral("instance clock"), QStringLiteral("store clock")}));
        const QList<QPointF> instance = c->fullPoints(0);
        QCOMPARE(instance.size(), qsizetype(60));
        for (int s = 0; s < 60; ++s) {
            QCOMPARE(instance[s].x(), s + 0.5);
            QCOMPARE(instance[s].y(), s >= 30 && s < 35 ? 5.0 : 0.0);
            QCOMPARE(c->wronglyPoints(0)[s].y(), s >= 30 && s < 35 ? 5.0 : 0.0);
            QCOMPARE(c->fullPoints(1)[s].y(), 0.0);
        }
        c->refreshNow();
        QVERIFY(c->wronglyShown(0));
        QVERIFY(!c->wronglyShown(1));
        for (const QString& example : {QStringLiteral("cluster-redis-outage"), QStringLiteral("cluster-get-set-race")}) {
            w.openExample(example);
            QVERIFY(waitSettled(w));
            const auto report = w.controller()->lastReport();
            const double bucket = double(report->bucketUs) / 1e6;
            QCOMPARE(c->lines().size(), qsizetype(report->algorithms.size()));
            for (int i = 0; i < c->lines().size(); ++i) {
                const AlgorithmReport& a = report->algorithms[std::size_t(i)];
                QCOMPARE(c->lines()[i]->name(), QString::fromStdString(a.id));
                double total = 0;
                for (const QPointF& p : c->fullPoints(i))
                    total += p.y() * bucket;
                QCOMPARE(std::llround(total), a.rejectedCost);
            }
        }
    }

    // Clocks 300 ms apart (cluster-clock-skew): a row of ticks per instance on the per-instance
    // chart where its 1 s windows begin: inst-0 on whole seconds, inst-1 300 ms before them; on
    // the store's clock both on whole seconds. Exact clocks or a rate algorithm: no ticks.
    void windowTicksWhenClocksDisagree()
    {
        MainWindow w;
        QVERIFY(showCluster(w, QStringLiteral("cluster-clock-skew")));
        ClusterView* v = w.views().cluster();
        QList<double> whole, early;
        for (int k = 1; k < 60; ++k)
            whole << k;
        for (int k = 0; k < 60; ++k)
            early << k + 0.7;
        const WindowTicks& ticks = v->charts().instances()->windowTicks();
        v->algorithmPicker()->setCurrentIndex(0);  // instance clock
        v->charts().instances()->refreshNow();
        QCOMPARE(ticks.rowCount(), 2);
        QCOMPARE(ticks.label(1), QStringLiteral("inst-1 windows"));
        const auto near = [](const QList<double>& a, const QList<double>& b) {
            if (a.size() != b.size())
                return false;
            for (int i = 0; i < a.size(); ++i)
                if (std::abs(a[i] - b[i]) > 1e-9)
                    return false;
            return true;
        };
        QVERIFY(near(ticks.drawnTicks(0), whole));
        QVERIFY(near(ticks.drawnTicks(1), early));
        v->algorithmPicker()->setCurrentIndex(1);  // store clock
        v->charts().instances()->refreshNow();
        QVERIFY(near(ticks.drawnTicks(0), whole));
        QVERIFY(near(ticks.drawnTicks(1), whole));
        for (const QString& example : {QStringLiteral("cluster-get-set-race"), QStringLiteral("cluster-ntp-step")}) {
            w.openExample(example);
            QVERIFY(waitSettled(w));
            QCOMPARE(v->charts().instances()->windowTicks().rowCount(), 0);
        }
    }

    // The tooltip's allowed never exceeds its offered load: both count a request in the bucket it
    // arrived in. Counted by decision, the 20 ms GET/SET lane, which admits everything, showed
    // more allowed than offered where a request arrived late in a second.
    void tooltipAllowedNotAboveOffered()
    {
        MainWindow w;
        QVERIFY(showCluster(w, QStringLiteral("cluster-get-set-race")));
        ClusterView* v = w.views().cluster();
        const auto report = w.controller()->lastReport();
        const double bucket = double(report->bucketUs) / 1e6;
        int checked = 0;
        for (std::size_t b = 0; b <= report->offeredSeries.size(); ++b)
            for (double dx : {-1e-6, 0.0, 1e-6}) {
                const QList<ClusterTimeChart::Value> rows = v->charts().global()->valuesAt(double(b) * bucket + dx);
                QCOMPARE(rows.size(), qsizetype(report->algorithms.size() + 1));
                QCOMPARE(rows.back().name, QStringLiteral("offered load"));
                for (int i = 0; i + 1 < rows.size(); ++i) {
                    QVERIFY2(rows[i].perSecond <= rows.back().perSecond,
                             qPrintable(QStringLiteral("%1 at %2 s: %3 > %4")
                                            .arg(rows[i].name)
                                            .arg(double(b) * bucket + dx)
                                            .arg(rows[i].perSecond)
                                            .arg(rows.back().perSecond)));
                    ++checked;
                }
            }
        QCOMPARE(checked, 6 * 3 * 61);
        // The 20 ms lane admits everything: its line is the offered load itself.
        for (int b = 0; b < 60; ++b)
            QCOMPARE(v->charts().global()->valuesAt(b + 0.5)[3].perSecond,
                     double(report->offeredSeries[std::size_t(b)]) / bucket);
    }

    void clusterEmptyState()
    {
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("steady-poisson"), MainWindow::View::Cluster));
        ClusterView* v = w.views().cluster();
        QVERIFY(!v->hasCluster());
        QVERIFY(v->emptyState()->isVisible());
        for (const QString& name :
             {QStringLiteral("cluster-local-leak"), QStringLiteral("cluster-get-set-race"), QStringLiteral("cluster-clock-skew"),
              QStringLiteral("cluster-ntp-step"), QStringLiteral("cluster-redis-outage")})
            QVERIFY2(v->emptyState()->text().contains(name), qPrintable(name));
        // The button opens cluster-redis-outage and the view fills.
        QSignalSpy spy(&w, &MainWindow::settled);
        v->emptyState()->openButton()->click();
        QVERIFY(spy.wait(kRunTimeoutMs));
        QVERIFY(waitSettled(w));
        QVERIFY(v->hasCluster());
        QVERIFY(!v->emptyState()->isVisible());
        QCOMPARE(v->charts().instances()->lines().size(), 4);
    }
};

QTEST_MAIN(TestClusterView)
#include "tst_clusterview.moc"
