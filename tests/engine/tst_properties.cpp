// Properties checked on seeded random traces, over every algorithm and preset:
//  - retry_after_us is exact: the same request repeated exactly retry_after_us later passes
//    (nothing else arriving), one microsecond earlier it does not;
//  - GCRA and a continuous token bucket with equal rate and burst make identical decisions;
//  - the sliding log never lets more than `limit` cost through in any window;
//  - remaining is never negative and a request that can never pass says -1;
//  - decideBatch answers exactly as decide() one request at a time.

#include "randomtrace.h"
#include "steptable.h"

#include "engine/core/units.h"

#include <algorithm>
#include <deque>
#include <iterator>

using namespace ratelab;

class TestProperties : public QObject {
    Q_OBJECT

private slots:
    void retryAfterIsExact_data();
    void retryAfterIsExact();
    void gcraEqualsTokenBucket_data();
    void gcraEqualsTokenBucket();
    void slidingLogNeverExceedsLimit_data();
    void slidingLogNeverExceedsLimit();
    void batchEqualsOneByOne_data();
    void batchEqualsOneByOne();
};

void TestProperties::retryAfterIsExact_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<bool>("costs");
    QTest::addColumn<qint64>("start");
    for (const auto& c : test::everyLimiter()) {
        for (const qint64 start : {qint64(0), qint64(1'700'000'000'123'457)}) {
            const QByteArray name = QByteArray(c.name) + " " + c.params + (start ? " @epoch" : " @0");
            QTest::newRow(name.constData()) << c.name << c.params << c.costs << start;
        }
    }
}

void TestProperties::retryAfterIsExact()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(bool, costs);
    QFETCH(qint64, start);
    BuiltLimiter built = makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
    const auto trace = test::randomTrace(7, 4000, 3, 30'000, start, costs ? 4 : 1);
    int checked = 0;
    for (const Request& r : trace) {
        const Decision d = built.limiter->decide(r.key, r.t, r.cost);
        QVERIFY(d.remaining >= 0);
        QVERIFY(d.resetAfterUs >= 0);
        if (d.allowed) {
            QCOMPARE(d.retryAfterUs, Duration(0));
            continue;
        }
        QVERIFY2(d.retryAfterUs == kNeverPasses || d.retryAfterUs > 0, "a rejection must say when");
        if (d.retryAfterUs == kNeverPasses)
            continue;
        auto atRetry = built.limiter->clone();
        QVERIFY2(atRetry->decide(r.key, r.t + d.retryAfterUs, r.cost).allowed,
                 qPrintable(QStringLiteral("t=%1 key=%2 cost=%3 retry=%4 not allowed then")
                                .arg(r.t).arg(r.key).arg(r.cost).arg(d.retryAfterUs)));
        auto before = built.limiter->clone();
        QVERIFY2(!before->decide(r.key, r.t + d.retryAfterUs - 1, r.cost).allowed,
                 qPrintable(QStringLiteral("t=%1 key=%2 cost=%3 retry=%4 allowed 1 us earlier")
                                .arg(r.t).arg(r.key).arg(r.cost).arg(d.retryAfterUs)));
        ++checked;
    }
    QVERIFY2(checked > 100, "the trace must produce plenty of rejections");
}

void TestProperties::gcraEqualsTokenBucket_data()
{
    QTest::addColumn<QString>("rate");
    QTest::addColumn<int>("burst");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("pause");  // idle time inserted halfway through the trace
    QTest::newRow("10/s burst 10") << "10/s" << 10 << qint64(0) << qint64(0);
    QTest::newRow("3/s burst 2 @epoch") << "3/s" << 2 << qint64(1'700'000'000'000'000) << qint64(0);
    QTest::newRow("2.5/s burst 1") << "2.5/s" << 1 << qint64(5) << qint64(0);
    QTest::newRow("7/m burst 4 @epoch") << "7/m" << 4 << qint64(1'700'000'000'000'001) << qint64(0);
    // 0.999999/s is 999,999 / 10^12 per us: GCRA's int64 fast path covers 2^61 / 999,999 us
    // (about 26.7 days) from the first request, so after the 30-day pause it takes its 128-bit path.
    QTest::newRow("0.999999/s burst 3, 30 days apart") << "0.999999/s" << 3 << qint64(1'700'000'000'000'000)
                                                       << qint64(30) * 24 * 3600 * 1'000'000;
}

void TestProperties::gcraEqualsTokenBucket()
{
    QFETCH(QString, rate);
    QFETCH(int, burst);
    QFETCH(qint64, start);
    QFETCH(qint64, pause);
    auto gcra = makeLimiter("gcra", test::paramsFrom("rate=" + rate + " burst=" + QString::number(burst))).limiter;
    auto bucket = makeLimiter("token_bucket", test::paramsFrom("refill=" + rate + " capacity=" + QString::number(burst))).limiter;
    std::string error;
    const double perSecond = parseRate(rate.toStdString(), error)->perSecondNearest();
    auto trace = test::randomTrace(11, 20000, 4, 1e6 / perSecond / 6.0, start, 3);  // each of 4 keys at 1.5x its rate
    for (std::size_t i = trace.size() / 2; i < trace.size(); ++i)
        trace[i].t += pause;
    int allowed = 0;
    for (const Request& r : trace) {
        const Decision a = gcra->decide(r.key, r.t, r.cost);
        const Decision b = bucket->decide(r.key, r.t, r.cost);
        // Same decision, same remaining, same exact retry and reset: TAT = now + (burst - tokens) x T.
        QVERIFY2(a == b, qPrintable(QStringLiteral("t=%1 key=%2 cost=%3").arg(r.t).arg(r.key).arg(r.cost)));
        allowed += a.allowed;
    }
    QVERIFY(allowed > 1000 && allowed < 19000);
}

void TestProperties::slidingLogNeverExceedsLimit_data()
{
    QTest::addColumn<QString>("boundary");
    QTest::newRow("exclusive") << "exclusive";
    QTest::newRow("inclusive") << "inclusive";
}

void TestProperties::slidingLogNeverExceedsLimit()
{
    QFETCH(QString, boundary);
    const int limit = 10;
    const Duration window = 1'000'000;
    auto log = makeLimiter("sliding_window_log",
                           test::paramsFrom("limit=10 window=1s boundary=" + boundary)).limiter;
    const bool inclusive = boundary == "inclusive";
    const auto trace = test::randomTrace(3, 50000, 1, 50'000, 0, 3);
    std::deque<std::pair<SimTime, Cost>> admitted;  // every admitted request in the last window
    std::int64_t inWindow = 0;
    int allowed = 0;
    for (const Request& r : trace) {
        while (!admitted.empty()
               && (inclusive ? r.t - admitted.front().first > window : r.t - admitted.front().first >= window)) {
            inWindow -= admitted.front().second;
            admitted.pop_front();
        }
        const bool fits = inWindow + r.cost <= limit;
        const bool pass = log->decide(r.key, r.t, r.cost).allowed;
        QCOMPARE(pass, fits);  // exact: it admits exactly when the window has room
        if (pass) {
            admitted.emplace_back(r.t, r.cost);
            inWindow += r.cost;
            ++allowed;
        }
        QVERIFY(inWindow <= limit);
    }
    QVERIFY(allowed > 5000);
}


void TestProperties::batchEqualsOneByOne_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<bool>("costs");
    for (const auto& c : test::everyLimiter()) {
        const QByteArray name = QByteArray(c.name) + " " + c.params;
        QTest::newRow(name.constData()) << c.name << c.params << c.costs;
    }
}

// Batches of uneven sizes, shorter and longer than any lookahead a batch prefetches with, over
// keys spread out so that new ones grow the state arrays in the middle of a batch.
void TestProperties::batchEqualsOneByOne()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(bool, costs);
    BuiltLimiter oneByOne = makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
    BuiltLimiter batched = makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
    auto trace = test::randomTrace(11, 5000, 40, 1'500, 0, costs ? 4 : 1);
    for (Request& r : trace)
        r.key *= 37;
    std::vector<Decision> answers(trace.size());
    const std::size_t sizes[] = {1, 7, 8, 9, 16, 17, 300, 1000};
    for (std::size_t first = 0, n = 0; first < trace.size(); ++n) {
        const std::size_t count = std::min(sizes[n % std::size(sizes)], trace.size() - first);
        batched.limiter->decideBatch(trace.data() + first, count, answers.data() + first);
        first += count;
    }
    int allowed = 0;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const Request& r = trace[i];
        const Decision expected = oneByOne.limiter->decide(r.key, r.t, r.cost);
        QVERIFY2(answers[i] == expected, qPrintable(QStringLiteral("request %1 (t=%2 key=%3 cost=%4) differs")
                                                        .arg(i).arg(r.t).arg(r.key).arg(r.cost)));
        allowed += expected.allowed;
    }
    QVERIFY2(allowed >= 100 && allowed <= 4900, "the trace must both pass and reject plenty");
}

QTEST_APPLESS_MAIN(TestProperties)
#include "tst_properties.moc"
