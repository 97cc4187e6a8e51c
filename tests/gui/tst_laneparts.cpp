// The Learn lanes' parts on their own (LaneCanvas's): the time scale (which span is in view
// and where, fitted to a burst, zoomed, frozen; a point as a time or a request) and the
// playground's mouse editor (what a click, a drag or a right-click on the request lanes asks).
// Every expected range follows from the request times built here.

#include "app/gui/canvases/lanemouseeditor.h"
#include "app/gui/canvases/lanetimescale.h"

#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

class TestLaneParts : public QObject {
    Q_OBJECT

private slots:
    void automaticSpanFollowsTheCursor();
    void fitHoldsABurst();
    void zoomAndFreeze();
    void pointsReadAsTimesAndRequests();
    void editorAsksForEdits();
};

using ratelab::LaneMouseEditor;
using ratelab::LaneTimeScale;
using ratelab::SimTime;

namespace {

bool near(std::pair<double, double> range, double from, double to)
{
    return std::abs(range.first - from) < 1e-9 && std::abs(range.second - to) < 1e-9;
}

// Requests every 10 ms from 0 to 1.99 s.
std::vector<SimTime> every10ms()
{
    std::vector<SimTime> at;
    for (int i = 0; i < 200; ++i)
        at.push_back(i * 10'000);
    return at;
}

// The scale over every10ms(), fitted to 0.85 to 1.15 s around the cursor at 1 s, its two
// request lanes laid out from x 100 to 700: 2 px a millisecond, the dots 20 px apart.
void layOut(LaneTimeScale& scale)
{
    scale.setRequests(every10ms());
    scale.setNow(1'000'000);
    scale.fitSpan(900'000, 1'100'000);
    scale.setLayout(QRectF(100, 0, 600, 300), 2 * (34 + 8));
}

QMouseEvent mouse(QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons)
{
    return QMouseEvent(type, at, at, button, buttons, Qt::NoModifier);
}

}  // namespace

void TestLaneParts::automaticSpanFollowsTheCursor()
{
    LaneTimeScale scale;
    QVERIFY(near(scale.visibleSeconds(), 0, 1));  // no requests
    scale.setRequests(every10ms());
    QCOMPARE(scale.requestCount(), 200);
    QCOMPARE(scale.firstUs(), qint64(0));
    QCOMPARE(scale.lastUs(), qint64(1'990'000));
    // Sixty requests' span (0.6 s), the cursor at two thirds of it, clamped to the requests.
    scale.setNow(1'000'000);
    QVERIFY(near(scale.visibleSeconds(), 0.6, 1.2));
    scale.setNow(0);
    QVERIFY(near(scale.visibleSeconds(), -0.024, 0.576));
    // Requests that fit in the span: all of them, padded.
    scale.setRequests({0, 1'000'000});
    QVERIFY(near(scale.visibleSeconds(), -0.04, 1.04));
}

void TestLaneParts::fitHoldsABurst()
{
    // One request a second, and ten 1 ms apart from 3 s.
    std::vector<SimTime> at = {0, 1'000'000, 2'000'000};
    for (int i = 0; i < 10; ++i)
        at.push_back(3'000'000 + i * 1'000);
    at.insert(at.end(), {4'000'000, 5'000'000});
    LaneTimeScale scale;
    scale.setRequests(at);
    scale.setNow(3'002'000);
    scale.fitAround(5);
    // The burst's 9 ms, at least 20 ms wide, in a span half as wide again, from a quarter before.
    QVERIFY(near(scale.visibleSeconds(), 2.995, 3.025));
    // The cursor out of it: the fitted span around the cursor.
    scale.setNow(4'000'000);
    QVERIFY(near(scale.visibleSeconds(), 3.98, 4.01));
    scale.fitAround(99);  // no such step: unchanged
    QVERIFY(near(scale.visibleSeconds(), 3.98, 4.01));
    // New requests: the automatic span again.
    scale.setRequests(at);
    QVERIFY(near(scale.visibleSeconds(), -0.2, 5.2));
}

void TestLaneParts::zoomAndFreeze()
{
    LaneTimeScale scale;
    scale.setRequests(every10ms());
    scale.setNow(1'000'000);
    scale.zoom(1);  // in: 0.6 s / 1.25
    QVERIFY(near(scale.visibleSeconds(), 0.68, 1.16));
    scale.setFrozen(true);
    QVERIFY(scale.isFrozen());
    scale.setNow(1'500'000);
    scale.setRequests({0, 100'000});
    QVERIFY(near(scale.visibleSeconds(), 0.68, 1.16));
    scale.zoom(-1);  // out, around the middle
    QVERIFY(near(scale.visibleSeconds(), 0.62, 1.22));
    scale.setFrozen(false);
    QVERIFY(!scale.isFrozen());
    QVERIFY(near(scale.visibleSeconds(), -0.004, 0.104));
}

void TestLaneParts::pointsReadAsTimesAndRequests()
{
    LaneTimeScale scale;
    layOut(scale);
    QVERIFY(near(scale.visibleSeconds(), 0.85, 1.15));
    const QPointF dot = scale.requestPoint(0, 1'000'000);
    QCOMPARE(dot, QPointF(400, 17));
    QCOMPARE(scale.requestPoint(1, 1'000'000), QPointF(400, 59));
    QCOMPARE(scale.timeAt(dot.x()), qint64(1'000'000));
    QCOMPARE(scale.requestNear(dot), 100);
    QCOMPARE(scale.requestNear(dot + QPointF(4, 0)), 100);
    QCOMPARE(scale.requestNear(dot + QPointF(10, 0)), -1);  // between two requests
    QVERIFY(scale.onRequestLanes(dot));
    QVERIFY(!scale.onRequestLanes(QPointF(400, 100)));  // a state lane
    QVERIFY(!scale.onRequestLanes(QPointF(50, 17)));    // the labels' gutter
    QCOMPARE(scale.requestNear(QPointF(400, 100)), -1);
    QCOMPARE(LaneTimeScale::spanRect(QRectF(100, 0, 600, 10), {0.6, 1.2}, 500'000, 700'000), QRectF(100, 0, 100, 10));
}

void TestLaneParts::editorAsksForEdits()
{
    LaneTimeScale scale;
    layOut(scale);
    LaneMouseEditor editor(scale);
    QSignalSpy added(&editor, &LaneMouseEditor::requestAdded);
    QSignalSpy moved(&editor, &LaneMouseEditor::requestMoved);
    QSignalSpy removed(&editor, &LaneMouseEditor::requestRemoved);
    const QPointF dot = scale.requestPoint(0, 1'000'000);
    const QPointF empty = dot + QPointF(10, 0);
    auto press = mouse(QEvent::MouseButtonPress, empty, Qt::LeftButton, Qt::LeftButton);
    QVERIFY(!editor.press(&press));  // off: the canvas scrubs
    editor.setOn(true);
    QVERIFY(editor.isOn());
    QVERIFY(editor.press(&press));
    QCOMPARE(added.count(), 1);
    QCOMPARE(added.front().front().toLongLong(), qint64(1'005'000));
    // A drag from a dot moves it, each move from the index the playground gave it.
    auto grab = mouse(QEvent::MouseButtonPress, dot, Qt::LeftButton, Qt::LeftButton);
    QVERIFY(editor.press(&grab));
    auto drag = mouse(QEvent::MouseMove, QPointF(300, 17), Qt::NoButton, Qt::LeftButton);
    QVERIFY(editor.drag(&drag));
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.front().at(0).toInt(), 100);
    QCOMPARE(moved.front().at(1).toLongLong(), qint64(950'000));
    editor.continueDrag(80);
    auto beforeStart = mouse(QEvent::MouseMove, QPointF(-2000, 17), Qt::NoButton, Qt::LeftButton);
    QVERIFY(editor.drag(&beforeStart));  // to -0.2 s: to the start
    QCOMPARE(moved.back().at(0).toInt(), 80);
    QCOMPARE(moved.back().at(1).toLongLong(), qint64(0));
    editor.release();
    QVERIFY(!editor.drag(&drag));
    // A right-click on a dot removes it; on nothing, nothing.
    auto right = mouse(QEvent::MouseButtonPress, dot, Qt::RightButton, Qt::RightButton);
    QVERIFY(editor.press(&right));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.front().front().toInt(), 100);
    auto rightEmpty = mouse(QEvent::MouseButtonPress, empty, Qt::RightButton, Qt::RightButton);
    QVERIFY(editor.press(&rightEmpty));
    QCOMPARE(removed.count(), 1);
    // Below the request lanes: not an edit.
    auto state = mouse(QEvent::MouseButtonPress, QPointF(400, 100), Qt::LeftButton, Qt::LeftButton);
    QVERIFY(!editor.press(&state));
    QCOMPARE(added.count(), 1);
}

QTEST_MAIN(TestLaneParts)
#include "tst_laneparts.moc"
