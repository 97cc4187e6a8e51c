// Hand-derived facts for the presets whose reference cannot replay a trace (nginx reads its
// own clock; Envoy cannot run here), from the reference source: nginx
// src/http/modules/ngx_http_limit_req_module.c, Envoy's local rate limit token bucket. The
// replayable presets are checked against their real reference in tst_references.

#include "steptable.h"

using namespace ratelab;

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    void steps_data();
    void steps();
    void rejectsBadParameters_data();
    void rejectsBadParameters();
    void nginxHasNoCost();
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
        << "nginx_limit_req" << "rate=10r/s burst=5 nodelay=true"
        << "0 a 1 -> 1 5 0 0; 0 a 1 -> 1 4 0 0; 0 a 1 -> 1 3 0 0; 0 a 1 -> 1 2 0 0; 0 a 1 -> 1 1 0 0;"
           "0 a 1 -> 1 0 0 0; 0 a 1 -> 0 0 100000; 99999 a 1 -> 0 0 1; 100000 a 1 -> 1 0 0 0";
    // Without nodelay the delay is excess x 1000 / rate ms: 1000 -> 100 ms, 2000 -> 200 ms.
    QTest::newRow("nginx delays without nodelay")
        << "nginx_limit_req" << "rate=10r/s burst=5"
        << "0 a 1 -> 1 5 0 0; 0 a 1 -> 1 4 0 100000; 0 a 1 -> 1 3 0 200000";
    // delay=2: the first two excess requests (1000, 2000) pass at once; 3000 waits 100 ms.
    QTest::newRow("nginx delay=2")
        << "nginx_limit_req" << "rate=10r/s burst=5 delay=2"
        << "0 a 1 -> 1 5 0 0; 0 a 1 -> 1 4 0 0; 0 a 1 -> 1 3 0 0; 0 a 1 -> 1 2 0 100000";
    // 1r/m is 1000 / 60 = 16 milli-requests/s, not 16.67: the 2nd request fits only when
    // floor(16 x ms / 1000) >= 1000, at 62.5 s, not 60 s.
    QTest::newRow("nginx 1r/m truncates to 16")
        << "nginx_limit_req" << "rate=1r/m"
        << "0 a 1 -> 1 0 0 0; 60000000 a 1 -> 0 0 2500000; 62499999 a 1 -> 0 0 1; 62500000 a 1 -> 1 0 0 0";
    // The millisecond clock: 0.4 ms and 0.9 ms are both ms 0 (ms = 0, no drain).
    QTest::newRow("nginx millisecond clock")
        << "nginx_limit_req" << "rate=1000r/s burst=1 nodelay=true"
        << "400 a 1 -> 1; 900 a 1 -> 1; 999 a 1 -> 0 0 1; 1000 a 1 -> 1";
    // The integer drain: rate x ms / 1000 truncates per update. 1r/m updated every 50 ms
    // drains 16 x 50 / 1000 = 0 each time, so the excess only grows.
    QTest::newRow("nginx integer drain")
        << "nginx_limit_req" << "rate=1r/m burst=3 nodelay=true"
        << "0 a 1 -> 1 3; 50000 a 1 -> 1 2; 100000 a 1 -> 1 1; 150000 a 1 -> 1 0; 200000 a 1 -> 0";
    // Envoy: max_tokens 2, 1 token per 100 ms fill, fills at multiples of 100 ms.
    QTest::newRow("envoy fills in whole intervals")
        << "envoy_local" << "max_tokens=2 tokens_per_fill=1 fill_interval=100ms"
        << "50000 a 1 -> 1 1 0; 50000 a 1 -> 1 0 0; 50000 a 1 -> 0 0 50000; 99999 a 1 -> 0 0 1;"
           "100000 a 1 -> 1 0 0; 150000 a 1 -> 0 0 50000; 300000 a 1 -> 1 1 0; 300000 a 1 -> 1 0 0; 300000 a 1 -> 0 0 100000";
    // INCR-first per epoch window: a rejected INCR still counts.
    QTest::newRow("redis INCR + EXPIRE")
        << "redis_incr_expire" << "limit=2 window=1s"
        << "999999 a 1 -> 1 1 0; 999999 a 1 -> 1 0 0; 999999 a 1 -> 0 0 1; 1000000 a 1 -> 1 1 0; 1000000 a 2 -> 0 0 1000000";
    // throttled: max_burst 2 admits 3 at once (the MaxBurst + 1 convention).
    QTest::newRow("throttled max_burst + 1")
        << "throttled_gcra" << "rate=10/s max_burst=2"
        << "0 a 1 -> 1 2 0; 0 a 1 -> 1 1 0; 0 a 1 -> 1 0 0; 0 a 1 -> 0 0 100000";
    // redis_rate: burst 2 admits 2 at once. The script's now is 216,771,200 s after 2017; there
    // now - (now + 0.1 - 0.2) = 0.09999999403953552 in doubles, so remaining = trunc(0.99999994)
    // = 0 where exact arithmetic says 1.
    QTest::newRow("redis_rate burst, float remaining")
        << "redis_rate_gcra" << "rate=10/s burst=2"
        << "1700000000000000 a 1 -> 1 0; 1700000000000000 a 1 -> 1 0; 1700000000000000 a 1 -> 0 0";
}

void TestPresets::steps()
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
    QTest::newRow("envoy fill_interval under 50ms") << "envoy_local" << "max_tokens=5 fill_interval=10ms"
                                                    << "param fill_interval";
    QTest::newRow("limits window not whole seconds") << "limits_moving_window" << "limit=5 window=1500ms"
                                                     << "param window";
    QTest::newRow("nginx rate per hour") << "nginx_limit_req" << "rate=10/h" << "param rate";
    QTest::newRow("missing burst") << "gcra" << "rate=10/s" << "param burst";
    QTest::newRow("unknown parameter") << "gcra" << "rate=10/s burst=1 capacity=3" << "param capacity";
    QTest::newRow("zero capacity") << "token_bucket" << "capacity=0 refill=1/s" << "param capacity";
    QTest::newRow("bad choice") << "fixed_window" << "limit=1 window=1s align=left" << "param align";
    QTest::newRow("unknown algorithm") << "token_buckets" << "" << "algorithm";
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

QTEST_APPLESS_MAIN(TestPresets)
#include "tst_presets.moc"
