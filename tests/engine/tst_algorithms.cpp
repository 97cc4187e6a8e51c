// Hand-derived step tables for the six exact algorithms, at the edges: exact window
// boundaries, the fixed window's 2x boundary burst, bursts at t = 0, cost > 1, cost above
// capacity, long idle gaps, interleaved keys, sub-millisecond spacing and epoch-sized
// timestamps (E = 1,700,000,000,000,000 us, a 2023 instant).

#include "steptable.h"

#include "engine/algorithms/limiter/timestamplog.h"

using namespace ratelab;

class TestAlgorithms : public QObject {
    Q_OBJECT

private slots:
    void steps_data();
    void steps();
    void timeGoesBack_data();
    void timeGoesBack();
    void stateSizes();
    void timestampLogFromOneEntry();
};

void TestAlgorithms::steps_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("steps");

    // capacity 3, 1 token/s: three pass at t = 0; the 4th needs 1 s; at 0.5 s half a token.
    QTest::newRow("token bucket burst and refill") << "token_bucket"
                                                   << "capacity=3 refill=1/s"
                                                   << "0 a 1 -> 1 2 0; 0 a 1 -> 1 1 0; 0 a 1 -> 1 0 0; 0 a 1 -> 0 0 1000000;"
                                                      "500000 a 1 -> 0 0 500000; 999999 a 1 -> 0 0 1; 1000000 a 1 -> 1 0 0;"
                                                      "1000000 a 4 -> 0 0 -1; 1000000 b 3 -> 1 0 0; 1000000 b 1 -> 0 0 1000000";
    // cost 2 from a full bucket of 3, then cost 2 needs one more token: 1 s.
    QTest::newRow("token bucket cost > 1") << "token_bucket"
                                           << "capacity=3 refill=1/s"
                                           << "0 a 2 -> 1 1 0; 0 a 2 -> 0 1 1000000; 1000000 a 2 -> 1 0 0";
    // A long idle gap refills to capacity, not beyond.
    QTest::newRow("token bucket idle gap caps at capacity")
        << "token_bucket"
        << "capacity=2 refill=10/s"
        << "0 a 2 -> 1 0 0; 86400000000 a 1 -> 1 1 0; 86400000000 a 1 -> 1 0 0; 86400000000 a 1 -> 0 0 100000";
    // 3/s: 333,333.33 us per token. At E a token is taken; after 333,333 us the level is
    // 0.999999 (rejected, 1 us short); after 333,334 us it would be 1.000002, capped at 1.
    QTest::newRow("token bucket epoch-sized timestamps, 3/s")
        << "token_bucket"
        << "capacity=1 refill=3/s"
        << "1700000000000000 a 1 -> 1 0 0; 1700000000333333 a 1 -> 0 0 1; 1700000000333334 a 1 -> 1 0 0;"
           "1700000000666667 a 1 -> 0 0 1; 1700000000666668 a 1 -> 1 0 0";
    // interval mode: 2/s x 500 ms = 1 token at each multiple of 500 ms from t = 0.
    QTest::newRow("token bucket interval refill")
        << "token_bucket"
        << "capacity=2 refill=2/s refill_mode=interval interval=500ms"
        << "100000 a 1 -> 1 1 0; 100000 a 1 -> 1 0 0; 100000 a 1 -> 0 0 400000; 499999 a 1 -> 0 0 1;"
           "500000 a 1 -> 1 0 0; 999999 a 2 -> 0 0 500001; 2000000 a 2 -> 1 0 0";
    // nginx semantics: 1 + burst at once, then one per 1/rate; police forwards at once.
    QTest::newRow("leaky bucket police") << "leaky_bucket"
                                         << "rate=1/s burst=2 mode=police"
                                         << "0 a 1 -> 1 2 0 0; 0 a 1 -> 1 1 0 0; 0 a 1 -> 1 0 0 0; 0 a 1 -> 0 0 1000000 0;"
                                            "999999 a 1 -> 0 0 1 0; 1000000 a 1 -> 1 0 0 0; 1000000 a 4 -> 0 * -1 *;"
                                            // cost 3 fits burst 2 only from idle: max(0, 2 + 1 - t x 1/s) <= 0 needs t = 3 s.
                                            "1000000 a 3 -> 0 0 3000000 0; 4000000 a 3 -> 1 0 0 0";
    // shape: rate 2/s, burst 4: delays E'/rate = 0, 0.5 s, 1 s; cost 3 on a new key: E' = 2.
    // At 2.75 s the first key's excess 2 has drained to 0, so E' = 0.
    QTest::newRow("leaky bucket shape delays")
        << "leaky_bucket"
        << "rate=2/s burst=4"
        << "0 a 1 -> 1 4 0 0; 0 a 1 -> 1 3 0 500000; 0 a 1 -> 1 2 0 1000000; 0 b 3 -> 1 2 0 1000000;"
           "2750000 a 1 -> 1 4 0 0";
    // 20/m = 1/3 per second: E' after 1.5 s from excess 1 is max(0, 1 + 1 - 0.5) = 1.5: delay 4.5 s.
    QTest::newRow("leaky bucket fractional rate") << "leaky_bucket"
                                                  << "rate=20/m burst=5"
                                                  << "0 a 1 -> 1 5 0 0; 0 a 1 -> 1 4 0 3000000; 1500000 a 1 -> 1 3 0 4500000";
    // Fixed window, epoch-aligned: 3 just before the boundary and 3 just after: 6 in 2 ms.
    QTest::newRow("fixed window boundary burst (2x)")
        << "fixed_window"
        << "limit=3 window=1s"
        << "999000 a 1 -> 1 2 0; 999000 a 1 -> 1 1 0; 999500 a 1 -> 1 0 0; 999999 a 1 -> 0 0 1;"
           "1000000 a 1 -> 1 2 0; 1000000 a 1 -> 1 1 0; 1001000 a 1 -> 1 0 0; 1999999 a 1 -> 0 0 1;"
           "1000000 b 4 -> 0 * -1";
    // Without count_rejected a rejected cost 2 leaves room for cost 1; with it, not.
    QTest::newRow("fixed window cost, not counting rejected") << "fixed_window"
                                                              << "limit=3 window=10s"
                                                              << "0 a 2 -> 1 1 0; 0 a 2 -> 0 1 10000000; 0 a 1 -> 1 0 0";
    QTest::newRow("fixed window INCR-first counts rejected")
        << "fixed_window"
        << "limit=3 window=10s count_rejected=true"
        << "0 a 2 -> 1 1 0; 0 a 2 -> 0 0 10000000; 0 a 1 -> 0 0 10000000; 10000000 a 3 -> 1 0 0";
    // align=first: the window opens at 5 s and lasts until 15 s.
    QTest::newRow("fixed window aligned at first request")
        << "fixed_window"
        << "limit=2 window=10s align=first"
        << "5000000 a 1 -> 1 1 0; 6000000 a 1 -> 1 0 0; 14999999 a 1 -> 0 0 1; 15000000 a 1 -> 1 1 0";
    // Sliding log, limit 2 per 10 s: the entry at 0 leaves at 10 s (exclusive) or 10 s + 1 us.
    // Cost 2 at 10 s must wait for both entries (1 s, 10 s) to leave: until 20 s.
    QTest::newRow("sliding log exclusive")
        << "sliding_window_log"
        << "limit=2 window=10s"
        << "0 a 1 -> 1 1 0; 1000000 a 1 -> 1 0 0; 5000000 a 1 -> 0 0 5000000; 10000000 a 1 -> 1 0 0;"
           "10000000 a 2 -> 0 0 10000000; 20000000 a 2 -> 1 0 0";
    QTest::newRow("sliding log inclusive")
        << "sliding_window_log"
        << "limit=2 window=10s boundary=inclusive"
        << "0 a 1 -> 1 1 0; 1000000 a 1 -> 1 0 0; 10000000 a 1 -> 0 0 1; 10000001 a 1 -> 1 0 0";
    // A rejected request is not logged: it does not push the retry time out.
    QTest::newRow("sliding log ignores rejected")
        << "sliding_window_log"
        << "limit=1 window=1s"
        << "0 a 1 -> 1 0 0; 500000 a 1 -> 0 0 500000; 900000 a 1 -> 0 0 100000; 1000000 a 1 -> 1 0 0;"
           "1000000 a 2 -> 0 0 -1";
    // Sliding counter, limit 10 per 60 s. Window [0, 60 s) admits 8; [60 s, 120 s) admits 3.
    // At 75 s: floor(8 x 45/60) + 3 = 9, so one more passes (est 10 after it). The next needs
    // floor(8 (60 s - e) / 60 s) <= 5, i.e. e >= 15,000,001 us: retry 1 us.
    QTest::newRow("sliding counter weighted estimate")
        << "sliding_window_counter"
        << "limit=10 window=60s"
        << "1000000 a 1 -> 1; 2000000 a 1 -> 1; 3000000 a 1 -> 1; 4000000 a 1 -> 1; 5000000 a 1 -> 1;"
           "6000000 a 1 -> 1; 7000000 a 1 -> 1; 8000000 a 1 -> 1 2 0; 61000000 a 1 -> 1; 62000000 a 1 -> 1;"
           "63000000 a 1 -> 1; 75000000 a 1 -> 1 0 0; 75000000 a 1 -> 0 0 1; 75000001 a 1 -> 1 0 0";
    // Two windows later the previous count no longer weighs.
    QTest::newRow("sliding counter forgets old windows")
        << "sliding_window_counter"
        << "limit=2 window=1s"
        << "0 a 1 -> 1 1 0; 0 a 1 -> 1 0 0; 0 a 1 -> 0 0 1000001; 1000000 a 1 -> 0 0 1;"
           "2000000 a 2 -> 1 0 0; 2000000 a 3 -> 0 * -1";
    // GCRA rate 10/s burst 5: T = 100 ms, tau = 500 ms; five at once, the 6th in 100 ms.
    QTest::newRow("gcra burst") << "gcra"
                                << "rate=10/s burst=5"
                                << "0 a 1 -> 1 4 0; 0 a 1 -> 1 3 0; 0 a 1 -> 1 2 0; 0 a 1 -> 1 1 0; 0 a 1 -> 1 0 0;"
                                   "0 a 1 -> 0 0 100000; 60000 a 1 -> 0 0 40000; 100000 a 1 -> 1 0 0; 100000 a 6 -> 0 * -1";
    // 3/s at epoch timestamps: T = 333,333.33 us; the 2nd request fits from E + T.
    QTest::newRow("gcra epoch-sized timestamps")
        << "gcra"
        << "rate=3/s burst=1"
        << "1700000000000000 a 1 -> 1 0 0; 1700000000333333 a 1 -> 0 0 1; 1700000000333334 a 1 -> 1 0 0";
    // Interleaved keys keep separate state; sub-millisecond spacing is resolved exactly.
    QTest::newRow("gcra interleaved keys, sub-ms")
        << "gcra"
        << "rate=1000/s burst=1"
        << "0 a 1 -> 1; 0 b 1 -> 1; 999 a 1 -> 0 0 1; 999 b 1 -> 0 0 1; 1000 a 1 -> 1; 1000 b 1 -> 1; 1500 a 1 -> 0 0 500";
}

void TestAlgorithms::steps()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QString, steps);
    test::runSteps(algorithm, params, steps);
}

// A key's time going back, after golang.org/x/time/rate's TestLimiterJumpBackwards (rate_test.go):
// t0 = 1 s, t1 = t0 + 100 ms, t2 = t0 + 200 ms, and each algorithm's own rule
// (algorithms.md): decided as at the latest instant the rule names, waits counted from the
// request's own time.
void TestAlgorithms::timeGoesBack_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("steps");

    // 3 tokens, 10/s. Unlike x/time/rate, `last` stays at t1: the two requests at t0 take the
    // tokens left at t1 (2, then 1); the third finds 0 and waits for the token due 100 ms after
    // t1, 200 ms from t0. Back at t1 nothing has refilled (Go's limiter, its `last` moved to t0,
    // admits one there); at t2 one token has.
    QTest::newRow("token bucket: decided as at last")
        << "token_bucket"
        << "capacity=3 refill=10/s"
        << "1100000 a 1 -> 1 2 0; 1000000 a 1 -> 1 1 0; 1000000 a 1 -> 1 0 0; 1000000 a 1 -> 0 0 200000;"
           "1000000 a 1 -> 0 0 200000; 1100000 a 1 -> 0 0 100000; 1200000 a 1 -> 1 0 0; 1200000 a 1 -> 0 0 100000";
    // 1 token at each multiple of 500 ms. Emptied at 1.2 s; a request at 0.9 s (the interval
    // before) is decided as at 1.2 s: the next fill is at 1.5 s, 600 ms away (not the 1.0 s
    // boundary of its own interval, which fills nothing after 1.2 s).
    QTest::newRow("token bucket interval: the next fill after last")
        << "token_bucket"
        << "capacity=2 refill=2/s refill_mode=interval interval=500ms"
        << "1200000 a 1 -> 1 1 0; 1200000 a 1 -> 1 0 0; 900000 a 1 -> 0 0 600000; 1499999 a 1 -> 0 0 1;"
           "1500000 a 1 -> 1 0 0";
    // rate 10/s, burst 2, shape. last = 1.1 s with E = 1; at t0 nothing drains: E' = 2, held
    // 2 / 10/s = 200 ms. The next at t0 would make E' = 3: it fits once 2 + 1 - 10/s x
    // (t - 1.1 s) <= 2, at 1.2 s, 200 ms from t0. At 1.2 s, E' = 2 + 1 - 1 = 2: held 200 ms.
    QTest::newRow("leaky bucket: drains nothing before last")
        << "leaky_bucket"
        << "rate=10/s burst=2"
        << "1100000 a 1 -> 1 2 0 0; 1100000 a 1 -> 1 1 0 100000; 1000000 a 1 -> 1 0 0 200000;"
           "1000000 a 1 -> 0 0 200000 0; 1199999 a 1 -> 0 0 1 0; 1200000 a 1 -> 1 0 0 200000";
    // limit 2 per 1 s. The key's window is [1 s, 2 s); 0.9 s lies in the one before and is
    // counted in [1 s, 2 s): the second fills it, the third waits for 2 s, 1.1 s away.
    QTest::newRow("fixed window epoch: counted in the current window")
        << "fixed_window"
        << "limit=2 window=1s"
        << "1500000 a 1 -> 1 1 0; 900000 a 1 -> 1 0 0; 900000 a 1 -> 0 0 1100000; 1999999 a 1 -> 0 0 1;"
           "2000000 a 1 -> 1 1 0";
    // align=first: the window opened at 1.5 s lasts until 2.5 s; 1.4 s, before its start, is
    // counted in it.
    QTest::newRow("fixed window first: counted in the open window")
        << "fixed_window"
        << "limit=2 window=1s align=first"
        << "1500000 a 1 -> 1 1 0; 1400000 a 1 -> 1 0 0; 1400000 a 1 -> 0 0 1100000; 2499999 a 1 -> 0 0 1;"
           "2500000 a 1 -> 1 1 0";
    // limit 2 per 1 s, exclusive. The request at 1.0 s is logged at the newest entry's time,
    // 1.5 s, so both entries leave at 2.5 s: the third waits 1.5 s from 1.0 s.
    QTest::newRow("sliding log: logged at the newest entry")
        << "sliding_window_log"
        << "limit=2 window=1s"
        << "1500000 a 1 -> 1 1 0; 1000000 a 1 -> 1 0 0; 1000000 a 1 -> 0 0 1500000; 2499999 a 1 -> 0 0 1;"
           "2500000 a 1 -> 1 1 0";
    // limit 4 per 1 s. Two in window 1; 0.5 s (window 0) counts in window 1 as at its start
    // (elapsed 0, prev 0): est 2 then 3. The fifth: est 4 + 1 > 4; next window, prev = 4:
    // floor(4 (W - e) / W) <= 3 from e = 1 us: 2 s + 1 us, 1.500001 s from 0.5 s.
    QTest::newRow("sliding counter: counted in the current window")
        << "sliding_window_counter"
        << "limit=4 window=1s"
        << "1500000 a 1 -> 1 3 0; 1500000 a 1 -> 1 2 0; 500000 a 1 -> 1 1 0; 500000 a 1 -> 1 0 0;"
           "500000 a 1 -> 0 0 1500001; 2000000 a 1 -> 0 0 1; 2000001 a 1 -> 1 0 0";
    // rate 10/s, burst 2: T = 100 ms, tau = 200 ms. TAT 1.2 s after t1. At t0 the TAT is
    // 200 ms ahead: new TAT 1.3 s - t0 = 300 ms > tau, rejected (a token bucket, decided as
    // at t1, would admit it); it passes when 1.3 s - t <= 200 ms: 100 ms from t0. At 1.05 s
    // the TAT is 1.3 s: 1.4 s - 0.2 s - 1.05 s = 150 ms.
    QTest::newRow("gcra: the TAT further ahead")
        << "gcra"
        << "rate=10/s burst=2"
        << "1100000 a 1 -> 1 1 0; 1000000 a 1 -> 0 0 100000; 1100000 a 1 -> 1 0 0; 1050000 a 1 -> 0 0 150000;"
           "1200000 a 1 -> 1 0 0";
}

void TestAlgorithms::timeGoesBack()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QString, steps);
    test::runSteps(algorithm, params, steps);
}

void TestAlgorithms::stateSizes()
{
    // The memory per key the design promises (design.md section 3; issue 2's benchmark goals).
    const auto bytes = [](const char* name, const char* params) {
        return makeLimiter(name, test::paramsFrom(params)).limiter->stateBytesPerKey();
    };
    QCOMPARE(bytes("token_bucket", "capacity=10 refill=10/s"), std::size_t(16));
    QCOMPARE(bytes("leaky_bucket", "rate=10/s burst=10"), std::size_t(16));
    QCOMPARE(bytes("sliding_window_counter", "limit=10 window=1s"), std::size_t(16));
    QCOMPARE(bytes("gcra", "rate=10/s burst=10"), std::size_t(8));
    // The epoch window keeps its index whole (a 32-bit tag ran out after 2^31 windows).
    QCOMPARE(bytes("fixed_window", "limit=10 window=1s"), std::size_t(16));
}

void TestAlgorithms::timestampLogFromOneEntry()
{
    // The sliding log's ring holds its first entry in place (8 bytes), then grows to 4, 8...
    const auto entries = [](const TimestampLog& log) {
        std::vector<SimTime> out;
        for (std::uint32_t i = 0; i < log.size(); ++i)
            out.push_back(log.at(i));
        return out;
    };
    TimestampLog log;
    QCOMPARE(log.capacityBytes(), std::size_t{0});
    log.push(10, 1);
    QCOMPARE(log.capacityBytes(), std::size_t{8});
    QCOMPARE(log.oldest(), SimTime{10});
    log.popOldest();  // empty again, still in place
    log.push(20, 1);
    QCOMPARE(log.capacityBytes(), std::size_t{8});
    QCOMPARE(entries(log), (std::vector<SimTime>{20}));
    const TimestampLog inPlace = log;  // a copy of the in-place entry
    log.push(30, 2);                   // 3 entries: a ring of 4 on the heap
    QCOMPARE(log.capacityBytes(), std::size_t{32});
    QCOMPARE(entries(log), (std::vector<SimTime>{20, 30, 30}));
    QCOMPARE(entries(inPlace), (std::vector<SimTime>{20}));
    log.popOldest();
    log.push(40, 2);  // wraps around the ring of 4
    QCOMPARE(entries(log), (std::vector<SimTime>{30, 30, 40, 40}));
    log.push(50, 1);  // 5 entries: 8
    QCOMPARE(log.capacityBytes(), std::size_t{64});
    QCOMPARE(entries(log), (std::vector<SimTime>{30, 30, 40, 40, 50}));
    TimestampLog copy;
    copy = log;
    TimestampLog moved(std::move(log));
    QCOMPARE(entries(copy), entries(moved));
    QCOMPARE(copy.capacityBytes(), std::size_t{64});
    copy = inPlace;  // a heap ring replaced by an in-place entry
    QCOMPARE(entries(copy), (std::vector<SimTime>{20}));
    QCOMPARE(copy.capacityBytes(), std::size_t{8});
}

QTEST_APPLESS_MAIN(TestAlgorithms)
#include "tst_algorithms.moc"
