// The Learn view's parts on their own, over hand-made histories: the cursor (which step is at
// which time, in each lane), the transport that moves it, the texts that read it, the pickers'
// seeks, the seeker's moves within the lanes (no job for a time the lanes hold) and the
// playground's edits. Every expected step and time follows from the histories built here.

#include "app/gui/canvases/lanemouseeditor.h"
#include "app/gui/views/learn/learncursor.h"
#include "app/gui/views/learn/learnlanes.h"
#include "app/gui/views/learn/learnpickers.h"
#include "app/gui/views/learn/learnplayground.h"
#include "app/gui/views/learn/learnseeker.h"
#include "app/gui/views/learn/learntexts.h"
#include "app/gui/views/learn/learntransport.h"
#include "app/models/document/playground.h"
#include "guitest.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSlider>
#include <QToolButton>

class TestLearnParts : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(startSuite()); }
    void cursorFindsEachLanesStep();
    void transportMovesTheCursor();
    void textsReadTheCursor();
    void pickersAskForSeeks();
    void seekerMovesWithinTheLanes();
    void playgroundEditsTheRequests();
};

namespace {

// A lane of requests at `times` (us from the start), rejected where `rejected` says, each with
// the sentence "step i".
KeyHistory history(const std::string& algorithm, const std::vector<qint64>& times, const std::vector<bool>& rejected = {})
{
    KeyHistory h;
    h.algorithmId = algorithm;
    h.key = "k";
    for (std::size_t i = 0; i < times.size(); ++i) {
        KeyStep s;
        s.atUs = times[i];
        s.decision.allowed = i >= rejected.size() || !rejected[i];
        s.sentence = algorithm + " step " + std::to_string(i);
        h.steps.push_back(s);
    }
    return h;
}

// A: requests at 1, 2, 3 and 4 s; B: at 1.5 and 3.5 s, the second rejected.
QList<LaneCanvas::Lane> twoLanes()
{
    return lanesFor(
        {history("a", {1'000'000, 2'000'000, 3'000'000, 4'000'000}), history("b", {1'500'000, 3'500'000}, {false, true})},
        nullptr, false, {}, false);
}

const char* kScenario = R"({"name": "parts", "duration": "10s", "traffic": [{"kind": "constant", "rate": "2/s"}],
    "keys": "global", "algorithms": [{"id": "tb", "algorithm": "token_bucket", "params": {"capacity": 2, "refill": "1/s"}},
                                    {"id": "fw", "algorithm": "fixed_window", "params": {"limit": 2, "window": "1s"}}]})";

}  // namespace

void TestLearnParts::cursorFindsEachLanesStep()
{
    LearnCursor cursor;
    QCOMPARE(cursor.current(), -1);
    QVERIFY(!cursor.stepOf(0));
    cursor.setLanes(twoLanes());
    QCOMPARE(cursor.stepCount(), 4);
    cursor.moveTo(2);  // A's request at 3 s; B's last at or before it: 1.5 s
    QCOMPARE(cursor.nowUs(), qint64(3'000'000));
    QCOMPARE(cursor.laneStep(1), 0);
    cursor.moveTo(9);  // clamped to the last
    QCOMPARE(cursor.current(), 3);
    QCOMPARE(cursor.laneStep(1), 1);
    cursor.moveToTime(2'500'000);  // A's last at or before 2.5 s is 2 s; the time is kept
    QCOMPARE(cursor.current(), 1);
    QCOMPARE(cursor.nowUs(), qint64(2'500'000));
    cursor.moveToTime(500'000);  // before A's first: on it, at the time asked
    QCOMPARE(cursor.current(), 0);
    QCOMPARE(cursor.laneStep(1), -1);
    QVERIFY(!cursor.stepOf(1));
    QSignalSpy moved(&cursor, &LearnCursor::moved);
    cursor.setNow(1'200'000);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.front().front().toBool(), false);  // the time alone
    QCOMPARE(cursor.current(), 0);
}

void TestLearnParts::transportMovesTheCursor()
{
    LearnCursor cursor;
    LearnTransport transport(&cursor);
    const auto buttons = transport.findChildren<QToolButton*>();
    const auto button = [&](const QString& text) {
        for (QToolButton* b : buttons)
            if (b->text() == text)
                return b;
        return static_cast<QToolButton*>(nullptr);
    };
    QToolButton* next = button(QStringLiteral("▶|"));
    QVERIFY(next && !next->isEnabled());  // nothing to step through yet
    cursor.setLanes(twoLanes());
    transport.updateRange();
    cursor.moveTo(0);
    QVERIFY(next->isEnabled());
    auto* slider = transport.findChild<QSlider*>();
    QCOMPARE(slider->maximum(), 3);
    next->click();
    QCOMPARE(cursor.current(), 1);
    QCOMPARE(slider->value(), 1);
    button(QStringLiteral("▶▶|"))->click();
    QCOMPARE(cursor.current(), 3);
    slider->setValue(2);
    QCOMPARE(cursor.current(), 2);
    QCOMPARE(cursor.nowUs(), qint64(3'000'000));
    // Play from the last request starts again from the first.
    cursor.moveTo(3);
    transport.setPlaying(true);
    QVERIFY(transport.isPlaying());
    QCOMPARE(cursor.current(), 0);
    transport.stepBy(1);  // stepping stops the play
    QVERIFY(!transport.isPlaying());
    QCOMPARE(cursor.current(), 1);
}

void TestLearnParts::textsReadTheCursor()
{
    LearnCursor cursor;
    LearnTexts texts(&cursor);
    cursor.setLanes(twoLanes());
    cursor.moveTo(0);  // 1 s: B has no request yet
    texts.showCursor();
    QCOMPARE(texts.sentence(0), QStringLiteral("a step 0"));
    QVERIFY(texts.sentence(1).isEmpty());
    cursor.moveTo(3);  // 4 s: B's second request (3.5 s), the rejected one
    texts.showCursor();
    QCOMPARE(texts.sentence(0), QStringLiteral("a step 3"));
    QCOMPARE(texts.sentence(1), QStringLiteral("b step 1"));
    QVERIFY(texts.headersA().startsWith(QStringLiteral("HTTP/1.1 200")));
}

void TestLearnParts::pickersAskForSeeks()
{
    LearnPickers pickers;
    const auto scenario = loadScenario(kScenario, "parts");
    pickers.setAlgorithms(&scenario);
    QCOMPARE(pickers.algorithmA(), QStringLiteral("tb"));
    QCOMPARE(pickers.algorithmB(), QStringLiteral("fw"));  // the second by default
    auto* goTo = pickers.findChild<QLineEdit*>();
    QSignalSpy asked(&pickers, &LearnPickers::goToRequested);
    goTo->setText(QStringLiteral("25.4 s"));
    QTest::keyClick(goTo, Qt::Key_Return);
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked.front().front().toLongLong(), qint64(25'400'000));
    goTo->setText(QStringLiteral("soon"));
    QTest::keyClick(goTo, Qt::Key_Return);
    QCOMPARE(asked.count(), 1);
    QVERIFY(pickers.status().startsWith(QStringLiteral("Go to: type a time in seconds")));
    pickers.pick(QStringLiteral("fw"), QStringLiteral("new-key"));
    QCOMPARE(pickers.key(), QStringLiteral("new-key"));
    QCOMPARE(pickers.algorithmA(), QStringLiteral("fw"));
    QVERIFY(pickers.algorithmB().isEmpty());  // B is A's: none
    pickers.setSeeksEnabled(false);
    QVERIFY(!goTo->isEnabled());
}

void TestLearnParts::seekerMovesWithinTheLanes()
{
    LearnPickers pickers;
    LearnCursor cursor;
    LaneCanvas canvas;
    std::vector<KeyHistory> shown;
    LearnSeeker seeker(&pickers, &cursor, &canvas, [&](const std::vector<KeyHistory>& h, const std::string&) { shown = h; });
    cursor.setLanes(twoLanes());
    canvas.setLanes(cursor.lanes());
    cursor.moveTo(0);
    QSignalSpy moving(&seeker, &LearnSeeker::aboutToMove);
    QSignalSpy loading(&seeker, &LearnSeeker::aboutToLoad);
    seeker.goTo(2'500'000);  // within the lanes: the cursor moves, nothing loads
    QCOMPARE(cursor.current(), 1);
    QCOMPARE(cursor.nowUs(), qint64(2'500'000));
    QCOMPARE(moving.count(), 1);
    QCOMPARE(loading.count(), 0);
    seeker.nextRejection();  // B's at 3.5 s: A's step at or before it is 3 s
    QCOMPARE(cursor.nowUs(), qint64(3'500'000));
    QCOMPARE(cursor.current(), 2);
    QCOMPARE(loading.count(), 0);
    seeker.nextRejection();  // none after 3.5 s in the lanes: a seek (no scenario, so no job)
    QCOMPARE(loading.count(), 1);
    QVERIFY(shown.empty());
}

void TestLearnParts::playgroundEditsTheRequests()
{
    LearnPickers pickers;
    LearnCursor cursor;
    LaneCanvas canvas;
    const auto scenario = loadScenario(kScenario, "parts");
    pickers.setAlgorithms(&scenario);
    pickers.setKeys({"global"});
    LearnPlayground playground(&canvas, &cursor, &pickers, [&](const std::vector<KeyHistory>& h) {
        cursor.setLanes(lanesFor(h, &scenario, false, {}, true));
        canvas.setLanes(cursor.lanes());
    });
    // Three requests of tb at 0, 0.1 and 0.2 s (capacity 2): from a fresh key, the third is
    // rejected, as a bucket of 2 refilled at 1/s decides them.
    KeyHistory tb = history("tb", {0, 100'000, 200'000});
    cursor.setLanes(lanesFor({tb}, &scenario, false, {}, false));
    cursor.moveTo(0);
    playground.showControls(true);
    QVERIFY(playground.isOn() && canvas.editor().isOn());
    playground.start(scenario);
    QCOMPARE(playground.edits().requests().size(), std::size_t(3));
    const auto& steps = cursor.lanes().front().history.steps;
    QCOMPARE(steps.size(), std::size_t(3));
    QVERIFY(steps[0].decision.allowed && steps[1].decision.allowed && !steps[2].decision.allowed);
    // A burst of 2, 10 ms apart, at the cursor (0 s): five requests, the cursor on the first sent.
    playground.addBurst(2, 10'000);
    QCOMPARE(playground.edits().requests().size(), std::size_t(5));
    QCOMPARE(cursor.lanes().front().history.steps.size(), std::size_t(5));
    QVERIFY(pickers.status().startsWith(QStringLiteral("Playground: 5 requests of global")));
    playground.showControls(false);
    QVERIFY(!canvas.editor().isOn());
    QVERIFY(playground.edits().requests().empty());
}

QTEST_MAIN(TestLearnParts)
#include "tst_learnparts.moc"
