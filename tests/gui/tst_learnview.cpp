// The Learn view reaches every request and says what it finds (gui-guide.md 4.2): go to any
// time, the next rejection beyond the requests a lane holds (or a sentence when there is
// none), the next burst zoomed to fit, and a second lane that keys the traffic differently
// offered the key it gives the same requests. Expected times are derived by hand from the
// traces and from what the shipped scenarios are built to show.

#include "app/models/document/playground.h"
#include "guitest.h"
#include "tests/engine/scenariotest.h"

#include <QPlainTextEdit>
#include <QScrollBar>

class TestLearnView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(startSuite()); }
    void goToReachesAnyTime();
    void nextRejectionBeyondTheLoadedRequests();
    void nextRejectionSaysWhenThereIsNone();
    void rejectionShowsItsWholeResponse();
    void nextBurstIsZoomedToFit();
    void secondLaneIsOfferedItsKey();
    void playgroundDecidesAsDecide();
};

namespace {

bool waitReady(LearnView& v)
{
    if (v.isReady())
        return true;
    QSignalSpy ready(&v, &LearnView::ready);
    return ready.wait(kRunTimeoutMs) && v.isReady();
}

// Runs `act` and waits for the ready() it leads to.
bool readyAfter(LearnView& v, const std::function<void()>& act)
{
    QSignalSpy ready(&v, &LearnView::ready);
    act();
    return (ready.count() > 0 || ready.wait(kRunTimeoutMs)) && v.isReady();
}

const KeyStep* stepAt(const LaneCanvas::Lane& lane, qint64 atUs)
{
    for (const KeyStep& s : lane.history.steps)
        if (s.atUs == atUs)
            return &s;
    return nullptr;
}

// Key a every 10 ms for 30 s against a token bucket of 5 refilled at 100/s: each request
// takes the token the 10 ms gave back, so none is rejected, until six more follow the one at
// 25.000 s, 100 us apart from 25.001 s: 5 -> 4 at 25.000; 4.1 -> 3.1; 3.11 -> 2.11;
// 2.12 -> 1.12; 1.13 -> 0.13; at 25.0014 s 0.14 tokens: rejected. 3,000 requests: the first
// rejection lies past a lane's first 2,000.
std::string steadyTraceWithABurst(bool burst)
{
    std::string text = "t_us,key,cost\n";
    for (int k = 0; k < 3000; ++k) {
        text += std::to_string(k * 10'000) + ",a,1\n";
        if (burst && k == 2500)
            for (int j = 0; j < 6; ++j)
                text += std::to_string(25'001'000 + j * 100) + ",a,1\n";
    }
    return text;
}

const char* kBucket = R"({"name": "steady", "duration": "31s", "traffic": [{"kind": "trace", "file": "trace.csv"}],
    "keys": "recorded", "algorithms": [{"id": "tb", "algorithm": "token_bucket", "params": {"capacity": 5, "refill": "100/s"}}]})";

}  // namespace

// cluster-redis-outage: 300 requests per second on one key against a token bucket of 100
// refilled at 100/s. Its first 2,000 requests end before 7 s; 25 s is reached by a seek that
// follows the key from 1 s before (2,000 requests: to about 30.6 s), and there the bucket
// admits what any interval allows it: at most 100 + 100/s x 6 s = 700 in [24.1, 30.1) s, and
// with the offer three times the refill, at least 100/s x 6 s - 100 = 500.
void TestLearnView::goToReachesAnyTime()
{
    LearnView v;
    v.setScenario(std::make_shared<const Scenario>(test::embedded("cluster-redis-outage")));
    QVERIFY(waitReady(v));
    QVERIFY(v.canvas()->scale().lastUs() < 20'000'000);
    QVERIFY(readyAfter(v, [&] { v.seeker()->goTo(25'000'000); }));
    QCOMPARE(v.cursor().nowUs(), qint64(25'000'000));
    QVERIFY(v.canvas()->scale().firstUs() >= 24'000'000 && v.canvas()->scale().firstUs() <= 24'100'000);
    QVERIFY(v.canvas()->scale().lastUs() >= 30'100'000);
    const auto& lanes = v.canvas()->lanes();
    QCOMPARE(lanes.size(), 2);
    for (const LaneCanvas::Lane& lane : lanes) {
        int allowed = 0;
        for (const KeyStep& s : lane.history.steps)
            allowed += s.atUs >= 24'100'000 && s.atUs < 30'100'000 && s.decision.allowed;
        QVERIFY2(allowed >= 500 && allowed <= 700, qPrintable(QString::number(allowed)));
    }
    // The dots are one exact limiter's; the cluster's decisions ride along: in the outage
    // fail_open (A) lets every request through, fail_closed (B) none, and the view says
    // where they differ.
    for (const KeyStep& s : lanes[0].history.steps)
        if (s.atUs >= 24'100'000 && s.atUs < 30'100'000)
            QVERIFY(s.cluster && s.cluster->allowed);
    for (const KeyStep& s : lanes[1].history.steps)
        if (s.atUs >= 24'100'000 && s.atUs < 30'100'000)
            QVERIFY(s.cluster && !s.cluster->allowed);
    QVERIFY2(v.pickers()->status().contains(QStringLiteral("ringed: the cluster decided otherwise")),
             qPrintable(v.pickers()->status()));
    QVERIFY2(v.texts().sentence(0).contains(QStringLiteral("fail_open let it through")), qPrintable(v.texts().sentence(0)));
    // The cursor's step and sentence are of the request at or before 25 s.
    const KeyStep& current = lanes[0].history.steps[std::size_t(v.cursor().current())];
    QVERIFY(current.atUs <= 25'000'000 && lanes[0].history.steps[std::size_t(v.cursor().current()) + 1].atUs > 25'000'000);
    QVERIFY(v.texts().sentence(0).startsWith(fmt::seconds(double(current.atUs))));
}

void TestLearnView::nextRejectionBeyondTheLoadedRequests()
{
    QTemporaryDir dir;
    LearnView v;
    v.setScenario(
        std::make_shared<const Scenario>(test::traceScenario(dir.path().toStdString(), steadyTraceWithABurst(true), kBucket)));
    QVERIFY(waitReady(v));
    QCOMPARE(v.cursor().stepCount(), 2000);
    QVERIFY(readyAfter(v, [&] { v.seeker()->nextRejection(); }));
    QCOMPARE(v.cursor().nowUs(), qint64(25'001'400));
    const LaneCanvas::Lane& lane = v.canvas()->lanes().front();
    const KeyStep& current = lane.history.steps[std::size_t(v.cursor().current())];
    QCOMPARE(current.atUs, qint64(25'001'400));
    QVERIFY(!current.decision.allowed);
    // The one before it left 0.13 tokens (1.13 - 1).
    QVERIFY(std::abs(stepAt(lane, 25'001'300)->state.front().value - 0.13) < 1e-9);
    // The next one is in the lane now: found without a search.
    v.seeker()->nextRejection();
    QVERIFY(v.isReady());
    QCOMPARE(v.cursor().nowUs(), qint64(25'001'500));
}

// The 429 at 25.0014 s: its response panel holds the status line, the headers and the whole
// problem body (RFC 9457) without scrolling.
void TestLearnView::rejectionShowsItsWholeResponse()
{
    QTemporaryDir dir;
    LearnView v;
    v.resize(1280, 900);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.setScenario(
        std::make_shared<const Scenario>(test::traceScenario(dir.path().toStdString(), steadyTraceWithABurst(true), kBucket)));
    QVERIFY(waitReady(v));
    QVERIFY(readyAfter(v, [&] { v.seeker()->nextRejection(); }));
    QCOMPARE(v.cursor().nowUs(), qint64(25'001'400));
    QPlainTextEdit* panel = nullptr;
    for (QPlainTextEdit* e : v.findChildren<QPlainTextEdit*>())
        if (e->isVisible() && e->toPlainText() == v.texts().headersA())
            panel = e;
    QVERIFY(panel);
    QVERIFY(panel->toPlainText().startsWith(QStringLiteral("HTTP/1.1 429 Too Many Requests\n")));
    QVERIFY(panel->toPlainText().contains(QStringLiteral("\"status\": 429")));
    QVERIFY(panel->toPlainText().endsWith(QLatin1Char('}')));
    QApplication::processEvents();
    QCOMPARE(panel->verticalScrollBar()->maximum(), 0);
}

void TestLearnView::nextRejectionSaysWhenThereIsNone()
{
    QTemporaryDir dir;
    LearnView v;
    v.setScenario(
        std::make_shared<const Scenario>(test::traceScenario(dir.path().toStdString(), steadyTraceWithABurst(false), kBucket)));
    QVERIFY(waitReady(v));
    const int before = v.cursor().current();
    QVERIFY(readyAfter(v, [&] { v.seeker()->nextRejection(); }));
    QVERIFY2(v.pickers()->status().startsWith(QStringLiteral("No rejection of a after")), qPrintable(v.pickers()->status()));
    QCOMPARE(v.cursor().current(), before);
    QVERIFY(readyAfter(v, [&] { v.seeker()->nextBurst(); }));
    QVERIFY2(v.pickers()->status().startsWith(QStringLiteral("No burst of a in A after")), qPrintable(v.pickers()->status()));
}

// boundary-attack: 10 requests 10 ms apart from 0.9 s and 10 from 1.0 s, the same every 2 s,
// against a fixed window of 10 per second (A). The view opens at the first rejection (the
// sliding log's, 1.000 s); the next burst is the 11 requests in (2.0, 3.0] that end at 3.000 s,
// from 2.900 s, and it runs on to 3.090 s: 20 requests 10 ms apart.
void TestLearnView::nextBurstIsZoomedToFit()
{
    LearnView v;
    v.setScenario(std::make_shared<const Scenario>(test::embedded("boundary-attack")));
    QVERIFY(waitReady(v));
    QCOMPARE(v.cursor().nowUs(), qint64(1'000'000));
    QVERIFY(readyAfter(v, [&] { v.seeker()->nextBurst(); }));
    QCOMPARE(v.cursor().nowUs(), qint64(2'900'000));
    const auto [from, to] = v.canvas()->scale().visibleSeconds();
    QVERIFY2(from < 2.9 && to > 3.09, qPrintable(QStringLiteral("%1 to %2 s").arg(from).arg(to)));
    // 20 dots 10 ms apart: on a lane of 900 px, 0.3 s puts them 30 px (nearly 3 diameters) apart.
    QVERIFY2(to - from < 0.3, qPrintable(QStringLiteral("%1 s in view").arg(to - from)));
}

// nat-population: per-IP (A) against per-user (B). B has no key "ip:10.0.0.1"; the same
// request is user N's, N the client that sent A's first request of it.
void TestLearnView::secondLaneIsOfferedItsKey()
{
    LearnView v;
    v.setScenario(std::make_shared<const Scenario>(test::embedded("nat-population")));
    QVERIFY(waitReady(v));
    const auto& lanes = v.canvas()->lanes();
    QCOMPARE(lanes.size(), 2);
    QCOMPARE(lanes[0].history.key, std::string("ip:10.0.0.1"));
    QVERIFY(lanes[1].history.steps.empty());
    const KeyStep first = lanes[0].history.steps.front();
    const QString user = QStringLiteral("user-%1").arg(first.clientId);
    QVERIFY2(v.pickers()->status().contains(QStringLiteral("follow %1 in B").arg(user)), qPrintable(v.pickers()->status()));
    QVERIFY(readyAfter(v, [&] { v.seeker()->followOtherKey(); }));
    const auto& followed = v.canvas()->lanes();
    QCOMPARE(followed[1].history.key, user.toStdString());
    QVERIFY(!followed[1].history.steps.empty());
    QVERIFY(stepAt(followed[1], first.atUs));
    QVERIFY(followed[1].label.endsWith(QStringLiteral("(%1)").arg(user)));
}

// `ratelab-cli decide` on the playground's requests (times from the scenario start + start)
// through the lane's algorithm and parameters: "allowed,remaining,retry_after_us" per line.
QStringList decideLines(const Scenario& scenario, const KeyHistory& lane, const Playground& play, const QString& dir)
{
    QFile trace(dir + QStringLiteral("/play.csv"));
    if (!trace.open(QIODevice::WriteOnly))
        return {};
    trace.write("t_us,key,cost\n");
    for (const PlayRequest& r : play.requests())
        trace.write(QByteArray::number(qint64(scenario.start + r.atUs)) + ",k," + QByteArray::number(qint64(r.cost)) + "\n");
    trace.close();
    const AlgorithmSpec* spec = nullptr;
    for (const AlgorithmSpec& a : scenario.algorithms)
        if (a.id == lane.algorithmId)
            spec = &a;
    QStringList args{QStringLiteral("decide"), QStringLiteral("--algorithm"), QString::fromStdString(spec->algorithm),
                     QStringLiteral("--trace"), trace.fileName()};
    for (const auto& [k, v] : spec->params)
        args << QStringLiteral("--param") << QString::fromStdString(k + "=" + v);
    QProcess cli;
    cli.start(QStringLiteral(RATELAB_CLI_PATH), args);
    if (!cli.waitForFinished(60'000) || cli.exitCode() != 0)
        return {QString::fromUtf8(cli.readAllStandardError())};
    QStringList out;
    const QStringList lines = QString::fromUtf8(cli.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (int i = 1; i < lines.size(); ++i)  // t_us,key,cost,allowed,remaining,retry_after_us,delay_us
        out << lines[i].section(QLatin1Char(','), 3, 5);
    return out;
}

QStringList laneLines(const KeyHistory& lane)
{
    QStringList out;
    for (const KeyStep& s : lane.steps)
        out << QStringLiteral("%1,%2,%3").arg(s.decision.allowed ? 1 : 0).arg(s.decision.remaining).arg(s.decision.retryAfterUs);
    return out;
}

// boundary-attack's fixed window (A) and sliding log (B), edited every way the playground
// allows: a burst sent at the cursor, a click that adds a request, a right-click that deletes
// one, a drag that moves one. After each, both lanes decide as ratelab-cli decide does on the
// same requests.
void TestLearnView::playgroundDecidesAsDecide()
{
    QTemporaryDir dir;
    const Scenario scenario = test::embedded("boundary-attack");
    LearnView v;
    v.resize(1400, 800);
    v.show();
    v.setScenario(std::make_shared<const Scenario>(scenario));
    QVERIFY(waitReady(v));
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    const std::size_t run = v.canvas()->lanes().front().history.steps.size();
    v.setPlayground(true);
    QVERIFY(v.isPlayground());
    QCOMPARE(v.playground().requests().size(), run);  // a fixed window sees no retries here
    const auto check = [&](const char* what) {
        for (const LaneCanvas::Lane& lane : v.canvas()->lanes()) {
            const QStringList expected = decideLines(scenario, lane.history, v.playground(), dir.path());
            QCOMPARE(expected.size(), int(v.playground().requests().size()));
            if (laneLines(lane.history) != expected)
                QFAIL(qPrintable(QStringLiteral("%1, %2 differs from decide")
                                     .arg(QLatin1String(what), QString::fromStdString(lane.history.algorithmId))));
        }
    };
    check("as opened");
    // 15 more at the cursor (1.000 s), 10 ms apart: the window from 1 s now holds 25.
    v.sendBurst(15, 10'000);
    QCOMPARE(v.playground().requests().size(), run + 15);
    check("after a burst");
    LaneCanvas* canvas = v.canvas();
    canvas->repaint();  // lays the lanes out for the new requests, as the event loop would before a click
    // The view stays where it was fitted while the requests change: about 0.85 to 1.14 s.
    const auto [shownFrom, shownTo] = canvas->scale().visibleSeconds();
    QVERIFY(shownFrom < 0.875 && shownTo > 1.13);
    // A click on an empty spot of lane A: at 0.875 s, before the first request (0.900 s).
    const QPoint empty = canvas->scale().requestPoint(0, 875'000).toPoint();
    QCOMPARE(canvas->scale().requestNear(empty), -1);
    QTest::mouseClick(canvas, Qt::LeftButton, {}, empty);
    QCOMPARE(v.playground().requests().size(), run + 16);
    check("after a click");
    canvas->repaint();
    // A right-click on the request at 0.950 s deletes it.
    const QPoint dot = canvas->scale().requestPoint(0, 950'000).toPoint();
    const int index = canvas->scale().requestNear(dot);
    QVERIFY(index >= 0);
    QCOMPARE(canvas->lanes().front().history.steps[std::size_t(index)].atUs, qint64(950'000));
    QTest::mouseClick(canvas, Qt::RightButton, {}, dot);
    QCOMPARE(v.playground().requests().size(), run + 15);
    check("after a delete");
    canvas->repaint();
    // Drag the request at 0.960 s to about 1.125 s (between the burst's 1.12 and 1.13 s).
    const QPoint from = canvas->scale().requestPoint(0, 960'000).toPoint();
    const QPoint to = canvas->scale().requestPoint(0, 1'125'000).toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, to, canvas->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(canvas, &move);
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
    bool moved = false;
    for (const PlayRequest& r : v.playground().requests())
        moved = moved || std::abs(r.atUs - 1'125'000) < 2'000;
    QVERIFY(moved);
    check("after a drag");
    v.setPlayground(false);
    QVERIFY(waitReady(v));
    QCOMPARE(v.canvas()->lanes().front().history.steps.size(), run);
}

QTEST_MAIN(TestLearnView)
#include "tst_learnview.moc"
