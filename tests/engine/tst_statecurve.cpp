// The Learn view's state curves (engine/algorithms/limiter/statecurve.h):
//  - for every algorithm and preset, on seeded random traces, at random instants between a
//    key's decisions, the curve's value equals inspect() (exact for whole counts, else within
//    1e-9 relative: times at epoch instants and the float presets' values too);
//  - hand-derived curves: each point below is worked out from the algorithm's definition.

#include "limiterrows.h"
#include "randomtrace.h"
#include "steptable.h"

#include "engine/algorithms/limiter/statecurve.h"

#include <algorithm>
#include <cmath>
#include <random>

using namespace ratelab;

namespace {

using Points = std::vector<std::pair<SimTime, double>>;

Points pointsOf(const StateCurve& c)
{
    Points out;
    for (const StatePoint& p : c.points)
        out.emplace_back(p.t, p.value);
    return out;
}

const StateCurve& named(const std::vector<StateCurve>& curves, const std::string& name)
{
    for (const StateCurve& c : curves) {
        if (c.name == name)
            return c;
    }
    throw std::runtime_error("no curve " + name);
}

// Decides `times` (key 0, cost 1) and returns the curve from the last of them to `to`.
std::vector<StateCurve> curveAfter(const char* algorithm, const char* params, const std::vector<SimTime>& times, SimTime to)
{
    BuiltLimiter built = makeLimiter(algorithm, test::paramsFrom(QString::fromLatin1(params)));
    for (const SimTime t : times)
        built.limiter->decide(0, t, 1);
    return stateCurve(*built.limiter, 0, times.back(), to);
}

}  // namespace

class TestStateCurve : public QObject {
    Q_OBJECT

private slots:
    void curveEqualsInspect_data();
    void curveEqualsInspect();
    void everyCatalogEntryIsChecked();
    void handDerivedCurves();
    void valueAtFollowsJumps();
    void longSpansAreCut();
};

void TestStateCurve::curveEqualsInspect_data()
{
    test::addEveryLimiterRows(0, "@0");
}

void TestStateCurve::curveEqualsInspect()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(bool, costs);
    QFETCH(qint64, start);
    BuiltLimiter built = makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
    // Gaps of 0.2 s on average over 3 keys: the keys' states fill, drain and cross windows.
    const auto trace = test::randomTrace(11, 1200, 3, 200'000, start, costs ? 4 : 1);
    std::mt19937_64 rng(5);
    int checked = 0;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const Request& r = trace[i];
        built.limiter->decide(r.key, r.t, r.cost);
        SimTime next = r.t + 3'000'000;  // the key's next request, or 3 s on
        for (std::size_t j = i + 1; j < trace.size(); ++j) {
            if (trace[j].key == r.key) {
                next = trace[j].t;
                break;
            }
        }
        QVERIFY(built.limiter->stateBreaks(r.key, r.t, next).size() <= kMaxStateBreaks);
        const std::vector<StateCurve> curves = stateCurve(*built.limiter, r.key, r.t, next);
        const std::vector<StateValue> shown = built.limiter->inspect(r.key, r.t);
        QVERIFY(!shown.empty());
        QCOMPARE(curves.size(), shown.size());
        // The instants: random ones, every point's time and the microsecond each side of it.
        std::vector<SimTime> instants{r.t, next};
        std::uniform_int_distribution<SimTime> within(r.t, next);
        for (int k = 0; k < 8; ++k)
            instants.push_back(within(rng));
        for (const StateCurve& c : curves) {
            for (std::size_t p = 0; p < c.points.size(); ++p) {
                QVERIFY(c.points[p].t >= r.t && c.points[p].t <= next);
                QVERIFY(p == 0 || c.points[p - 1].t <= c.points[p].t);
                for (const SimTime d : {SimTime(-1), SimTime(0), SimTime(1)}) {
                    if (c.points[p].t + d >= r.t && c.points[p].t + d <= next)
                        instants.push_back(c.points[p].t + d);
                }
            }
        }
        for (const SimTime t : instants) {
            const std::vector<StateValue> truth = built.limiter->inspect(r.key, t);
            for (std::size_t v = 0; v < curves.size(); ++v) {
                QCOMPARE(curves[v].name, truth[v].name);
                const double drawn = curveValueAt(curves[v], t);
                const double want = truth[v].value;
                const double tolerance =
                    truth[v].unit == "requests" && std::floor(want) == want ? 0.0 : 1e-9 * std::max(1.0, std::abs(want));
                if (std::abs(drawn - want) > tolerance)
                    QFAIL(qPrintable(QStringLiteral("%1 at t=%2 (decided at %3, next %4): curve %5, inspect %6")
                                         .arg(QString::fromStdString(truth[v].name))
                                         .arg(t)
                                         .arg(r.t)
                                         .arg(next)
                                         .arg(drawn, 0, 'g', 17)
                                         .arg(want, 0, 'g', 17)));
                ++checked;
            }
        }
    }
    QVERIFY(checked > 1000);
}

// Every algorithm and preset is in the rows above, and shows a state with a curve.
void TestStateCurve::everyCatalogEntryIsChecked()
{
    for (const AlgorithmInfo& info : algorithmCatalog()) {
        bool listed = false;
        for (const auto& c : test::everyLimiter())
            listed = listed || info.name == c.name;
        QVERIFY2(listed, info.name.c_str());
        for (const auto& c : test::everyLimiter()) {
            if (info.name != c.name)
                continue;
            BuiltLimiter built = makeLimiter(c.name, test::paramsFrom(QString::fromLatin1(c.params)));
            built.limiter->decide(0, 1'000, 1);
            QVERIFY2(!stateCurve(*built.limiter, 0, 1'000, 2'000'000).empty(), info.name.c_str());
            QVERIFY2(!built.limiter->limits().empty(), info.name.c_str());
        }
    }
}

void TestStateCurve::handDerivedCurves()
{
    // Token bucket 5, 2/s: 5 -> 4 -> 3 at 0; refilling 2 tokens takes 1 s, so it rises to 5
    // at 1.0 s (a kink) and stays full to 1.2 s.
    Points tb = pointsOf(curveAfter("token_bucket", "capacity=5 refill=2/s", {0, 0}, 1'200'000).front());
    QCOMPARE(tb, (Points{{0, 3}, {1'000'000, 5}, {1'200'000, 5}}));
    // The request at 1.2 s takes one: the next curve starts at 4.
    QCOMPARE(curveAfter("token_bucket", "capacity=5 refill=2/s", {0, 0, 1'200'000}, 1'200'000).front().points.front().value, 4.0);
    // Refilling 2.5 tokens at 2/s takes 1.25 s: the kink at 1 250 000 us.
    Points tb2 = pointsOf(curveAfter("token_bucket", "capacity=3 refill=2/s", {0, 0, 0}, 2'000'000).front());
    QCOMPARE(tb2, (Points{{0, 0}, {1'500'000, 3}, {2'000'000, 3}}));
    // Interval mode, 5 tokens, 4/s every 500 ms (2 a fill): 2 left at 0.1 s; 4 at 0.5 s,
    // full (5, not 6) at 1.0 s.
    Points iv = pointsOf(curveAfter("token_bucket", "capacity=5 refill=4/s refill_mode=interval interval=500ms",
                                    {100'000, 100'000, 100'000}, 1'700'000)
                             .front());
    QCOMPARE(iv, (Points{{100'000, 2}, {500'000, 2}, {500'000, 4}, {1'000'000, 4}, {1'000'000, 5}, {1'700'000, 5}}));
    // Leaky bucket 10/s burst 4: three at 0 leave an excess of 2, drained at 10/s by 0.2 s.
    Points lb = pointsOf(curveAfter("leaky_bucket", "rate=10/s burst=4 mode=police", {0, 0, 0}, 1'000'000).front());
    QCOMPARE(lb, (Points{{0, 2}, {200'000, 0}, {1'000'000, 0}}));
    // Fixed window of 1 s: three at 0.4 s; the count drops to 0 at 1 s, the window's start
    // moves to 1 s and to 2 s.
    const auto fw = curveAfter("fixed_window", "limit=10 window=1s", {400'000, 400'000, 400'000}, 2'500'000);
    QCOMPARE(pointsOf(named(fw, "count")), (Points{{400'000, 3}, {1'000'000, 3}, {1'000'000, 0}, {2'500'000, 0}}));
    QCOMPARE(pointsOf(named(fw, "window_start_us")),
             (Points{{400'000, 0}, {1'000'000, 0}, {1'000'000, 1e6}, {2'000'000, 1e6}, {2'000'000, 2e6}, {2'500'000, 2e6}}));
    // Sliding log of 1 s (exclusive): entries at 0 and 0.3 s leave at 1.0 s and 1.3 s.
    const auto log = curveAfter("sliding_window_log", "limit=10 window=1s", {0, 300'000}, 2'000'000);
    QCOMPARE(pointsOf(named(log, "count")),
             (Points{{300'000, 2}, {1'000'000, 2}, {1'000'000, 1}, {1'300'000, 1}, {1'300'000, 0}, {2'000'000, 0}}));
    // Inclusive: an entry exactly 1 s old still counts, it leaves a microsecond later.
    const auto inc = curveAfter("sliding_window_log", "limit=10 window=1s boundary=inclusive", {0}, 2'000'000);
    QCOMPARE(pointsOf(named(inc, "count")), (Points{{0, 1}, {1'000'001, 1}, {1'000'001, 0}, {2'000'000, 0}}));
    // GCRA 10/s burst 5: three at 0 put the TAT 0.3 s ahead; it falls to 0 at 0.3 s.
    Points g = pointsOf(curveAfter("gcra", "rate=10/s burst=5", {0, 0, 0}, 1'000'000).front());
    QCOMPARE(g, (Points{{0, 300'000}, {300'000, 0}, {1'000'000, 0}}));
    // Sliding counter, 1 s windows: four at 0.5 s. At 1 s they become the previous window:
    // estimate floor(4 x (1 s - e) / 1 s) is 4 at e = 0, 3 from e = 1 us, 2 from
    // e = 250 001 us (a jump: two points at one time; from 4 to 3 a
    // one-microsecond step, with no instant between its two points); the weight falls from 0.5 to 0 (reached at 1 s), jumps to 1, falls to 0.75.
    const auto swc = curveAfter("sliding_window_counter", "limit=10 window=1s", {500'000, 500'000, 500'000, 500'000}, 1'300'000);
    QCOMPARE(pointsOf(named(swc, "previous")), (Points{{500'000, 0}, {1'000'000, 0}, {1'000'000, 4}, {1'300'000, 4}}));
    QCOMPARE(pointsOf(named(swc, "current")), (Points{{500'000, 4}, {1'000'000, 4}, {1'000'000, 0}, {1'300'000, 0}}));
    QCOMPARE(pointsOf(named(swc, "estimate")),
             (Points{{500'000, 4}, {1'000'000, 4}, {1'000'001, 3}, {1'250'001, 3}, {1'250'001, 2}, {1'300'000, 2}}));
    const Points weight = pointsOf(named(swc, "previous_weight"));
    QCOMPARE(weight.size(), std::size_t(4));
    QCOMPARE(weight[0], (std::pair<SimTime, double>{500'000, 0.5}));
    QCOMPARE(weight[1].first, SimTime(1'000'000));
    QVERIFY(std::abs(weight[1].second) < 1e-12);
    QCOMPARE(weight[2], (std::pair<SimTime, double>{1'000'000, 1.0}));
    QCOMPARE(weight[3], (std::pair<SimTime, double>{1'300'000, 0.7}));
}

void TestStateCurve::valueAtFollowsJumps()
{
    StateCurve c{"count", "requests", {{0, 3}, {10, 3}, {10, 0}, {20, 10}}};
    QCOMPARE(curveValueAt(c, -5), 3.0);
    QCOMPARE(curveValueAt(c, 9), 3.0);
    QCOMPARE(curveValueAt(c, 10), 0.0);  // at the jump: after it
    QCOMPARE(curveValueAt(c, 15), 5.0);
    QCOMPARE(curveValueAt(c, 25), 10.0);
}

void TestStateCurve::longSpansAreCut()
{
    // A 1 ms fixed window left idle for an hour crosses 3.6 million boundaries: the curve
    // follows the first kMaxStateBreaks (4,096) and ends at the last, 4.096 s.
    const auto fw = curveAfter("fixed_window", "limit=10 window=1ms", {0}, 3'600'000'000);
    const StateCurve& count = named(fw, "count");
    QVERIFY(count.cut);
    QCOMPARE(pointsOf(count), (Points{{0, 1}, {1'000, 1}, {1'000, 0}, {4'096'000, 0}}));
    const StateCurve& start = named(fw, "window_start_us");
    QCOMPARE(start.points.back().t, SimTime(4'096'000));
    QCOMPARE(curveValueAt(start, 4'095'999), 4'095'000.0);
    QCOMPARE(curveValueAt(start, 4'096'000), 4'096'000.0);
    QVERIFY(std::isnan(curveValueAt(start, 4'096'001)));  // not followed past the cut

    // A sliding counter whose previous window holds a million: each of its million steps is
    // a break; the curve follows the first 4,096 of them and equals inspect() up to there.
    BuiltLimiter built = makeLimiter("sliding_window_counter", test::paramsFrom("limit=2000000 window=1s"));
    QVERIFY(built.limiter->decide(0, 500'000, 1'000'000).allowed);
    const auto swc = stateCurve(*built.limiter, 0, 500'000, 3'000'000);
    const StateCurve& estimate = named(swc, "estimate");
    QVERIFY(estimate.cut);
    const SimTime end = estimate.points.back().t;
    QVERIFY(end > 1'000'000 && end < 1'010'000);  // 4,096 steps of 1 us from 1 s on
    std::mt19937_64 rng(7);
    const std::vector<StateValue> values = built.limiter->inspect(0, 500'000);
    const auto at = std::find_if(values.begin(), values.end(), [](const StateValue& v) { return v.name == "estimate"; });
    QVERIFY(at != values.end());
    const std::size_t index = std::size_t(at - values.begin());
    for (int i = 0; i < 200; ++i) {
        const SimTime t = 500'000 + SimTime(rng() % std::uint64_t(end - 500'000 + 1));
        QCOMPARE(curveValueAt(estimate, t), built.limiter->inspect(0, t)[index].value);
    }

    // A curve that ends where its span does is not cut.
    QVERIFY(!curveAfter("token_bucket", "capacity=5 refill=2/s", {0}, 1'200'000).front().cut);
}

QTEST_APPLESS_MAIN(TestStateCurve)
#include "tst_statecurve.moc"
