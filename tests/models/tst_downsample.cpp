// Min/max-per-column downsampling: spikes survive, the point count is bounded, NaN/Inf dropped;
// and its max-only form for an area's edge.
#include "app/models/plotdata/downsample.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace ratelab;

class TestDownsample : public QObject {
    Q_OBJECT
private slots:
    void smallSeriesPassThrough()
    {
        const QList<QPointF> in{{0, 1}, {1, 2}, {2, 3}};
        QCOMPARE(downsampleMinMax(in, 100), in);
    }

    void countBounded_data()
    {
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("columns");
        QTest::newRow("1M into 800") << 1'000'000 << 800;
        QTest::newRow("10k into 3") << 10'000 << 3;
        QTest::newRow("2001 into 1000") << 2001 << 1000;
        QTest::newRow("one column") << 500 << 1;
    }
    void countBounded()
    {
        QFETCH(int, points);
        QFETCH(int, columns);
        QList<QPointF> in;
        for (int i = 0; i < points; ++i)
            in.append(QPointF(i, std::sin(i * 0.01)));
        const QList<QPointF> out = downsampleMinMax(in, columns);
        QVERIFY(out.size() <= 2 * columns);
        QVERIFY(out.size() >= std::min(points, columns));
        for (qsizetype i = 1; i < out.size(); ++i)
            QVERIFY(out[i - 1].x() <= out[i].x());  // still in x order
    }

    void spikesSurvive()
    {
        QList<QPointF> in;
        for (int i = 0; i < 100'000; ++i)
            in.append(QPointF(i, 10));
        in[31'337].setY(5000);  // one sample wide
        in[77'000].setY(-40);
        const QList<QPointF> out = downsampleMinMax(in, 400);
        QVERIFY(out.size() <= 800);
        bool high = false, low = false;
        for (const QPointF& p : out) {
            high = high || (p.y() == 5000 && p.x() == 31'337);
            low = low || (p.y() == -40 && p.x() == 77'000);
        }
        QVERIFY(high);
        QVERIFY(low);
    }

    void visibleRangeWithNeighbours()
    {
        QList<QPointF> in;
        for (int i = 0; i < 10'000; ++i)
            in.append(QPointF(i, i % 7));
        const QList<QPointF> out = downsampleMinMax(in, 1000.5, 2000.5, 100);
        QVERIFY(out.size() <= 200);
        QCOMPARE(out.front().x(), 1000.0);  // the neighbour before the range
        QCOMPARE(out.back().x(), 2001.0);   // and after it
    }

    void nonFiniteDropped()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QList<QPointF> in{{0, 1}, {1, nan}, {2, inf}, {3, 4}, {4, -inf}};
        const QList<QPointF> small = downsampleMinMax(in, 100);
        QCOMPARE(small, (QList<QPointF>{{0, 1}, {3, 4}}));
        for (int i = 5; i < 5000; ++i)
            in.append(QPointF(i, i % 3 == 0 ? nan : 1.0));
        for (const QPointF& p : downsampleMinMax(in, 50))
            QVERIFY(std::isfinite(p.y()));
    }

    // 40 points in [0, 40): y = 1 on even x, 5 on odd x, except a spike of 9 at x = 13 and a
    // NaN at x = 21. 4 columns of width 10: each keeps its highest point, the first of them
    // on a tie (x = 1, 11 is below the spike, so 13, then 21's NaN skipped: 23, 31).
    void maxOnly()
    {
        QList<QPointF> in;
        for (int i = 0; i < 40; ++i)
            in.append(QPointF(i, i % 2 ? 5 : 1));
        in[13].setY(9);
        in[21].setY(std::numeric_limits<double>::quiet_NaN());
        QCOMPARE(downsampleMax(in, 0, 40, 4), (QList<QPointF>{{1, 5}, {13, 9}, {23, 5}, {31, 5}}));
        // Within the cap (one point per column) every finite point passes, with the neighbours.
        QCOMPARE(downsampleMax(in, 9.5, 12.5, 8), (QList<QPointF>{{9, 5}, {10, 1}, {11, 5}, {12, 1}, {13, 9}}));
    }

    void bucketPoints()
    {
        const QList<QPointF> pts = ratelab::bucketPoints({3, 5}, 0.5, 2.0);
        QCOMPARE(pts, (QList<QPointF>{{0.25, 6}, {0.75, 10}}));
    }
};

QTEST_GUILESS_MAIN(TestDownsample)
#include "tst_downsample.moc"
