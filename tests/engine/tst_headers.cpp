// The HTTP view of a decision: exact header text for each style, and for every algorithm
// and preset, a client that waits exactly Retry-After seconds (or the draft's t=) is then
// allowed.

#include "randomtrace.h"
#include "steptable.h"

#include "engine/algorithms/httpheaders.h"

using namespace ratelab;

class TestHeaders : public QObject {
    Q_OBJECT

private slots:
    void formats_data();
    void formats();
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
        << "x-ratelimit" << false
        << "Retry-After: 1; X-RateLimit-Limit: 5; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 1";
    QTest::newRow("draft-7") << "draft-7" << true
                             << "RateLimit-Policy: 5;w=1; RateLimit: limit=5, remaining=4, reset=1";
    QTest::newRow("draft-11 rejected")
        << "draft-11" << false
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
    QCOMPARE(QString::fromStdString(httpHeaders(*parsed, d, built.limiter->policy(), "gcra")), expected);
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
