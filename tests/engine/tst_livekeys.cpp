// LiveKeys, the live-key count of a lane: hand-derived cases at the millisecond edges, and a
// seeded random comparison with a brute-force count that keeps every key's expiry and counts
// the live ones one by one (the definition in report.md, nothing shared with the class).

#include "engine/metrics/livekeys.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

using namespace ratelab;

class TestLiveKeys : public QObject {
    Q_OBJECT

private slots:
    void expiryRoundsUpToTheMillisecond_data();
    void expiryRoundsUpToTheMillisecond();
    void peakCountsOverlappingKeys();
    void extendingKeepsOneKey();
    void idleAtOnceIsNotLive();
    void intervalPeakStartsFromTheLiveKeys();
    void expiriesBeyondTheRing();
    void quietSpellThenExtension();
    void forEachLiveListsTheLiveKeys();
    void keylessCountingTotalsPlaces();
    void agreesWithBruteForce_data();
    void agreesWithBruteForce();
    void profileHoldsEachMillisecondsEnd();
};

void TestLiveKeys::expiryRoundsUpToTheMillisecond_data()
{
    QTest::addColumn<qint64>("now");
    QTest::addColumn<qint64>("resetAfter");
    QTest::addColumn<qint64>("lastLive");  // the last microsecond the key is live
    // now + resetAfter = 2500 -> expires at 3000: live through 2999.
    QTest::newRow("mid-millisecond") << qint64(1500) << qint64(1000) << qint64(2999);
    // Already on a millisecond: 4000 stays 4000.
    QTest::newRow("on a millisecond") << qint64(1000) << qint64(3000) << qint64(3999);
    // 1 us of reset still makes the key live until the next millisecond.
    QTest::newRow("one microsecond") << qint64(7000) << qint64(1) << qint64(7999);
    // Epoch-sized: 1,700,000,000,123,457 + 250,000 = ...373,457 -> ...374,000.
    QTest::newRow("epoch") << qint64(1'700'000'000'123'457) << qint64(250'000) << qint64(1'700'000'000'373'999);
}

void TestLiveKeys::expiryRoundsUpToTheMillisecond()
{
    QFETCH(qint64, now);
    QFETCH(qint64, resetAfter);
    QFETCH(qint64, lastLive);
    LiveKeys keys(now, false);
    keys.touch(0, now, resetAfter);
    QCOMPARE(keys.live(), std::int64_t(1));
    keys.advance(lastLive);
    QCOMPARE(keys.live(), std::int64_t(1));
    keys.advance(lastLive + 1);
    QCOMPARE(keys.live(), std::int64_t(0));
    QCOMPARE(keys.peak(), std::int64_t(1));
}

// A at 0 until 10,000; B at 5,000 until 15,000; E at 9,999 until 10,000 (1 us rounds up to
// 10,000): all three live at 9,999. C at 12,000 until 13,000: A and E are gone by then.
void TestLiveKeys::peakCountsOverlappingKeys()
{
    LiveKeys keys(0, false);
    keys.touch(0, 0, 10'000);
    keys.touch(1, 5'000, 10'000);
    keys.touch(2, 9'999, 1);
    QCOMPARE(keys.peak(), std::int64_t(3));
    keys.touch(3, 12'000, 1'000);
    keys.advance(12'000);
    QCOMPARE(keys.live(), std::int64_t(2));
    keys.advance(13'000);
    QCOMPARE(keys.live(), std::int64_t(1));
    keys.advance(15'000);
    QCOMPARE(keys.live(), std::int64_t(0));
    QCOMPARE(keys.peak(), std::int64_t(3));
}

// A key touched again while live is one key whose expiry moves later, never earlier.
void TestLiveKeys::extendingKeepsOneKey()
{
    LiveKeys keys(0, false);
    keys.touch(0, 0, 10'000);     // until 10,000
    keys.touch(0, 9'000, 5'000);  // until 14,000
    keys.touch(0, 9'500, 100);    // 9,600 -> 10,000: earlier, so still 14,000
    keys.advance(13'999);
    QCOMPARE(keys.live(), std::int64_t(1));
    keys.advance(14'000);
    QCOMPARE(keys.live(), std::int64_t(0));
    QCOMPARE(keys.peak(), std::int64_t(1));
    keys.touch(0, 20'000, 1'000);  // alive again
    QCOMPARE(keys.live(), std::int64_t(1));
}

void TestLiveKeys::idleAtOnceIsNotLive()
{
    LiveKeys keys(0, false);
    keys.touch(0, 1'000, 0);
    keys.touch(1, 1'500, -1);
    QCOMPARE(keys.live(), std::int64_t(0));
    QCOMPARE(keys.peak(), std::int64_t(0));
}

// A bucket's peak, then the next one starts from the keys live at the last time seen.
void TestLiveKeys::intervalPeakStartsFromTheLiveKeys()
{
    LiveKeys keys(0, false);
    keys.touch(0, 0, 5'000);      // until 5,000
    keys.touch(1, 1'000, 1'000);  // until 2,000
    keys.touch(2, 3'000, 1'000);  // until 4,000; key 1 is gone: 2 live
    QCOMPARE(keys.takeIntervalPeak(), std::int64_t(2));
    keys.advance(4'500);                                 // only key 0 left
    QCOMPARE(keys.takeIntervalPeak(), std::int64_t(2));  // the keys live at 3,000, when it started
    QCOMPARE(keys.takeIntervalPeak(), std::int64_t(1));
    keys.advance(5'000);
    QCOMPARE(keys.takeIntervalPeak(), std::int64_t(1));
    QCOMPARE(keys.takeIntervalPeak(), std::int64_t(0));
}

// Expiries past the 65.5 s ring (hour-long windows) wait in the far map; a jump of hours
// retires them in order.
void TestLiveKeys::expiriesBeyondTheRing()
{
    constexpr SimTime kSecond = 1'000'000;
    LiveKeys keys(0, false);
    keys.touch(0, 0, 70 * kSecond);
    keys.touch(1, 0, 200 * kSecond);
    keys.touch(2, 0, 3600 * kSecond);
    keys.touch(3, 10, 500);  // until 1,000
    QCOMPARE(keys.peak(), std::int64_t(4));
    keys.advance(69 * kSecond);
    QCOMPARE(keys.live(), std::int64_t(3));
    keys.touch(0, 69 * kSecond, 131 * kSecond + 1);  // 200,000,001 -> 200,001,000
    keys.advance(100 * kSecond);
    QCOMPARE(keys.live(), std::int64_t(3));
    keys.advance(200 * kSecond);  // key 1 goes, key 0 lives 1 ms more
    QCOMPARE(keys.live(), std::int64_t(2));
    keys.advance(200 * kSecond + 1'000);
    QCOMPARE(keys.live(), std::int64_t(1));
    keys.advance(3600 * kSecond - 1);
    QCOMPARE(keys.live(), std::int64_t(1));
    keys.advance(3600 * kSecond);
    QCOMPARE(keys.live(), std::int64_t(0));
    keys.touch(4, 7200 * kSecond, 1);  // the count starts again after the jump
    QCOMPARE(keys.live(), std::int64_t(1));
    QCOMPARE(keys.peak(), std::int64_t(4));
}

// Only extensions for 100 s (no advance, no new key): the cursor must not fall a ring behind.
void TestLiveKeys::quietSpellThenExtension()
{
    constexpr SimTime kSecond = 1'000'000;
    LiveKeys keys(0, false);
    for (SimTime t = 0; t <= 100 * kSecond; t += kSecond / 2)
        keys.touch(7, t, 2 * kSecond);
    keys.advance(101 * kSecond);
    QCOMPARE(keys.live(), std::int64_t(1));
    keys.advance(102 * kSecond);
    QCOMPARE(keys.live(), std::int64_t(0));
    QCOMPARE(keys.peak(), std::int64_t(1));
}

// Listed once each, however often a key dies and comes back between two calls.
void TestLiveKeys::forEachLiveListsTheLiveKeys()
{
    LiveKeys keys(0, true);
    const auto liveKeys = [&keys] {
        std::vector<KeyId> live;
        keys.forEachLive([&](KeyId key) { live.push_back(key); });
        std::sort(live.begin(), live.end());
        return live;
    };
    keys.touch(3, 0, 10'000);      // until 10,000
    keys.touch(9, 0, 2'000);       // until 2,000
    keys.touch(5, 1'000, 20'000);  // until 21,000
    keys.advance(2'000);
    QCOMPARE(liveKeys(), (std::vector<KeyId>{3, 5}));
    keys.touch(9, 3'000, 1'000);  // back until 4,000
    keys.touch(9, 5'000, 1'000);  // dead at 4,000, back until 6,000
    keys.advance(5'500);
    QCOMPARE(liveKeys(), (std::vector<KeyId>{3, 5, 9}));
    keys.advance(10'000);
    QCOMPARE(liveKeys(), (std::vector<KeyId>{5}));
    keys.touch(3, 11'000, 1'000);  // pruned above, listed again
    keys.advance(11'000);
    QCOMPARE(liveKeys(), (std::vector<KeyId>{3, 5}));
}

// Two places hold key 0: A from 0 until 10,000, B from 5,000 until 15,000, then A again
// until 20,000. A total fed what their expiries did counts 2 at once, 1 after 15,000, none
// from 20,000.
void TestLiveKeys::keylessCountingTotalsPlaces()
{
    LiveKeys total(0, false);
    InstanceLiveKeys a(0, false);
    LiveKeys b(0, false);
    QCOMPARE(a.expiryOf(0), kNever);
    a.touch(0, 0, 10'000);
    total.countLive(0, a.expiryOf(0));
    QCOMPARE(a.expiryOf(0), SimTime(10'000));
    b.touch(0, 5'000, 10'000);
    total.countLive(5'000, b.expiryOf(0));
    QCOMPARE(total.peak(), std::int64_t(2));
    a.touch(0, 9'000, 11'000);  // live: its expiry moves to 20,000
    total.countMove(9'000, 10'000, a.expiryOf(0));
    total.advance(14'999);
    QCOMPARE(total.live(), std::int64_t(2));
    total.advance(15'000);
    QCOMPARE(total.live(), std::int64_t(1));
    total.advance(20'000);
    QCOMPARE(total.live(), std::int64_t(0));
    QCOMPARE(total.peak(), std::int64_t(2));
}

void TestLiveKeys::agreesWithBruteForce_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<qint64>("maxResetUs");
    QTest::addColumn<qint64>("maxGapUs");
    QTest::addColumn<bool>("instanceRing");
    QTest::newRow("short resets, dense") << quint64(1) << qint64(5'000) << qint64(300) << false;
    QTest::newRow("second-long resets") << quint64(2) << qint64(2'000'000) << qint64(20'000) << false;
    QTest::newRow("resets past the ring, with long gaps") << quint64(3) << qint64(200'000'000) << qint64(5'000'000) << false;
    QTest::newRow("instance ring, short resets") << quint64(4) << qint64(5'000) << qint64(300) << true;
    QTest::newRow("instance ring, resets past it") << quint64(5) << qint64(3'000'000) << qint64(20'000) << true;
}

namespace {

// Random touches over 50 keys; after each one the brute force counts the keys whose rounded
// expiry is after now. The class must report the same live count after advance(now), the
// same running peak, and list the same keys.
template <class Keys>
void compareWithBruteForce(quint64 seed, qint64 maxResetUs, qint64 maxGapUs)
{
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<KeyId> keyOf(0, 49);
    std::uniform_int_distribution<std::int64_t> resetOf(-10, maxResetUs);
    std::uniform_int_distribution<std::int64_t> gapOf(0, maxGapUs);
    const SimTime start = 1'700'000'000'000'123;
    Keys keys(start, true);
    std::map<KeyId, SimTime> expiry;  // the rounded expiry of every key seen
    std::int64_t peak = 0;
    SimTime now = start;
    for (int i = 0; i < 20'000; ++i) {
        now += gapOf(rng);
        const KeyId key = keyOf(rng);
        const std::int64_t reset = resetOf(rng);
        keys.touch(key, now, reset);
        if (reset > 0) {
            const SimTime rounded = (now + reset + 999) / 1000 * 1000;  // now > 0
            expiry[key] = std::max(expiry[key], rounded);
        }
        std::int64_t live = 0;
        for (const auto& [k, e] : expiry)
            live += e > now;
        peak = std::max(peak, live);
        if (i % 7 == 0) {
            keys.advance(now);
            QCOMPARE(keys.live(), live);
        }
        if (i % 101 == 0) {
            keys.advance(now);
            std::vector<KeyId> listed;
            keys.forEachLive([&](KeyId k) { listed.push_back(k); });
            std::sort(listed.begin(), listed.end());
            std::vector<KeyId> expected;
            for (const auto& [k, e] : expiry) {
                if (e > now)
                    expected.push_back(k);
            }
            QCOMPARE(listed, expected);
        }
        QCOMPARE(keys.peak(), peak);
    }
    QVERIFY2(peak >= 5, "the trace must overlap keys");
}

}  // namespace

void TestLiveKeys::agreesWithBruteForce()
{
    QFETCH(quint64, seed);
    QFETCH(qint64, maxResetUs);
    QFETCH(qint64, maxGapUs);
    QFETCH(bool, instanceRing);
    if (instanceRing)
        compareWithBruteForce<InstanceLiveKeys>(seed, maxResetUs, maxGapUs);
    else
        compareWithBruteForce<LiveKeys>(seed, maxResetUs, maxGapUs);
}

// recordProfile(): the count at the end of every millisecond, against a brute force that
// applies the touches one by one and counts the keys live at the millisecond's last
// microsecond. Expiries reach beyond the 65.5 s ring, and quiet spells leave it behind.
void TestLiveKeys::profileHoldsEachMillisecondsEnd()
{
    std::mt19937_64 rng(11);
    LiveKeys keys(0, false);
    keys.recordProfile();
    std::map<KeyId, SimTime> expiry;          // the brute force's
    std::vector<std::int64_t> brute;          // live keys at the end of ms 0, 1, ...
    const auto countUntil = [&](SimTime t) {  // the ends of the ms before t's
        while (static_cast<SimTime>(brute.size() + 1) * 1000 <= t) {
            const SimTime last = static_cast<SimTime>(brute.size() + 1) * 1000 - 1;
            brute.push_back(std::count_if(expiry.begin(), expiry.end(), [&](const auto& e) { return e.second > last; }));
        }
    };
    SimTime t = 0;
    for (int i = 0; i < 3000; ++i) {
        t += static_cast<SimTime>(rng() % (i % 500 == 0 ? 90'000'000 : 3'000));
        const auto key = static_cast<KeyId>(rng() % 40);
        const Duration reset = static_cast<Duration>(rng() % (i % 7 == 0 ? 100'000'000 : 20'000));
        countUntil(t);
        const SimTime rounded = (t + reset + 999) / 1000 * 1000;
        const auto it = expiry.find(key);
        if (it != expiry.end() && it->second > t)
            it->second = std::max(it->second, rounded);
        else if (reset > 0 && rounded > t)
            expiry[key] = rounded;
        keys.touch(key, t, reset);
    }
    const SimTime end = t + 200'000'000;
    keys.advance(end);
    countUntil(end);
    std::size_t next = 0;
    std::int64_t value = 0;
    const auto& profile = keys.profile();
    for (std::size_t ms = 0; ms < brute.size(); ++ms) {
        while (next < profile.size() && profile[next].first <= static_cast<std::int64_t>(ms))
            value = profile[next++].second;
        QCOMPARE(value, brute[ms]);
    }
    QVERIFY(profile.size() > 100);
}

QTEST_APPLESS_MAIN(TestLiveKeys)
#include "tst_livekeys.moc"
