// How the charts answer the mouse, driven as a user would, with clicks on the widgets: a bar
// of Compare's B, clicked, zooms chart A to that peak burst's window; double-clicked, opens
// Learn on it (app.md, Compare).

#include "app/gui/charts/compare/allowedchart.h"
#include "app/gui/charts/compare/burstchart.h"
#include "app/gui/views/compare/comparecharts.h"
#include "app/gui/views/compare/compareview.h"
#include "tests/gui/guitest.h"

#include <QAbstractBarSeries>
#include <QValueAxis>

namespace {

// A point inside bar `index` of `chart`, a few pixels past where bars start, in the viewport.
QPoint insideBar(BarsChart* chart, int index)
{
    chart->refreshNow();
    QChart* c = chart->chart();
    const auto* axis = qobject_cast<QValueAxis*>(c->axes(Qt::Horizontal).front());
    const int category = static_cast<int>(chart->bars().size()) - 1 - index;  // the first bar on top
    const QPointF start = c->mapToPosition(QPointF(axis->min(), category), c->series().front());
    return chart->mapFromScene(start + QPointF(6, 0));
}

}  // namespace

class TestChartPointer : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    // boundary-attack's second algorithm: its bar, clicked, zooms A to [t - 2w, t + w] around its
    // peak burst at t, of window w (from the run's start at the earliest); the click sets Learn there (burstSelected) without
    // leaving Compare; a double-click opens Learn.
    void burstBarClickZoomsAndDoubleClickOpensLearn()
    {
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("boundary-attack"), MainWindow::View::Compare));
        CompareView* view = w.views().compare();
        BurstChart* burst = view->charts().burst();
        QVERIFY(burst->bars().size() >= 2);
        const std::optional<PeakBurst> peak = burst->shownPeak(1);
        QVERIFY(peak && peak->windowUs > 0);
        AllowedChart* allowed = view->charts().allowed();
        const auto full = allowed->zoom().fullRange();
        QCOMPARE(allowed->zoom().currentRange(), full);

        QSignalSpy clicked(burst, &BarsChart::barClicked);
        QSignalSpy selected(view, &CompareView::burstSelected);
        const QPoint at = insideBar(burst, 1);
        QTest::mouseClick(burst->viewport(), Qt::LeftButton, {}, at);
        QTRY_COMPARE(clicked.count(), 1);  // queued (barschart.cpp)
        QCOMPARE(clicked.front().front().toInt(), 1);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.front().at(2).toLongLong(), qint64(peak->atUs));
        const auto range = allowed->zoom().currentRange();
        const double seconds = 1e-6;  // A's x axis over a 60 s run
        QCOMPARE(range.first, std::max(full.first, static_cast<double>(peak->atUs - 2 * peak->windowUs) * seconds));
        QCOMPARE(range.second, static_cast<double>(peak->atUs + peak->windowUs) * seconds);
        QCOMPARE(w.views().view(), MainWindow::View::Compare);

        QSignalSpy learn(view, &CompareView::learnRequested);
        QTest::mouseDClick(burst->viewport(), Qt::LeftButton, {}, at);
        QTRY_COMPARE(learn.count(), 1);
        QCOMPARE(learn.front().at(1).toString(), QString::fromStdString(peak->key));
        QCOMPARE(w.views().view(), MainWindow::View::Learn);
    }
};

QTEST_MAIN(TestChartPointer)
#include "tst_chartpointer.moc"
