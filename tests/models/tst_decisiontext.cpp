// The Learn view's decision sentences (app/models/text/decisiontext.h) for hand-derived cases:
// each expected sentence is worked out from the algorithm's rule, not printed by the code.

#include "app/models/text/decisiontext.h"
#include "app/models/text/formatting.h"

#include "engine/algorithms/catalog/catalog.h"

#include <QtTest>

using namespace ratelab;

namespace {

// Decides `times` (key 0, cost 1) and words the last decision.
QString lastSentence(const char* algorithm, ParamValues params, const std::vector<SimTime>& times)
{
    BuiltLimiter built = makeLimiter(algorithm, params);
    KeyStep step;
    for (const SimTime t : times) {
        step.atUs = t;
        step.arithmetic = built.limiter->arithmetic(0, t);
        step.decision = built.limiter->decide(0, t, 1);
    }
    return decisionSentence(step);
}

std::vector<SimTime> repeated(SimTime t, int n)
{
    return std::vector<SimTime>(std::size_t(n), t);
}

}  // namespace

class TestDecisionText : public QObject {
    Q_OBJECT

private slots:
    void tokenBucketRefill();
    void tokenBucketRejectionKeepsItsDecimals();
    void tinyAmountsAreNotZero();
    void leakyBucketDrain();
    void fixedWindowReset();
    void slidingLogEntryLeaves();
    void slidingCounterWeighs();
    void gcraRejects();
    void presetsInTheirFamilysTerms();
    void decisiveDecimals();
    void clusterDecisionBesideTheExactOne();
};

void TestDecisionText::tokenBucketRefill()
{
    // 10 tokens, 5/s: eight at 1 s leave 2.0; 0.240 s later 1.2 more: 3.2, one taken: 2.2.
    auto times = repeated(1'000'000, 8);
    times.push_back(1'240'000);
    QCOMPARE(lastSentence("token_bucket", {{"capacity", "10"}, {"refill", "5/s"}}, times),
             QStringLiteral("1.240 s: Held 2.0 at 1.000 s; refilled 0.240 s × 5/s = 1.2 → 3.2 tokens; "
                            "this request costs 1 → allowed, 2.2 left."));
}

void TestDecisionText::tokenBucketRejectionKeepsItsDecimals()
{
    // 100 tokens at 1/s all spent at 0: at 0.98 s it holds 0.98 (not "1.0"), short of 1 by
    // 0.02 tokens, which come in 0.020 s.
    auto times = repeated(0, 100);
    times.push_back(980'000);
    QCOMPARE(lastSentence("token_bucket", {{"capacity", "100"}, {"refill", "1/s"}}, times),
             QStringLiteral("0.980 s: Held 0.0 at 0.000 s; refilled 0.980 s × 1/s = 0.98 → 0.98 tokens; "
                            "this request costs 1 → rejected; it fits in 0.020 s."));
}

void TestDecisionText::tinyAmountsAreNotZero()
{
    // 10 tokens, 20/s: ten at 1 s leave 0; 0.0002 s later 0.004 tokens: rejected.
    auto times = repeated(1'000'000, 10);
    times.push_back(1'000'200);
    QCOMPARE(lastSentence("token_bucket", {{"capacity", "10"}, {"refill", "20/s"}}, times),
             QStringLiteral("1.000200 s: Held 0.0 at 1.000 s; refilled 0.000200 s × 20/s = 0.004 → 0.004 tokens; "
                            "this request costs 1 → rejected; it fits in 0.049800 s."));
    // nginx's rule, 10/s burst 2: three at 0 leave 2; 1 ms drains 0.01 → 1.99, + 1 = 2.99 > 2:
    // rejected until 3 - 10 t <= 2, t = 0.1 s, 0.099 s from now.
    auto leaky = repeated(0, 3);
    leaky.push_back(1'000);
    QCOMPARE(lastSentence("leaky_bucket", {{"rate", "10/s"}, {"burst", "2"}, {"mode", "police"}}, leaky),
             QStringLiteral("0.001 s: Excess 2.0 at 0.000 s; drained 0.001 s × 10/s = 0.01 → 1.99; this request adds 1 → 2.99 "
                            "> burst 2 → rejected; it fits in 0.099 s."));
}

void TestDecisionText::leakyBucketDrain()
{
    // nginx's rule, 10/s burst 2: three at 0 leave an excess of 2; 0.05 s drains 0.5 → 1.5,
    // + 1 = 2.5 > 2: rejected until 3 - 10 t <= 2, t = 0.1 s, 0.050 s from now.
    auto times = repeated(0, 3);
    times.push_back(50'000);
    QCOMPARE(lastSentence("leaky_bucket", {{"rate", "10/s"}, {"burst", "2"}, {"mode", "police"}}, times),
             QStringLiteral("0.050 s: Excess 2.0 at 0.000 s; drained 0.050 s × 10/s = 0.5 → 1.5; this request adds 1 → 2.5 "
                            "> burst 2 → rejected; it fits in 0.050 s."));
}

void TestDecisionText::fixedWindowReset()
{
    // 2 per 1 s window: the window [0, 1) counted 2; at 1.1 s a new one [1, 2) has counted 0.
    QCOMPARE(lastSentence("fixed_window", {{"limit", "2"}, {"window", "1s"}}, {200'000, 400'000, 1'100'000}),
             QStringLiteral("1.100 s: Window 1.000 s–2.000 s (new: the last one ended): 0 of 2 counted; this request costs 1 "
                            "→ 1 ≤ 2, allowed; the window resets at 2.000 s."));
    // The third in [0, 1): rejected until the window resets at 1 s.
    QCOMPARE(lastSentence("fixed_window", {{"limit", "2"}, {"window", "1s"}}, {200'000, 400'000, 600'000}),
             QStringLiteral("0.600 s: Window 0.000 s–1.000 s: 2 of 2 counted; this request costs 1 → 3 > 2, rejected; "
                            "it fits in 0.400 s; the window resets at 1.000 s."));
}

void TestDecisionText::slidingLogEntryLeaves()
{
    // 2 per 1 s (exclusive): at 1.2 s the window is (0.2, 1.2]; the entry at 0.1 s left it
    // (at 1.1 s), the one at 0.5 s counts.
    QCOMPARE(lastSentence("sliding_window_log", {{"limit", "2"}, {"window", "1s"}}, {100'000, 500'000, 1'200'000}),
             QStringLiteral("1.200 s: Window (0.200 s, 1.200 s]: 1 of 2 counted (0.500 s); 1 entry left it (0.100 s); "
                            "this request costs 1 → 2 ≤ 2, allowed."));
}

void TestDecisionText::slidingCounterWeighs()
{
    // 10 per 1 s: four at 0.5 s; at 1.25 s they weigh (1 - 0.25) = 75%: floor(3.0) = 3.
    auto times = repeated(500'000, 4);
    times.push_back(1'250'000);
    QCOMPARE(
        lastSentence("sliding_window_counter", {{"limit", "10"}, {"window", "1s"}}, times),
        QStringLiteral("1.250 s: Window 1.000 s–2.000 s, 0.250 s in (new: the last one ended): the previous window's 4 "
                       "weigh floor(4 × 0.750 s / 1.000 s) = 3; + 0 this window = 3; this request costs 1 → 4 ≤ 10, allowed."));
}

void TestDecisionText::gcraRejects()
{
    // 10/s, burst 2: T = 0.1 s, tau = 0.2 s. Two at 0 put the TAT at 0.2 s; a third would
    // move it 0.3 s ahead, beyond tau: rejected until 0.3 - 0.2 = 0.1 s.
    QCOMPARE(lastSentence("gcra", {{"rate", "10/s"}, {"burst", "2"}}, repeated(0, 3)),
             QStringLiteral("0.000 s: TAT 0.200 s, now 0.000 s: 0.200 s ahead; this request adds T × 1 = 0.100 s → "
                            "0.300 s ahead, beyond τ = 0.200 s → rejected; it fits in 0.100 s."));
    // A TAT in the past: from now. At 1 s, TAT 0.2 s: 0.1 s ahead, within tau.
    QCOMPARE(lastSentence("gcra", {{"rate", "10/s"}, {"burst", "2"}}, {0, 0, 1'000'000}),
             QStringLiteral("1.000 s: TAT 0.200 s is past (now 1.000 s), so it starts from now; this request adds T × 1 = "
                            "0.100 s → 0.100 s ahead, within τ = 0.200 s → allowed."));
}

void TestDecisionText::presetsInTheirFamilysTerms()
{
    // nginx 10r/s burst 2: three at 0 leave an excess of 2000 milli-requests. At 50.7 ms
    // nginx's clock says 50 ms, which drain floor(10000 x 50 / 1000) = 500: 2.5 > 2, rejected
    // until ms = 100, 49.3 ms from now (the exact leaky bucket would drain 0.507).
    auto nginx = repeated(0, 3);
    nginx.push_back(50'700);
    QCOMPARE(lastSentence("nginx_limit_req", {{"rate", "10r/s"}, {"burst", "2"}, {"nodelay", "true"}}, nginx),
             QStringLiteral("0.050700 s: Excess 2.0 at 0.000 s; drained 0.050 s × 10/s = 0.5 → 1.5; this request adds 1 → 2.5 "
                            "> burst 2 → rejected; it fits in 0.049300 s."));
    // x/time/rate 10/s burst 3: three at 1 s leave 0 tokens; 0.05 s refill 0.5, short of 1
    // by 0.5, which comes in 0.05 s.
    auto go = repeated(1'000'000, 3);
    go.push_back(1'050'000);
    QCOMPARE(lastSentence("x_time_rate", {{"rate", "10/s"}, {"burst", "3"}}, go),
             QStringLiteral("1.050 s: Held 0.0 at 1.000 s; refilled 0.050 s × 10/s = 0.5 → 0.5 tokens; "
                            "this request costs 1 → rejected; it fits in 0.050 s."));
    // throttled 10/s max_burst 2: T = 0.1 s, tau = the DVT 0.3 s. Three at 1 s put the TAT at
    // 1.3 s; at 1.1 s a fourth moves it 0.3 s ahead, exactly the DVT: allowed.
    auto throttled = repeated(1'000'000, 3);
    throttled.push_back(1'100'000);
    QCOMPARE(lastSentence("throttled_gcra", {{"rate", "10/s"}, {"max_burst", "2"}}, throttled),
             QStringLiteral("1.100 s: TAT 1.300 s, now 1.100 s: 0.200 s ahead; this request adds T × 1 = 0.100 s → "
                            "0.300 s ahead, within τ = 0.300 s → allowed."));
}

void TestDecisionText::decisiveDecimals()
{
    QCOMPARE(fmt::decisive(0.98, 1), QStringLiteral("0.98"));
    QCOMPARE(fmt::decisive(0.9999, 1), QStringLiteral("0.9999"));
    QCOMPARE(fmt::decisive(1.04, 1), QStringLiteral("1.04"));
    QCOMPARE(fmt::decisive(1.0, 1), QStringLiteral("1.0"));
    QCOMPARE(fmt::decisive(3.2, 1), QStringLiteral("3.2"));
    QCOMPARE(fmt::seconds(250'000), QStringLiteral("0.250 s"));
    QCOMPARE(fmt::seconds(250'001), QStringLiteral("0.250001 s"));
    QCOMPARE(fmt::seconds(1'000'000.0 / 3), QStringLiteral("0.333333333 s"));
}

// The cluster's decision after the exact limiter's: where, when, by what, and whether the two
// agree.
void TestDecisionText::clusterDecisionBesideTheExactOne()
{
    KeyStep step;
    step.atUs = 20'000'000;
    step.decision.allowed = false;
    step.cluster = ClusterDecision{true, 2, 20'100'000, ClusterDecider::FailOpen};
    QCOMPARE(clusterClause(step),
             QStringLiteral("The cluster allowed it on inst-2 at 20.100 s (the store did not answer: "
                            "fail_open let it through), unlike the exact limiter."));
    QVERIFY(decisionSentence(step).endsWith(clusterClause(step)));
    step.decision.allowed = true;
    step.cluster = ClusterDecision{true, 0, 20'001'500, ClusterDecider::Store};
    QCOMPARE(clusterClause(step),
             QStringLiteral("The cluster allowed it on inst-0 at 20.001500 s (the store decided), as the exact limiter did."));
    step.cluster.reset();
    QCOMPARE(clusterClause(step), QString());
}

QTEST_APPLESS_MAIN(TestDecisionText)
#include "tst_decisiontext.moc"
