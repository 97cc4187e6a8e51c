// Properties checked on seeded random traces, over every algorithm and preset:
//  - retry_after_us is exact: the same request repeated exactly retry_after_us later passes
//    (nothing else arriving), one microsecond earlier it does not;
//  - GCRA and a continuous token bucket with equal rate and burst make identical decisions;
//  - the sliding log never lets more than `limit` cost through in any window;
//  - remaining is never negative and a request that can never pass says -1;
//  - decideBatch answers exactly as decide() one request at a time;
//  - a key's time going back follows the rule its algorithm documents (algorithms.md and
//    presets.md): decided as at a reference instant R at or after the request's own time
//    t, with waits counted from t, and the state left as if decided at R where the rule says
//    so; the waits stay exact; a rejection changes nothing.
// Every entry of the catalog has rows here (everyLimiter()), so an algorithm added to it is
// checked from its first build.

#include "limiterrows.h"
#include "randomtrace.h"
#include "steptable.h"

#include "engine/core/units.h"

#include <algorithm>
#include <deque>
#include <iterator>
#include <random>

using namespace ratelab;

class TestProperties : public QObject {
    Q_OBJECT

private slots:
    void everyAlgorithmHasRows();
    void retryAfterIsExact_data();
    void retryAfterIsExact();
    void gcraEqualsTokenBucket_data();
    void gcraEqualsTokenBucket();
    void slidingLogNeverExceedsLimit_data();
    void slidingLogNeverExceedsLimit();
    void batchEqualsOneByOne_data();
    void batchEqualsOneByOne();
    void timeGoingBackFollowsTheRule_data();
    void timeGoingBackFollowsTheRule();
};

void TestProperties::everyAlgorithmHasRows()
{
    for (const AlgorithmInfo& info : algorithmCatalog()) {
        const auto& cases = test::everyLimiter();
        const bool listed =
            std::any_of(cases.begin(), cases.end(), [&](const test::LimiterCase& c) { return info.name == c.name; });
        QVERIFY2(listed, qPrintable(QString::fromStdString(info.name) + " has no row in randomtrace.h everyLimiter()"));
    }
}

void TestProperties::retryAfterIsExact_data()
{
    test::addEveryLimiterRows(0, "@0");
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
                                .arg(r.t)
                                .arg(r.key)
                                .arg(r.cost)
                                .arg(d.retryAfterUs)));
        auto before = built.limiter->clone();
        QVERIFY2(!before->decide(r.key, r.t + d.retryAfterUs - 1, r.cost).allowed,
                 qPrintable(QStringLiteral("t=%1 key=%2 cost=%3 retry=%4 allowed 1 us earlier")
                                .arg(r.t)
                                .arg(r.key)
                                .arg(r.cost)
                                .arg(d.retryAfterUs)));
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
    QTest::newRow("0.999999/s burst 3, 30 days apart")
        << "0.999999/s" << 3 << qint64(1'700'000'000'000'000) << qint64(30) * 24 * 3600 * 1'000'000;
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
    auto log = makeLimiter("sliding_window_log", test::paramsFrom("limit=10 window=1s boundary=" + boundary)).limiter;
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
        QVERIFY2(answers[i] == expected,
                 qPrintable(QStringLiteral("request %1 (t=%2 key=%3 cost=%4) differs").arg(i).arg(r.t).arg(r.key).arg(r.cost)));
        allowed += expected.allowed;
    }
    QVERIFY2(allowed >= 100 && allowed <= 4900, "the trace must both pass and reject plenty");
}

QTEST_APPLESS_MAIN(TestProperties)
#include "tst_properties.moc"

namespace {

// What each algorithm documents for a request stamped t before the latest time its key has
// seen (a clock that stepped back). R is the reference instant the request is decided at.
enum class BackRule {
    AsAtLatest,              // R = the latest time the key has seen; state as at R
    AsAtLastAccepted,        // R = max(t, the last accepted request's time); state as at R (leaky_bucket)
    AsAtLastAcceptedMs,      // R = max(t, start of the last accepted request's millisecond) (nginx, back < 60 s)
    AsAtNewestEntry,         // R = max(t, the newest logged entry); state as at R (sliding_window_log)
    AsAtCurrentWindow,       // R = max(t, start of the window last counted in); state as at R (sliding_window_counter)
    AsAtHeldWindow,          // R = max(t, start of the window before the newest counted in) (limits' counter)
    OutcomeAsAtLatest,       // outcome as at the latest time; the entry is stamped t (limits' moving window)
    OutcomeAsAtLastAllowed,  // outcome as at the last allowed time; `last` moves back to t (x/time/rate)
    OwnTime,                 // the GCRA formula at t: never more lenient than at the latest time
};

BackRule backRuleOf(const QString& algorithm)
{
    static const QMap<QString, BackRule> rules = {
        {"token_bucket", BackRule::AsAtLatest},
        {"envoy_local", BackRule::AsAtLatest},
        {"fixed_window", BackRule::AsAtLatest},
        {"redis_incr_expire", BackRule::AsAtLatest},
        {"limits_fixed_window", BackRule::AsAtLatest},
        {"leaky_bucket", BackRule::AsAtLastAccepted},
        {"nginx_limit_req", BackRule::AsAtLastAcceptedMs},
        {"sliding_window_log", BackRule::AsAtNewestEntry},
        {"sliding_window_counter", BackRule::AsAtCurrentWindow},
        {"limits_sliding_window_counter", BackRule::AsAtHeldWindow},
        {"limits_moving_window", BackRule::OutcomeAsAtLatest},
        {"x_time_rate", BackRule::OutcomeAsAtLastAllowed},
        {"gcra", BackRule::OwnTime},
        {"redis_rate_gcra", BackRule::OwnTime},
        {"throttled_gcra", BackRule::OwnTime},
    };
    return rules.value(algorithm, BackRule::OwnTime);
}

// What the test knows of a key from the decisions so far, to find R independently.
struct KeyHistory {
    SimTime latest = kNever;
    SimTime lastAccepted = kNever;        // the largest time of an allowed request
    SimTime lastAllowedInOrder = kNever;  // the time of the last allowed request, in trace order
    SimTime newestEntry = kNever;         // sliding log: the newest stamp (max(t, newest) on allow)
    std::int64_t countedWindow = kNever;  // the largest window index an allowed request fell in
};

SimTime referenceInstant(BackRule rule, const KeyHistory& h, SimTime t, Duration window)
{
    switch (rule) {
    case BackRule::AsAtLatest:
    case BackRule::OutcomeAsAtLatest: return h.latest;
    case BackRule::AsAtLastAccepted: return std::max(t, h.lastAccepted);
    case BackRule::AsAtLastAcceptedMs: return std::max(t, floorDiv(h.lastAccepted, kMicrosPerMilli) * kMicrosPerMilli);
    case BackRule::AsAtNewestEntry: return std::max(t, h.newestEntry);
    case BackRule::AsAtCurrentWindow: return std::max(t, h.countedWindow * window);
    case BackRule::AsAtHeldWindow: return std::max(t, (h.countedWindow - 1) * window);
    case BackRule::OutcomeAsAtLastAllowed: return std::max(t, h.lastAllowedInOrder);
    case BackRule::OwnTime: return t;
    }
    return t;
}

bool stateAsAtReference(BackRule rule)
{
    return rule != BackRule::OutcomeAsAtLatest && rule != BackRule::OutcomeAsAtLastAllowed && rule != BackRule::OwnTime;
}

// A wait at R counted again from t: 0 and -1 stay, any other grows by R - t.
Duration fromT(Duration atR, Duration back)
{
    return atR > 0 ? atR + back : atR;
}

QString describe(const Decision& d)
{
    return QStringLiteral("allowed %1 remaining %2 retry %3 reset %4 delay %5")
        .arg(d.allowed)
        .arg(d.remaining)
        .arg(d.retryAfterUs)
        .arg(d.resetAfterUs)
        .arg(d.delayUs);
}

}  // namespace

void TestProperties::timeGoingBackFollowsTheRule_data()
{
    test::addEveryLimiterRows(5'000'000, "@5s");
}

// A seeded trace near the limit in which one request in six steps back by up to 2.5 s from
// its key's latest time (across 1 s windows, within nginx's 60 s). Each backward request is
// decided on a copy of the limiter at t and on another at R, and compared; the trace then
// goes on with the original.
void TestProperties::timeGoingBackFollowsTheRule()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(bool, costs);
    QFETCH(qint64, start);
    const BackRule rule = backRuleOf(algorithm);
    const ParamValues values = test::paramsFrom(params);
    std::string error;
    const Duration window = values.count("window") ? *parseDuration(values.at("window"), error) : kMicrosPerSecond;
    BuiltLimiter built = makeLimiter(algorithm.toStdString(), values);
    auto trace = test::randomTrace(19, 4000, 3, 20'000, start, costs ? 4 : 1);
    std::mt19937_64 rng(23);
    std::uniform_int_distribution<Duration> back(1, 2'500'000);
    std::bernoulli_distribution stepsBack(1.0 / 6);
    std::vector<KeyHistory> history(3);
    const Duration probes[] = {0, 1, 999, 250'000, 1'000'000, 2'500'000};
    int checked = 0;
    int retriesChecked = 0;
    for (Request r : trace) {
        KeyHistory& h = history[r.key];
        if (h.latest != kNever && stepsBack(rng))
            r.t = std::max<SimTime>(0, h.latest - back(rng));
        const SimTime latest = h.latest;
        if (latest != kNever && r.t < latest) {
            const SimTime reference = referenceInstant(rule, h, r.t, window);
            QVERIFY(reference >= r.t);
            auto atT = built.limiter->clone();
            auto atR = built.limiter->clone();
            const Decision a = atT->decide(r.key, r.t, r.cost);
            const Decision b = atR->decide(r.key, reference, r.cost);
            const QString where = QStringLiteral("t=%1 (latest %2, R %3) key=%4 cost=%5: at t %6; at R %7")
                                      .arg(r.t)
                                      .arg(latest)
                                      .arg(reference)
                                      .arg(r.key)
                                      .arg(r.cost)
                                      .arg(describe(a), describe(b));
            QVERIFY(a.remaining >= 0 && a.resetAfterUs >= 0);
            const Duration shift = reference - r.t;
            QVERIFY2(a.allowed == b.allowed && a.remaining == b.remaining && a.delayUs == b.delayUs
                         && a.retryAfterUs == fromT(b.retryAfterUs, shift),
                     qPrintable(where));
            if (a.allowed && rule == BackRule::OutcomeAsAtLastAllowed) {
                // x/time/rate moves `last` back to t: the refill to full counts from t.
                QVERIFY2(a.resetAfterUs == b.resetAfterUs, qPrintable(where));
            } else if (a.allowed && rule == BackRule::OutcomeAsAtLatest) {
                // The entry is stamped t: idle once the newest stamp S stops counting, at
                // S + W + 1 us give or take the float comparison's microsecond.
                const SimTime newest = std::max(h.newestEntry, r.t);
                QVERIFY2(a.resetAfterUs >= newest + window - r.t && a.resetAfterUs <= newest + window + 2 - r.t,
                         qPrintable(where));
            } else {
                QVERIFY2(a.resetAfterUs == fromT(b.resetAfterUs, shift), qPrintable(where));
            }
            if (rule == BackRule::OwnTime && a.allowed)
                QVERIFY2(built.limiter->clone()->decide(r.key, latest, r.cost).allowed,
                         qPrintable("more lenient than at the latest time: " + where));
            // The state afterwards: as at R, or, for a rejection, as before.
            std::unique_ptr<RateLimiter> expected;
            if (stateAsAtReference(rule))
                expected = std::move(atR);
            else if (!a.allowed)
                expected = built.limiter->clone();
            if (expected) {
                for (const Duration p : probes) {
                    const Decision x = atT->decide(r.key, latest + p, 1);
                    const Decision y = expected->decide(r.key, latest + p, 1);
                    QVERIFY2(x == y,
                             qPrintable(QStringLiteral("probe at latest + %1 after %2: %3, expected %4")
                                            .arg(p)
                                            .arg(where, describe(x), describe(y))));
                }
            }
            // The wait stays exact from t.
            if (!a.allowed && a.retryAfterUs > 0) {
                QVERIFY2(built.limiter->clone()->decide(r.key, r.t + a.retryAfterUs, r.cost).allowed,
                         qPrintable("not allowed at t + retry: " + where));
                QVERIFY2(!built.limiter->clone()->decide(r.key, r.t + a.retryAfterUs - 1, r.cost).allowed,
                         qPrintable("allowed 1 us before t + retry: " + where));
                ++retriesChecked;
            }
            ++checked;
        }
        const Decision d = built.limiter->decide(r.key, r.t, r.cost);
        h.latest = std::max(h.latest, r.t);
        if (d.allowed) {
            h.lastAccepted = std::max(h.lastAccepted, r.t);
            h.lastAllowedInOrder = r.t;
            h.newestEntry = std::max(h.newestEntry, r.t);
            h.countedWindow = std::max(h.countedWindow, floorDiv(r.t, window));
        }
    }
    QVERIFY2(checked > 400, qPrintable(QString::number(checked)));
    QVERIFY2(retriesChecked > 50, qPrintable(QString::number(retriesChecked)));
}
