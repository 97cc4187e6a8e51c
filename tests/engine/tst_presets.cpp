// Hand-derived facts for the presets whose reference cannot replay a trace (nginx reads its
// own clock; Envoy cannot run here), from the reference source: nginx
// src/http/modules/ngx_http_limit_req_module.c, Envoy's local rate limit token bucket. The
// replayable presets are checked against their real reference in tst_references; here only
// redis_rate's emission interval, as its Go program and script compute it.

#include "steptable.h"

#include "engine/algorithms/presets/redisrategcra/redisrategcra.h"

using namespace ratelab;

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    void steps_data();
    void steps();
    void timeGoesBack_data();
    void timeGoesBack();
    void rejectsBadParameters_data();
    void rejectsBadParameters();
    void nginxHasNoCost();
    void redisRateIntervalIsPeriodOverRate_data();
    void redisRateIntervalIsPeriodOverRate();
};

void TestPresets::steps_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("steps");

    // 10r/s = 10,000 milli-requests/s; burst 5: the 1st at excess 0, then +1000 each at the
    // same ms: 1 + 5 pass, the 7th (excess 6000 > 5000) is rejected. It fits when
    // floor(10000 x ms / 1000) >= 5000 + 1000 - 5000, i.e. ms >= 100.
    QTest::newRow("nginx 1 + burst at once, nodelay")
        << "nginx_limit_req"
        << "rate=10r/s burst=5 nodelay=true"
        << "0 a 1 -> 1 5 0 0; 0 a 1 -> 1 4 0 0; 0 a 1 -> 1 3 0 0; 0 a 1 -> 1 2 0 0; 0 a 1 -> 1 1 0 0;"
           "0 a 1 -> 1 0 0 0; 0 a 1 -> 0 0 100000; 99999 a 1 -> 0 0 1; 100000 a 1 -> 1 0 0 0";
    // Without nodelay the delay is excess x 1000 / rate ms: 1000 -> 100 ms, 2000 -> 200 ms.
    QTest::newRow("nginx delays without nodelay") << "nginx_limit_req"
                                                  << "rate=10r/s burst=5"
                                                  << "0 a 1 -> 1 5 0 0; 0 a 1 -> 1 4 0 100000; 0 a 1 -> 1 3 0 200000";
    // delay=2: the first two excess requests (1000, 2000) pass at once; 3000 waits 100 ms.
    QTest::newRow("nginx delay=2") << "nginx_limit_req"
                                   << "rate=10r/s burst=5 delay=2"
                                   << "0 a 1 -> 1 5 0 0; 0 a 1 -> 1 4 0 0; 0 a 1 -> 1 3 0 0; 0 a 1 -> 1 2 0 100000";
    // 1r/m is 1000 / 60 = 16 milli-requests/s, not 16.67: the 2nd request fits only when
    // floor(16 x ms / 1000) >= 1000, at 62.5 s, not 60 s.
    QTest::newRow("nginx 1r/m truncates to 16")
        << "nginx_limit_req"
        << "rate=1r/m"
        << "0 a 1 -> 1 0 0 0; 60000000 a 1 -> 0 0 2500000; 62499999 a 1 -> 0 0 1; 62500000 a 1 -> 1 0 0 0";
    // The millisecond clock: 0.4 ms and 0.9 ms are both ms 0 (ms = 0, no drain).
    QTest::newRow("nginx millisecond clock") << "nginx_limit_req"
                                             << "rate=1000r/s burst=1 nodelay=true"
                                             << "400 a 1 -> 1; 900 a 1 -> 1; 999 a 1 -> 0 0 1; 1000 a 1 -> 1";
    // The integer drain: rate x ms / 1000 truncates per update. 1r/m updated every 50 ms
    // drains 16 x 50 / 1000 = 0 each time, so the excess only grows.
    QTest::newRow("nginx integer drain")
        << "nginx_limit_req"
        << "rate=1r/m burst=3 nodelay=true"
        << "0 a 1 -> 1 3; 50000 a 1 -> 1 2; 100000 a 1 -> 1 1; 150000 a 1 -> 1 0; 200000 a 1 -> 0";
    // Envoy: max_tokens 2, 1 token per 100 ms fill, fills at multiples of 100 ms.
    QTest::newRow("envoy fills in whole intervals")
        << "envoy_local"
        << "max_tokens=2 tokens_per_fill=1 fill_interval=100ms"
        << "50000 a 1 -> 1 1 0; 50000 a 1 -> 1 0 0; 50000 a 1 -> 0 0 50000; 99999 a 1 -> 0 0 1;"
           "100000 a 1 -> 1 0 0; 150000 a 1 -> 0 0 50000; 300000 a 1 -> 1 1 0; 300000 a 1 -> 1 0 0; 300000 a 1 -> 0 0 100000";
    // Envoy takes any uint32 tokens_per_fill: 3,000,001 per 1 s fill (more than 10^6 per us
    // unit, which the factory used to build as a rate and dereference unchecked), capped at
    // max_tokens 5: five pass at 0.5 s, the sixth waits for the fill at 1 s, which refills all.
    QTest::newRow("envoy tokens_per_fill above 10^6")
        << "envoy_local"
        << "max_tokens=5 tokens_per_fill=3000001 fill_interval=1s"
        << "500000 a 1 -> 1 4 0; 500000 a 4 -> 1 0 0; 500000 a 1 -> 0 0 500000; 1000000 a 5 -> 1 0 0;"
           "1000000 a 1 -> 0 0 1000000";
    // INCR-first per epoch window: a rejected INCR still counts.
    QTest::newRow("redis INCR + EXPIRE")
        << "redis_incr_expire"
        << "limit=2 window=1s"
        << "999999 a 1 -> 1 1 0; 999999 a 1 -> 1 0 0; 999999 a 1 -> 0 0 1; 1000000 a 1 -> 1 1 0; 1000000 a 2 -> 0 0 1000000";
    // throttled: max_burst 2 admits 3 at once (the MaxBurst + 1 convention).
    QTest::newRow("throttled max_burst + 1") << "throttled_gcra"
                                             << "rate=10/s max_burst=2"
                                             << "0 a 1 -> 1 2 0; 0 a 1 -> 1 1 0; 0 a 1 -> 1 0 0; 0 a 1 -> 0 0 100000";
    // redis_rate: burst 2 admits 2 at once. The script's now is 216,771,200 s after 2017; there
    // now - (now + 0.1 - 0.2) = 0.09999999403953552 in doubles, so remaining = trunc(0.99999994)
    // = 0 where exact arithmetic says 1.
    QTest::newRow("redis_rate burst, float remaining")
        << "redis_rate_gcra"
        << "rate=10/s burst=2"
        << "1700000000000000 a 1 -> 1 0; 1700000000000000 a 1 -> 1 0; 1700000000000000 a 1 -> 0 0";
}

void TestPresets::steps()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QString, steps);
    test::runSteps(algorithm, params, steps);
}

// A key's time going back, per preset (presets.md), after golang.org/x/time/rate's
// TestLimiterJumpBackwards: t0 = 1 s, t1 = t0 + 100 ms, t2 = t0 + 200 ms.
void TestPresets::timeGoesBack_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("steps");

    // Go's own table (NewLimiter(10, 3)): advance() takes no refill before `last`, and a
    // success moves `last` to t0, so the refill to t1 counts those 100 ms again. Waits are
    // 100 ms from `last`.
    QTest::newRow("x_time_rate: TestLimiterJumpBackwards")
        << "x_time_rate"
        << "rate=10/s burst=3"
        << "1100000 a 1 -> 1 2 0; 1000000 a 1 -> 1 1 0; 1000000 a 1 -> 1 0 0; 1000000 a 1 -> 0 0 100000;"
           "1000000 a 1 -> 0 0 100000; 1100000 a 1 -> 1 0 0; 1100000 a 1 -> 0 0 100000; 1100000 a 1 -> 0 0 100000;"
           "1200000 a 1 -> 1 0 0; 1200000 a 1 -> 0 0 100000; 1200000 a 1 -> 0 0 100000";
    // A rejection stamped before `last` (t1) waits for the token due 100 ms after t1.
    QTest::newRow("x_time_rate: a rejection waits from last")
        << "x_time_rate"
        << "rate=10/s burst=2"
        << "1100000 a 1 -> 1 1 0; 1100000 a 1 -> 1 0 0; 1000000 a 1 -> 0 0 200000; 1199999 a 1 -> 0 0 1;"
           "1200000 a 1 -> 1 0 0";
    // 1 token per 500 ms fill: emptied at 1.2 s, a request at 0.9 s waits for the 1.5 s fill.
    QTest::newRow("envoy: the next fill after last")
        << "envoy_local"
        << "max_tokens=2 tokens_per_fill=1 fill_interval=500ms"
        << "1200000 a 1 -> 1 1 0; 1200000 a 1 -> 1 0 0; 900000 a 1 -> 0 0 600000; 1499999 a 1 -> 0 0 1;"
           "1500000 a 1 -> 1 0 0";
    // 10r/s = 10,000 milli-requests/s, burst 2, nodelay. At t0, ms = -100 counts as 0:
    // excess 1000 + 1000 = 2000, admitted, `last` stays 1100 ms. Then 3000 > 2000: it needs
    // floor(10000 x ms / 1000) >= 1000, ms >= 100 after 1100 ms: 1.2 s, 200 ms from t0.
    QTest::newRow("nginx: a step back under 60 s drains nothing")
        << "nginx_limit_req"
        << "rate=10r/s burst=2 nodelay=true"
        << "1100000 a 1 -> 1 2 0 0; 1100000 a 1 -> 1 1 0 0; 1000000 a 1 -> 1 0 0 0; 1000000 a 1 -> 0 0 200000 0;"
           "1199999 a 1 -> 0 0 1 0; 1200000 a 1 -> 1 0 0 0";
    // 1r/s (1000 milli-requests/s), burst 2. A step back of 70 s (ms < -60000) counts as
    // ms = 1: excess 1000 - 1 + 1000 = 1999 <= 2000, admitted, and `last` moves back to 30 s;
    // at 31 s, ms = 1000 drains 1000: excess 1999 again, admitted (with `last` at 100 s it
    // would be ms = 1 again, excess 2998, rejected).
    QTest::newRow("nginx: a step back over 60 s counts as 1 ms")
        << "nginx_limit_req"
        << "rate=1r/s burst=2 nodelay=true"
        << "100000000 a 1 -> 1 2 0 0; 100000000 a 1 -> 1 1 0 0; 30000000 a 1 -> 1 0 0 0; 31000000 a 1 -> 1 0 0 0";
    // INCR-first, epoch windows of 1 s: 0.9 s counts in the key's window [1 s, 2 s) (the real
    // pattern would INCR the older window's key), the rejected one too.
    QTest::newRow("redis INCR + EXPIRE: counted in the current window")
        << "redis_incr_expire"
        << "limit=2 window=1s"
        << "1500000 a 1 -> 1 1 0; 900000 a 1 -> 1 0 0; 900000 a 1 -> 0 0 1100000; 2000000 a 1 -> 1 1 0";
    // python limits: expirations[key] = 2.5 s is not <= 1.4 s, so the counter is kept: the
    // same as Python.
    QTest::newRow("limits fixed window: the open window")
        << "limits_fixed_window"
        << "limit=2 window=1s"
        << "1500000 a 1 -> 1 1 0; 1400000 a 1 -> 1 0 0; 1400000 a 1 -> 0 0 1100000; 2500000 a 1 -> 1 1 0";
    // limit 2 per 1 s, as Python's list (newest first): [1.5] then the hit at 1.0 s reads
    // events[1] (absent: admitted) and is prepended, [1.0, 1.5]. The next reads events[1] =
    // 1.5 s, which counts until 1.5 >= now - 1 fails: from 2.500001 s. At 2.500001 s both are gone.
    QTest::newRow("limits moving window: Python's list order")
        << "limits_moving_window"
        << "limit=2 window=1s"
        << "1500000 a 1 -> 1 1 0; 1000000 a 1 -> 1 0 0; 1000000 a 1 -> 0 0 1500001; 2000001 a 1 -> 0 0 500000;"
           "2500001 a 1 -> 1 1 0";
    // limit 4 per 1 s. Window 3 counts 1; 1.5 s (window 1) is more than a window back: decided
    // as at 2 s (the start of window 2, before the newest), counted in window 2. At 3.5 s,
    // window 2's count 1 weighs (1 - 0.5) = 0.5: remaining 4 - floor(0.5 + 2) = 2, then 1, 0; the
    // next needs floor(4 x ttl) <= 3 in window 4, from 4.000001 s. (Reusing window 3's counter
    // for window 1, as before, would have lost it.)
    QTest::newRow("limits sliding counter: more than a window back")
        << "limits_sliding_window_counter"
        << "limit=4 window=1s"
        << "3500000 a 1 -> 1 3 0; 1500000 a 1 -> 1 3 0; 3500000 a 1 -> 1 2 0; 3500000 a 1 -> 1 1 0;"
           "3500000 a 1 -> 1 0 0; 3500000 a 1 -> 0 0 500001";
    // rate 1/s, burst 2, at E = 1,700,000,000 s (script time 216771200 s since 2017). After
    // E + 1 s the TAT is E + 2 s; at E + 0.5 s, new_tat - burst_offset = E + 1 s > now:
    // rejected until E + 1 s. At E + 0.9 s the TAT is E + 3 s: until E + 2 s.
    QTest::newRow("redis_rate: the TAT further ahead")
        << "redis_rate_gcra"
        << "rate=1/s burst=2"
        << "1700000001000000 a 1 -> 1 1 0; 1700000000500000 a 1 -> 0 0 500000; 1700000001000000 a 1 -> 1 0 0;"
           "1700000000900000 a 1 -> 0 0 1100000";
    // T = 100 ms, DVT = 200 ms (max_burst 1): as gcra burst 2.
    QTest::newRow("throttled: the TAT further ahead")
        << "throttled_gcra"
        << "rate=10/s max_burst=1"
        << "1100000 a 1 -> 1 1 0; 1000000 a 1 -> 0 0 100000; 1100000 a 1 -> 1 0 0; 1050000 a 1 -> 0 0 150000";
}

void TestPresets::timeGoesBack()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QString, steps);
    test::runSteps(algorithm, params, steps);
}

void TestPresets::rejectsBadParameters_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("field");
    QTest::newRow("envoy fill_interval under 50ms") << "envoy_local"
                                                    << "max_tokens=5 fill_interval=10ms"
                                                    << "param fill_interval";
    QTest::newRow("limits window not whole seconds") << "limits_moving_window"
                                                     << "limit=5 window=1500ms"
                                                     << "param window";
    QTest::newRow("nginx rate per hour") << "nginx_limit_req"
                                         << "rate=10/h"
                                         << "param rate";
    QTest::newRow("missing burst") << "gcra"
                                   << "rate=10/s"
                                   << "param burst";
    QTest::newRow("unknown parameter") << "gcra"
                                       << "rate=10/s burst=1 capacity=3"
                                       << "param capacity";
    QTest::newRow("zero capacity") << "token_bucket"
                                   << "capacity=0 refill=1/s"
                                   << "param capacity";
    QTest::newRow("bad choice") << "fixed_window"
                                << "limit=1 window=1s align=left"
                                << "param align";
    QTest::newRow("unknown algorithm") << "token_buckets"
                                       << ""
                                       << "algorithm";
}

void TestPresets::rejectsBadParameters()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QString, field);
    try {
        makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
        QFAIL("no ParamError");
    } catch (const ParamError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
    }
}

void TestPresets::nginxHasNoCost()
{
    const BuiltLimiter built = makeLimiter("nginx_limit_req", test::paramsFrom("rate=1r/s"));
    QVERIFY(built.limiter->acceptsCost(1));
    QVERIFY(!built.limiter->acceptsCost(2));
}

void TestPresets::redisRateIntervalIsPeriodOverRate_data()
{
    QTest::addColumn<QString>("rate");
    QTest::addColumn<double>("interval");  // Limit{Rate, Period}: Period.Seconds() / Rate, as lua.go divides
    QTest::newRow("7/s") << "7/s" << 1.0 / 7.0;
    QTest::newRow("600/m") << "600/m" << 60.0 / 600.0;
    QTest::newRow("13/m") << "13/m" << 60.0 / 13.0;
    QTest::newRow("2.5/s") << "2.5/s" << 2.0 / 5.0;
    // Rate 13, Period 10 s. 1 / 1.3 in doubles is 0.7692307692307692, one ulp below.
    QTest::newRow("1.3/s") << "1.3/s" << 10.0 / 13.0;
    QTest::newRow("2.5/m") << "2.5/m" << 120.0 / 5.0;
}

// redis_rate's emission interval is the double its script computes from a whole Rate and a
// whole-second Period of the same ratio, not 1 / (a decimal rate's double).
void TestPresets::redisRateIntervalIsPeriodOverRate()
{
    QFETCH(QString, rate);
    QFETCH(double, interval);
    std::string error;
    const std::optional<Rate> r = parseRate(rate.toStdString(), error);
    QVERIFY(r);
    QCOMPARE(RedisRateGcra::emissionInterval(*r), interval);  // QCOMPARE on doubles is fuzzy: also bit for bit
    QVERIFY(RedisRateGcra::emissionInterval(*r) == interval);
}

QTEST_APPLESS_MAIN(TestPresets)
#include "tst_presets.moc"
