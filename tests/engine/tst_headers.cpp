// The HTTP view of a decision: exact header text for each style, and for every algorithm
// and preset, a client that waits exactly Retry-After seconds (or the draft's t=) is then
// allowed.

#include "randomtrace.h"
#include "steptable.h"

#include "engine/algorithms/http/httpheaders.h"

using namespace ratelab;

class TestHeaders : public QObject {
    Q_OBJECT

private slots:
    void formats_data();
    void formats();
    void resetStyles_data();
    void resetStyles();
    void waitingRetryAfterSucceeds_data();
    void waitingRetryAfterSucceeds();
};

void TestHeaders::formats_data()
{
    QTest::addColumn<QString>("style");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("expected");
    // gcra rate 10/s burst 5: quota 5 over tau = 500 ms (w=1 rounded up). Rejected case:
    // retry 100,000 us -> Retry-After 1; reset 500 ms -> 1.
    QTest::newRow("x-ratelimit allowed") << "x-ratelimit" << true
                                         << "X-RateLimit-Limit: 5; X-RateLimit-Remaining: 4; X-RateLimit-Reset: 1";
    QTest::newRow("x-ratelimit rejected")
        << "x-ratelimit" << false << "Retry-After: 1; X-RateLimit-Limit: 5; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 1";
    QTest::newRow("draft-7") << "draft-7" << true << "RateLimit-Policy: 5;w=1; RateLimit: limit=5, remaining=4, reset=1";
    QTest::newRow("draft-11 rejected") << "draft-11" << false
                                       << "Retry-After: 1; RateLimit-Policy: \"gcra\";q=5;w=1; RateLimit: \"gcra\";r=0;t=1";
}

void TestHeaders::formats()
{
    QFETCH(QString, style);
    QFETCH(bool, allowed);
    QFETCH(QString, expected);
    BuiltLimiter built = makeLimiter("gcra", test::paramsFrom("rate=10/s burst=5"));
    Decision d = built.limiter->decide(0, 0, 1);
    for (int i = 0; !allowed && i < 5; ++i)
        d = built.limiter->decide(0, 0, 1);
    QCOMPARE(d.allowed, allowed);
    const auto parsed = parseHeaderStyle(style.toStdString());
    QVERIFY(parsed);
    QCOMPARE(QString::fromStdString(httpHeaders(*parsed, d, built.limiter->policy(), "gcra", 0)), expected);
}

void TestHeaders::resetStyles_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    // "t_us key cost => x-ratelimit headers || x-ratelimit-epoch headers"
    QTest::addColumn<QStringList>("steps");
    // Capacity 3 at 2/s, from E + 0.25 s (E = 1,700,000,000 s). Full again after 0.5, 1.0,
    // 1.5 s: delta ceil(0.5) = 1, 1, 2; Unix time ceil(E + 0.75) = E + 1, ceil(E + 1.25) =
    // E + 2, ceil(E + 1.75) = E + 2. The 4th: rejected, a token in 0.5 s (Retry-After 1).
    QTest::newRow("token bucket at an epoch instant")
        << "token_bucket"
        << "capacity=3 refill=2/s"
        << QStringList{
               "1700000000250000 a 1 => X-RateLimit-Limit: 3; X-RateLimit-Remaining: 2; X-RateLimit-Reset: 1"
               " || X-RateLimit-Limit: 3; X-RateLimit-Remaining: 2; X-RateLimit-Reset: 1700000001",
               "1700000000250000 a 1 => X-RateLimit-Limit: 3; X-RateLimit-Remaining: 1; X-RateLimit-Reset: 1"
               " || X-RateLimit-Limit: 3; X-RateLimit-Remaining: 1; X-RateLimit-Reset: 1700000002",
               "1700000000250000 a 1 => X-RateLimit-Limit: 3; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 2"
               " || X-RateLimit-Limit: 3; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 1700000002",
               "1700000000250000 a 1 => Retry-After: 1; X-RateLimit-Limit: 3; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 2"
               " || Retry-After: 1; X-RateLimit-Limit: 3; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 1700000002"};
    // GitHub's shape: a fixed window. 60 s windows from t = 0: E + 10.5 s lies in
    // [1699999980 s, 1700000040 s). Reset in 29.5 s: delta 30, Unix time 1700000040 exactly.
    QTest::newRow("fixed window, the window's end")
        << "fixed_window"
        << "limit=2 window=60s"
        << QStringList{
               "1700000010500000 a 1 => X-RateLimit-Limit: 2; X-RateLimit-Remaining: 1; X-RateLimit-Reset: 30"
               " || X-RateLimit-Limit: 2; X-RateLimit-Remaining: 1; X-RateLimit-Reset: 1700000040",
               "1700000010500000 a 1 => X-RateLimit-Limit: 2; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 30"
               " || X-RateLimit-Limit: 2; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 1700000040",
               "1700000039000001 a 1 => Retry-After: 1; X-RateLimit-Limit: 2; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 1"
               " || Retry-After: 1; X-RateLimit-Limit: 2; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 1700000040",
               "1700000040000000 a 1 => X-RateLimit-Limit: 2; X-RateLimit-Remaining: 1; X-RateLimit-Reset: 60"
               " || X-RateLimit-Limit: 2; X-RateLimit-Remaining: 1; X-RateLimit-Reset: 1700000100"};
    // A trace from t = 0 reads as Unix time 0: at 0.3 s the bucket is full again at 0.8 s,
    // second 1; a key reset at once (idle) names the current instant's second, rounded up.
    QTest::newRow("token bucket from t = 0")
        << "token_bucket"
        << "capacity=3 refill=2/s"
        << QStringList{"300000 a 1 => X-RateLimit-Limit: 3; X-RateLimit-Remaining: 2; X-RateLimit-Reset: 1"
                       " || X-RateLimit-Limit: 3; X-RateLimit-Remaining: 2; X-RateLimit-Reset: 1",
                       "2000000 a 1 => X-RateLimit-Limit: 3; X-RateLimit-Remaining: 2; X-RateLimit-Reset: 1"
                       " || X-RateLimit-Limit: 3; X-RateLimit-Remaining: 2; X-RateLimit-Reset: 3",
                       "2000000 b 4 => X-RateLimit-Limit: 3; X-RateLimit-Remaining: 3; X-RateLimit-Reset: 0"
                       " || X-RateLimit-Limit: 3; X-RateLimit-Remaining: 3; X-RateLimit-Reset: 2"};
}

void TestHeaders::resetStyles()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QStringList, steps);
    BuiltLimiter built = makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
    KeyInterner keys;
    for (const QString& step : steps) {
        const QStringList sides = step.split(" => ");
        const QStringList request = sides.at(0).split(' ');
        const QStringList expected = sides.at(1).split(" || ");
        const SimTime t = request.at(0).toLongLong();
        const Decision d = built.limiter->decide(keys.intern(request.at(1).toStdString()), t, request.at(2).toLongLong());
        QCOMPARE(QString::fromStdString(httpHeaders(HeaderStyle::XRateLimit, d, built.limiter->policy(), "", t)), expected.at(0));
        QCOMPARE(QString::fromStdString(httpHeaders(HeaderStyle::XRateLimitEpoch, d, built.limiter->policy(), "", t)),
                 expected.at(1));
    }
    QCOMPARE(parseHeaderStyle("x-ratelimit-epoch"), std::optional<HeaderStyle>(HeaderStyle::XRateLimitEpoch));
}

void TestHeaders::waitingRetryAfterSucceeds_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<bool>("costs");
    for (const auto& c : test::everyLimiter())
        QTest::newRow((QByteArray(c.name) + " " + c.params).constData()) << c.name << c.params << c.costs;
}

void TestHeaders::waitingRetryAfterSucceeds()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(bool, costs);
    BuiltLimiter built = makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
    const auto trace = test::randomTrace(5, 3000, 2, 25'000, 1'700'000'000'000'000, costs ? 3 : 1);
    int checked = 0;
    for (const Request& r : trace) {
        const Decision d = built.limiter->decide(r.key, r.t, r.cost);
        if (d.allowed || d.retryAfterUs == kNeverPasses)
            continue;
        // Retry-After: delay-seconds, rounded up; the draft's t= is the reset time.
        const Duration retryAfter = secondsRoundedUp(d.retryAfterUs) * kMicrosPerSecond;
        QVERIFY(retryAfter >= d.retryAfterUs);
        QVERIFY2(built.limiter->clone()->decide(r.key, r.t + retryAfter, r.cost).allowed, "waited Retry-After");
        const Duration reset = secondsRoundedUp(d.resetAfterUs) * kMicrosPerSecond;
        QVERIFY2(built.limiter->clone()->decide(r.key, r.t + reset, r.cost).allowed, "waited t= (reset)");
        ++checked;
    }
    QVERIFY(checked > 50);
}

QTEST_APPLESS_MAIN(TestHeaders)
#include "tst_headers.moc"
