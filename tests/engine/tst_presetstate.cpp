// What each preset shows of its state in the Learn view (inspect(), limits(), stateBreaks(),
// the curve and the decision arithmetic), on one small case per preset. Every expected value
// is worked out by hand from the preset's reference rule (the comment above each), in that
// rule's own arithmetic: x/time/rate's float tokens, nginx's milli-requests over whole
// milliseconds, python limits' and redis_rate's float seconds, throttled's nanoseconds. That
// the curves equal inspect() at every instant is tst_statecurve's property test.

#include "arithmeticas.h"
#include "steptable.h"

#include "engine/algorithms/gcra/gcraarithmetic.h"
#include "engine/algorithms/leakybucket/leakybucketarithmetic.h"
#include "engine/algorithms/limiter/statecurve.h"
#include "engine/algorithms/slidingwindowcounter/slidingwindowcounterarithmetic.h"
#include "engine/algorithms/slidingwindowlog/slidingwindowlogarithmetic.h"
#include "engine/algorithms/tokenbucket/tokenbucketarithmetic.h"

#include <cmath>

using namespace ratelab;

namespace {

using Points = std::vector<std::pair<SimTime, double>>;

struct Decided {
    BuiltLimiter built;
    const RateLimiter& limiter() const { return *built.limiter; }
    double value(const char* name, SimTime t) const
    {
        for (const StateValue& v : built.limiter->inspect(0, t)) {
            if (v.name == name)
                return v.value;
        }
        throw std::runtime_error(std::string("no state value ") + name);
    }
    Points curve(const char* name, SimTime from, SimTime to) const
    {
        for (const StateCurve& c : stateCurve(*built.limiter, 0, from, to)) {
            if (c.name == name) {
                Points out;
                for (const StatePoint& p : c.points)
                    out.emplace_back(p.t, p.value);
                return out;
            }
        }
        throw std::runtime_error(std::string("no curve ") + name);
    }
};

// Decides `times` for key 0 at cost 1, all admitted.
Decided decided(const char* algorithm, const char* params, const std::vector<SimTime>& times)
{
    Decided d{makeLimiter(algorithm, test::paramsFrom(QString::fromLatin1(params)))};
    for (const SimTime t : times) {
        if (!d.built.limiter->decide(0, t, 1).allowed)
            throw std::runtime_error("a request of the case was rejected");
    }
    return d;
}

bool near(double a, double b, double tolerance)
{
    return std::abs(a - b) <= tolerance;
}

bool samePoints(const Points& got, const Points& want, double tolerance)
{
    if (got.size() != want.size())
        return false;
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (got[i].first != want[i].first || !near(got[i].second, want[i].second, tolerance))
            return false;
    }
    return true;
}

QByteArray describe(const Points& points)
{
    QByteArray out;
    for (const auto& [t, v] : points)
        out += "{" + QByteArray::number(qint64(t)) + ", " + QByteArray::number(v, 'g', 17) + "} ";
    return out;
}

std::vector<SimTime> repeated(SimTime t, int n)
{
    return std::vector<SimTime>(std::size_t(n), t);
}

}  // namespace

class TestPresetState : public QObject {
    Q_OBJECT

private slots:
    void xTimeRate();
    void nginxLimitReq();
    void nginxSlowRateAndStepBack();
    void limitsMovingWindow();
    void limitsSlidingWindowCounter();
    void limitsCounterFirstWindow();
    void redisRateGcra();
    void throttledGcra();
    void nginxLongIdleIsCut();
};

void TestPresetState::xTimeRate()
{
    // NewLimiter(10, 3): a new key is full (3); three at 1 s leave 0 tokens, last = 1 s.
    // advance(t) = min(3, 0 + (t - 1 s) x 10): 0.05 s x 10 = 0.5 at 1.05 s; 0.3 s x 10 = 3 at
    // 1.3 s, where min() holds it; before `last` there is no refill: 0 at 0.9 s.
    const Decided d = decided("x_time_rate", "rate=10/s burst=3", repeated(1'000'000, 3));
    QCOMPARE(d.value("tokens", 1'000'000), 0.0);
    QVERIFY(near(d.value("tokens", 1'050'000), 0.5, 1e-12));
    QCOMPARE(d.value("tokens", 1'300'000), 3.0);
    QCOMPARE(d.value("tokens", 900'000), 0.0);
    // 10/s, burst 2: one at 0 (2 -> 1), one at 82,896 us (1 + 0.82896 - 1 = 0.82896): the level
    // is 10 x t from then on and reaches 2 at 0.2 s. The float sum 0.82895999999999992 +
    // 0.117104 s x 10 is 2.0 there, while (2 - 0.82895999999999992) / 10 s rounds up to
    // 117,105 us: the kink follows the sum, the rule's own arithmetic.
    const Decided refill = decided("x_time_rate", "rate=10/s burst=2", {0, 82'896});
    QCOMPARE(refill.limiter().stateBreaks(0, 82'896, 1'000'000), (std::vector<SimTime>{82'896, 199'999, 200'000}));
    QCOMPARE(refill.value("tokens", 200'000), 2.0);
    QVERIFY(refill.value("tokens", 199'999) < 2.0);
    // The refill starts at `last`, the level is full from 1.3 s (0.299999 s x 10 < 3 before).
    QCOMPARE(d.limiter().stateBreaks(0, 1'000'000, 2'000'000), (std::vector<SimTime>{1'000'000, 1'299'999, 1'300'000}));
    const Points tokens = d.curve("tokens", 1'000'000, 2'000'000);
    QVERIFY2(samePoints(tokens, {{1'000'000, 0}, {1'300'000, 3}, {2'000'000, 3}}, 1e-9), describe(tokens));
    QCOMPARE(d.limiter().limits().front().name, std::string("burst"));
    QCOMPARE(d.limiter().limits().front().value, 3.0);

    // Before a request at 1.05 s: held 0 at 1 s, refilled 0.05 s x 10/s = 0.5.
    const auto a = arithmeticAs<TokenBucketArithmetic>(d.limiter().arithmetic(0, 1'050'000));
    QVERIFY(a);
    QVERIFY(!a->newKey);
    QCOMPARE(a->held, 0.0);
    QCOMPARE(a->heldAtUs, SimTime(1'000'000));
    QCOMPARE(a->elapsedUs, Duration(50'000));
    QCOMPARE(a->ratePerSecond, 10.0);
    QVERIFY(near(a->level, 0.5, 1e-12) && near(a->change, 0.5, 1e-12));
    QCOMPARE(a->capacity, 3.0);
    // A key never seen starts full.
    const auto fresh = arithmeticAs<TokenBucketArithmetic>(d.limiter().arithmetic(1, 1'050'000));
    QVERIFY(fresh);
    QVERIFY(fresh->newKey);
    QCOMPARE(fresh->level, 3.0);
}

void TestPresetState::nginxLimitReq()
{
    // 10r/s = 10,000 milli-requests/s, burst 5. Three at 1 ms: excess 0 (a new key), then
    // +1000 twice at ms = 0 (`last` stays 1 ms): 2000. At ms = 1 ms later floor(10000 x 1 /
    // 1000) = 10 has drained: 1.99 from 2 ms; 50 ms later 500: 1.5; 200 ms later all 2000.
    // Within a millisecond nothing drains, and 0.5 ms (before `last`) counts as ms = 0.
    const Decided d = decided("nginx_limit_req", "rate=10r/s burst=5", repeated(1'000, 3));
    QCOMPARE(d.value("excess", 1'999), 2.0);
    QCOMPARE(d.value("excess", 2'000), 1.99);
    QCOMPARE(d.value("excess", 51'500), 1.5);
    QCOMPARE(d.value("excess", 201'000), 0.0);
    QCOMPARE(d.value("excess", 500), 2.0);
    // A step of 10 milli-requests at each of the 200 milliseconds 2 ms .. 201 ms.
    const std::vector<SimTime> breaks = d.limiter().stateBreaks(0, 1'000, 1'000'000);
    QCOMPARE(breaks.size(), std::size_t(200));
    QCOMPARE(breaks.front(), SimTime(2'000));
    QCOMPARE(breaks[1], SimTime(3'000));
    QCOMPARE(breaks.back(), SimTime(201'000));
    const Points excess = d.curve("excess", 1'000, 4'500);
    QVERIFY2(
        samePoints(
            excess,
            {{1'000, 2}, {2'000, 2}, {2'000, 1.99}, {3'000, 1.99}, {3'000, 1.98}, {4'000, 1.98}, {4'000, 1.97}, {4'500, 1.97}},
            1e-12),
        describe(excess));

    // Before a request at 51.5 ms: excess 2.0 held at 1 ms, ms = 50 drains 0.5: level
    // max(0, 2000 - 500 + 1000) / 1000 - 1 = 1.5, which the request turns into 2.5 <= 5.
    const auto a = arithmeticAs<LeakyBucketArithmetic>(d.limiter().arithmetic(0, 51'500));
    QVERIFY(a);
    QCOMPARE(a->held, 2.0);
    QCOMPARE(a->heldAtUs, SimTime(1'000));
    QCOMPARE(a->elapsedUs, Duration(50'000));
    QCOMPARE(a->ratePerSecond, 10.0);
    QCOMPARE(a->change, -0.5);
    QCOMPARE(a->level, 1.5);
    QCOMPARE(a->capacity, 5.0);
    QVERIFY(arithmeticAs<LeakyBucketArithmetic>(d.limiter().arithmetic(1, 51'500))->newKey);
}

void TestPresetState::nginxSlowRateAndStepBack()
{
    // 1r/m is 16 milli-requests/s. Two at 0 leave 1000. The j-th milli-request drains at
    // ms = ceil(j x 1000 / 16) = ceil(62.5 j): 63, 125, 188 ms, ..., the 1000th at 62,500 ms.
    const Decided slow = decided("nginx_limit_req", "rate=1r/m burst=1", repeated(0, 2));
    const std::vector<SimTime> breaks = slow.limiter().stateBreaks(0, 0, 100'000'000);
    QCOMPARE(breaks.size(), std::size_t(1000));
    QCOMPARE(breaks[0], SimTime(63'000));
    QCOMPARE(breaks[1], SimTime(125'000));
    QCOMPARE(breaks[2], SimTime(188'000));
    QCOMPARE(breaks.back(), SimTime(62'500'000));
    QCOMPARE(slow.value("excess", 62'999), 1.0);
    QCOMPARE(slow.value("excess", 63'000), 0.999);
    QCOMPARE(slow.value("excess", 62'499'999), 0.001);
    QCOMPARE(slow.value("excess", 62'500'000), 0.0);

    // 10r/s, two at 100 s: excess 1000, `last` = 100,000 ms. More than 60 s back nginx counts
    // ms = 1 (10 drained: 0.99); from 40 s (ms = -60000) on a step back counts as 0 (1.0).
    const Decided back = decided("nginx_limit_req", "rate=10r/s burst=5", repeated(100'000'000, 2));
    QCOMPARE(back.value("excess", 39'999'999), 0.99);
    QCOMPARE(back.value("excess", 40'000'000), 1.0);
    QCOMPARE(back.limiter().stateBreaks(0, 30'000'000, 40'500'000), (std::vector<SimTime>{40'000'000}));

    // The dashed lines: the burst, and delay=N's threshold where it is set.
    const auto limits = makeLimiter("nginx_limit_req", test::paramsFrom("rate=10r/s burst=5 delay=2")).limiter->limits();
    QCOMPARE(limits.size(), std::size_t(2));
    QCOMPARE(limits[0].name, std::string("burst"));
    QCOMPARE(limits[0].value, 5.0);
    QCOMPARE(limits[1].name, std::string("delay"));
    QCOMPARE(limits[1].value, 2.0);
    QCOMPARE(makeLimiter("nginx_limit_req", test::paramsFrom("rate=10r/s burst=5 nodelay=true")).limiter->limits().size(),
             std::size_t(1));
}

void TestPresetState::limitsMovingWindow()
{
    // limit 3 per 1 s; entries at 0.2, 0.5, 0.5 s. Python counts an entry while entry >= now - 1
    // in floats: at 1.2 s, 1.2 - 1 = 0.19999999999999996 <= 0.2, so 0.2 s still counts; at
    // 1.200001 s it does not. 0.5 >= 1.5 - 1 = 0.5 counts at 1.5 s, not at 1.500001 s.
    const Decided d = decided("limits_moving_window", "limit=3 window=1s", {200'000, 500'000, 500'000});
    QCOMPARE(d.value("count", 1'200'000), 3.0);
    QCOMPARE(d.value("oldest_us", 1'200'000), 200'000.0);
    QCOMPARE(d.value("count", 1'200'001), 2.0);
    QCOMPARE(d.value("oldest_us", 1'200'001), 500'000.0);
    QCOMPARE(d.value("count", 1'500'000), 2.0);
    QCOMPARE(d.value("count", 1'500'001), 0.0);
    QCOMPARE(d.value("oldest_us", 1'500'001), 1'500'001.0);  // none counts: now
    QCOMPARE(d.limiter().stateBreaks(0, 500'000, 2'000'000), (std::vector<SimTime>{1'200'001, 1'500'001}));
    const Points count = d.curve("count", 500'000, 2'000'000);
    QVERIFY2(samePoints(count, {{500'000, 3}, {1'200'001, 3}, {1'200'001, 2}, {1'500'001, 2}, {1'500'001, 0}, {2'000'000, 0}}, 0),
             describe(count));

    // Before a request at 1.3 s: 1.3 - 1 = 0.30000000000000004 > 0.2, so the entry at 0.2 s
    // has left; the two at 0.5 s count.
    const auto a = arithmeticAs<SlidingLogArithmetic>(d.limiter().arithmetic(0, 1'300'000));
    QVERIFY(a);
    QCOMPARE(a->entries, (std::vector<SimTime>{500'000, 500'000}));
    QCOMPARE(a->leftEntries, (std::vector<SimTime>{200'000}));
    QCOMPARE(a->count, std::int64_t(2));
    QCOMPARE(a->limit, std::int64_t(3));
    QCOMPARE(a->windowUs, Duration(1'000'000));
    QVERIFY(a->inclusive);
}

void TestPresetState::limitsSlidingWindowCounter()
{
    // limit 10 per 1 s; four at 1.5 s count in window int(1.5) = 1 (expiring at 3.5 s). From
    // 2 s window 1 is the previous one: previous_ttl = (1 - ((t - 1) / 1) % 1) x 1 s falls from
    // 1 s, the estimate floor(4 x ttl + 0) is 4 at 2 s, 3 from 2.000001 s, 2 from 2.250001 s
    // (4 x 0.75 = 3 at 2.25 s), 1 from 2.500001 s, 0 from 2.750001 s. From 3 s neither window
    // is 1. Before 2 s window 0 is the previous one: no counter, so previous_ttl is 0.
    const Decided d = decided("limits_sliding_window_counter", "limit=10 window=1s", repeated(1'500'000, 4));
    QCOMPARE(d.value("current", 1'750'000), 4.0);
    QCOMPARE(d.value("previous_ttl", 1'750'000), 0.0);
    QCOMPARE(d.value("previous", 2'250'000), 4.0);
    QVERIFY(near(d.value("previous_ttl", 2'250'000), 750'000, 1e-6));
    QCOMPARE(d.value("estimate", 2'250'000), 3.0);
    QCOMPARE(d.value("estimate", 2'250'001), 2.0);
    QCOMPARE(d.limiter().stateBreaks(0, 1'500'000, 3'500'000),
             (std::vector<SimTime>{2'000'000, 2'000'001, 2'250'001, 2'500'001, 2'750'001, 3'000'000, 3'500'000}));
    const Points estimate = d.curve("estimate", 1'500'000, 3'500'000);
    QVERIFY2(samePoints(estimate,
                        {{1'500'000, 4},
                         {2'000'000, 4},
                         {2'000'001, 3},
                         {2'250'001, 3},
                         {2'250'001, 2},
                         {2'500'001, 2},
                         {2'500'001, 1},
                         {2'750'001, 1},
                         {2'750'001, 0},
                         {3'500'000, 0}},
                        0),
             describe(estimate));
    const Points previous = d.curve("previous", 1'500'000, 3'500'000);
    QVERIFY2(
        samePoints(previous, {{1'500'000, 0}, {2'000'000, 0}, {2'000'000, 4}, {3'000'000, 4}, {3'000'000, 0}, {3'500'000, 0}}, 0),
        describe(previous));

    // Before a request at 2.25 s: window 2 s - 3 s, 0.25 s in (new: the key counted in
    // window 1); the previous 4 weigh floor(4 x 0.75 s / 1 s) = 3, this window holds 0.
    const auto a = arithmeticAs<SlidingCounterArithmetic>(d.limiter().arithmetic(0, 2'250'000));
    QVERIFY(a);
    QCOMPARE(a->windowStartUs, SimTime(2'000'000));
    QCOMPARE(a->windowEndUs, SimTime(3'000'000));
    QCOMPARE(a->intoWindowUs, Duration(250'000));
    QVERIFY(a->windowOpened);
    QCOMPARE(a->previous, std::int64_t(4));
    QCOMPARE(a->weighted, std::int64_t(3));
    QCOMPARE(a->count, std::int64_t(0));
    QCOMPARE(a->estimate, std::int64_t(3));
    QCOMPARE(a->limit, std::int64_t(10));

    // One at 3.5 s, then one at 1.5 s: more than a window back, decided as at 2 s (the start of
    // the window before the newest, 3) and counted in window 2. The state at 1.6 s is the one
    // at 2 s: window 1 holds nothing, window 2 holds 1.
    const Decided back = decided("limits_sliding_window_counter", "limit=4 window=1s", {3'500'000, 1'500'000});
    QCOMPARE(back.value("previous", 1'600'000), 0.0);
    QCOMPARE(back.value("current", 1'600'000), 1.0);
    QCOMPARE(back.value("estimate", 1'600'000), 1.0);
}

void TestPresetState::limitsCounterFirstWindow()
{
    // Before t = W, int((t - W) / W) truncates to 0 as int(t / W) does: the previous window is
    // the current one. Four at 0.5 s: previous = current = 4, previous_ttl = (1 - (-0.5 % 1))
    // x 1 s = 0.5 s, and the estimate floor(4 x 0.5 + 4) = 6 counts them 1.5 times.
    const Decided d = decided("limits_sliding_window_counter", "limit=10 window=1s", repeated(500'000, 4));
    QCOMPARE(d.value("previous", 500'000), 4.0);
    QCOMPARE(d.value("current", 500'000), 4.0);
    QVERIFY(near(d.value("previous_ttl", 500'000), 500'000, 1e-6));
    QCOMPARE(d.value("estimate", 500'000), 6.0);

    // One at 0: at t = 0 the previous key is int(-1 / 1) = -1 (no counter); from 1 us it is
    // int(-0.999999) = 0, this window's counter, which then weighs (1 - 0.000001) x 1 s. From
    // 1 s window 0 is the previous one in earnest: previous_ttl 1 s, the estimate floor(1 x
    // ttl) falls to 0 at 1.000001 s, and at 2 s window 1 (no counter) is the previous one.
    const Decided one = decided("limits_sliding_window_counter", "limit=10 window=1s", {0});
    QCOMPARE(one.value("previous", 0), 0.0);
    QCOMPARE(one.value("previous", 1), 1.0);
    QVERIFY(near(one.value("previous_ttl", 1), 999'999, 1e-6));
    QCOMPARE(one.limiter().stateBreaks(0, 0, 2'500'000), (std::vector<SimTime>{1, 1'000'000, 1'000'001, 2'000'000}));
    const Points previous = one.curve("previous", 0, 2'500'000);
    QVERIFY2(samePoints(previous, {{0, 0}, {1, 1}, {2'000'000, 1}, {2'000'000, 0}, {2'500'000, 0}}, 0), describe(previous));
}

void TestPresetState::redisRateGcra()
{
    // 10/s, burst 10: T = 0.1 s, burst_offset = 1 s. At 2017-01-01 the script's now is 0.
    // Three requests: TAT 0.1, 0.2, then 0.2 + 0.1 = 0.30000000000000004 in doubles, which
    // lies past 0.3: TAT - now is 4.4e-17 s (under 1e-10 us) at 0.3 s, 0 only from 0.300001 s.
    const SimTime t0 = 1'483'228'800'000'000;
    const Decided d = decided("redis_rate_gcra", "rate=10/s burst=10", repeated(t0, 3));
    QVERIFY(near(d.value("tat_minus_now", t0), 300'000, 1e-6));
    QVERIFY(near(d.value("tat_minus_now", t0 + 100'000), 200'000, 1e-6));
    const double late = d.value("tat_minus_now", t0 + 300'000);
    QVERIFY(late > 0 && late < 1e-9);
    QCOMPARE(d.value("tat_minus_now", t0 + 300'001), 0.0);
    QCOMPARE(d.limiter().stateBreaks(0, t0, t0 + 1'000'000), (std::vector<SimTime>{t0 + 300'000, t0 + 300'001}));
    const auto limits = d.limiter().limits();
    QCOMPARE(limits.at(0).name, std::string("tau"));  // burst_offset
    QCOMPARE(limits.at(0).value, 1e6);
    QCOMPARE(limits.at(1).name, std::string("emission_interval"));
    QCOMPARE(limits.at(1).value, 1e5);

    // Before a request at 0.1 s: the TAT 0.2 s ahead; T 0.1 s, tau = burst_offset 1 s.
    const auto a = arithmeticAs<GcraArithmetic>(d.limiter().arithmetic(0, t0 + 100'000));
    QVERIFY(a);
    QVERIFY(!a->newKey);
    QVERIFY(near(a->tatFromNowUs, 200'000, 1e-6) && near(a->tatAheadUs, 200'000, 1e-6));
    QCOMPARE(a->emissionUs, 1e5);
    QCOMPARE(a->tauUs, 1e6);
}

void TestPresetState::throttledGcra()
{
    // 10/s, max_burst 2: T = 100 ms, DVT = 300 ms. Three at 1 s: TAT 1.1, 1.2, 1.3 s. TAT -
    // now: 300 ms at 1 s, 200 ms at 1.1 s, 400 ms at 0.9 s (time back), 0 from 1.3 s.
    const Decided d = decided("throttled_gcra", "rate=10/s max_burst=2", repeated(1'000'000, 3));
    QCOMPARE(d.value("tat_minus_now", 1'000'000), 300'000.0);
    QCOMPARE(d.value("tat_minus_now", 1'100'000), 200'000.0);
    QCOMPARE(d.value("tat_minus_now", 900'000), 400'000.0);
    QCOMPARE(d.value("tat_minus_now", 1'300'000), 0.0);
    const Points tat = d.curve("tat_minus_now", 1'000'000, 2'000'000);
    QVERIFY2(samePoints(tat, {{1'000'000, 300'000}, {1'300'000, 0}, {2'000'000, 0}}, 0), describe(tat));
    const auto limits = d.limiter().limits();
    QCOMPARE(limits.at(0).name, std::string("tau"));  // the delay variation tolerance
    QCOMPARE(limits.at(0).value, 300'000.0);
    QCOMPARE(limits.at(1).value, 100'000.0);

    // 3/s: T = 1 s / 3 truncated to 333,333,333 ns. One at 0: TAT - now is 333,333.333 us at
    // 0, 0.333 us at 333,333 us, and 0 from 333,334 us (the first us past the TAT).
    const Decided third = decided("throttled_gcra", "rate=3/s max_burst=1", {0});
    QCOMPARE(third.value("tat_minus_now", 0), 333'333.333);
    QCOMPARE(third.value("tat_minus_now", 333'333), 0.333);
    QCOMPARE(third.value("tat_minus_now", 333'334), 0.0);
    QCOMPARE(third.limiter().stateBreaks(0, 0, 1'000'000), (std::vector<SimTime>{333'333, 333'334}));

    // Before a request at 1.1 s the TAT is 200 ms ahead; at 1.5 s it is 200 ms past.
    const auto a = arithmeticAs<GcraArithmetic>(d.limiter().arithmetic(0, 1'100'000));
    QVERIFY(a);
    QCOMPARE(a->tatFromNowUs, 200'000.0);
    QCOMPARE(a->tatAheadUs, 200'000.0);
    QCOMPARE(a->emissionUs, 100'000.0);
    QCOMPARE(a->tauUs, 300'000.0);
    const auto past = arithmeticAs<GcraArithmetic>(d.limiter().arithmetic(0, 1'500'000));
    QVERIFY(past);
    QCOMPARE(past->tatFromNowUs, -200'000.0);
    QCOMPARE(past->tatAheadUs, 0.0);
}

void TestPresetState::nginxLongIdleIsCut()
{
    // 1r/s (1000 milli-requests/s), burst 100: 101 at 0 leave an excess of 100,000, drained
    // 1 milli-request a millisecond: 100,000 steps. The curve follows the first 4,096 and
    // ends at 4.096 s, where (100,000 - 4,096) / 1000 = 95.904 are left.
    const Decided d = decided("nginx_limit_req", "rate=1r/s burst=100", repeated(0, 101));
    QCOMPARE(d.limiter().stateBreaks(0, 0, 3'600'000'000).size(), kMaxStateBreaks);
    const std::vector<StateCurve> curves = stateCurve(d.limiter(), 0, 0, 3'600'000'000);
    const StateCurve& excess = curves.front();
    QVERIFY(excess.cut);
    QCOMPARE(excess.points.back().t, SimTime(4'096'000));
    QCOMPARE(curveValueAt(excess, 4'095'999), 95.905);
    QCOMPARE(curveValueAt(excess, 4'096'000), 95.904);
    QVERIFY(std::isnan(curveValueAt(excess, 4'096'001)));
}

QTEST_APPLESS_MAIN(TestPresetState)
#include "tst_presetstate.moc"
