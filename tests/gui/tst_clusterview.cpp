// The Cluster view: aligned plots, series, outage bands and the empty state.
#include "tests/gui/guitest.h"

using namespace ratelab;

class TestClusterView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

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
                     qPrintable(QStringLiteral("%1 vs %2")
                                    .arg(c->chart()->plotArea().left())
                                    .arg(charts.front()->chart()->plotArea().left())));
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
        QCOMPARE(v->instanceChart()->lines().size(), 4);
    }
};

QTEST_MAIN(TestClusterView)
#include "tst_clusterview.moc"
