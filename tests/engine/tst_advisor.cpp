// The limit advisor's engine API on hand-built traces whose per-key rates, percentiles and
// smallest parameters are derived by hand in the comments (resources/docs/advisor.md).

#include "engine/advisor/advisor.h"
#include "engine/advisor/knee.h"

#include <QtTest>

#include <fstream>
#include <map>
#include <random>
#include <sstream>

using namespace ratelab;

namespace {

constexpr SimTime kMs = kMicrosPerMilli;
constexpr SimTime kS = kMicrosPerSecond;

// Four keys, nine requests:
//   a: 0, 100 ms, 200 ms, 5 s     b: 0      c: 0, 2 s      d: 0, 1 s
RequestSet handTrace()
{
    std::istringstream in("t_us,key,cost\n"
                          "0,a,1\n0,b,1\n0,c,1\n0,d,1\n"
                          "100000,a,1\n200000,a,1\n"
                          "1000000,d,1\n2000000,c,1\n5000000,a,1\n");
    return loadRequestsFromTrace(in, "hand.csv");
}

AdvisorOptions optionsFor(const std::string& algorithm, std::int64_t ppm, AdvisorTarget by = AdvisorTarget::Keys)
{
    AdvisorOptions o;
    o.algorithms = {algorithm};
    o.targetPpm = ppm;
    o.by = by;
    o.windowUs = kS;
    return o;
}

std::int64_t smallest(const RequestSet& set, const std::string& algorithm, std::int64_t ppm,
                      AdvisorTarget by = AdvisorTarget::Keys)
{
    return advise(set, optionsFor(algorithm, ppm, by)).recommendations.at(0).value;
}

}  // namespace

class TestAdvisor : public QObject {
    Q_OBJECT

private slots:
    void loadsATrace();
    void perKeyRates();
    void rateOfOneKey();
    void percentilesAndHistogram();
    void smallestParameters_data();
    void smallestParameters();
    void byRequests();
    void costOfTheRecommendation();
    void curveIsMonotone();
    void paramsInCliSyntax();
    void shares();
    void cancels();
    void cdfSteps();
    void fromAnImport();
    void idleGapsChangeNoDecision_data();
    void idleGapsChangeNoDecision();
    void anySpanTheImporterAccepts();
    void sustainedRates();
    void targetsOnTheCurve();
    void newTargetReusesPrevious();
    void knee_data();
    void knee();
    void kneeOfACurve();
};

void TestAdvisor::loadsATrace()
{
    const RequestSet set = handTrace();
    QCOMPARE(set.requests.size(), std::size_t{9});
    QCOMPARE(set.keyCount(), std::size_t{4});
    QCOMPARE(set.keys.name(set.requests[4].key), std::string("a"));
    QCOMPARE(set.requests[4].t, 100 * kMs);
    QCOMPARE(set.totalCost(), std::int64_t{9});
}

void TestAdvisor::perKeyRates()
{
    const RequestSet set = handTrace();
    const KeyRates rates = computeKeyRates(set, {kS, 10 * kS});
    // Key ids follow first appearance: a=0, b=1, c=2, d=3.
    // 1 s windows (t - 1 s, t]: a has 0, 0.1, 0.2 s together: 3; d's 0 and 1 s are exactly
    // 1 s apart, so the window ending at 1 s excludes 0: 1. 10 s: a 4, c 2, d 2.
    QCOMPARE(rates.windows[0].maxPerKey, (std::vector<std::int64_t>{3, 1, 1, 1}));
    QCOMPARE(rates.windows[1].maxPerKey, (std::vector<std::int64_t>{4, 1, 2, 2}));
    QCOMPARE(rates.requestsPerKey, (std::vector<std::int64_t>{4, 1, 2, 2}));
}

void TestAdvisor::rateOfOneKey()
{
    // x: one request per second at 0, 1, ..., 199 s, and four more at 50.1 .. 50.4 s (204).
    // y: 0, 0.5, 0.9 s. W = 1 s, windows (t - 1 s, t]: x's whole seconds see only themselves
    // (1 s earlier is out), 50.1 .. 50.4 s see 2, 3, 4, 5, and 51 s sees 50.1 .. 51: 5.
    // Sorted: 199 ones, 2, 3, 4, 5, 5; p99 by nearest rank is rank ceil(0.99 x 204) = 202: 4.
    // y sees 1, 2, 3: p99 at rank ceil(2.97) = 3: 3.
    std::ostringstream csv;
    csv << "t_us,key,cost\n0,x,1\n0,y,1\n500000,y,1\n900000,y,1\n";
    for (int s = 1; s < 200; ++s) {
        csv << s * kS << ",x,1\n";
        if (s == 50)
            for (int extra = 1; extra <= 4; ++extra)
                csv << s * kS + extra * 100 * kMs << ",x,1\n";
    }
    std::istringstream in(csv.str());
    const RequestSet set = loadRequestsFromTrace(in, "one-key.csv");
    QCOMPARE(set.requests.size(), std::size_t{207});
    const std::vector<KeyWindowRate> rates = windowRatesOf(set, {1, 0}, kS);
    QCOMPARE(rates.size(), std::size_t{2});
    QCOMPARE(rates[0].peak, std::int64_t{3});  // y
    QCOMPARE(rates[0].p99, std::int64_t{3});
    QCOMPARE(rates[1].peak, std::int64_t{5});  // x
    QCOMPARE(rates[1].p99, std::int64_t{4});
    // 10 s windows: a whole second s sees s - 9 .. s (10), plus the extras for s = 51 .. 60 (14);
    // the extras see 41 .. 50 and themselves: 11 .. 14. Eleven 14s are the top of 204: both 14.
    const std::vector<KeyWindowRate> tenSeconds = windowRatesOf(set, {0}, 10 * kS);
    QCOMPARE(tenSeconds[0].peak, std::int64_t{14});
    QCOMPARE(tenSeconds[0].p99, std::int64_t{14});
    // Keeping one of the two keys, a sliding log of limit 3 per 1 s throttles x only; the
    // advisor's top keys carry its rates in that window.
    const AdvisorResult r = advise(set, optionsFor("sliding_window_log", 500'000));
    const Recommendation& rec = r.recommendations.at(0);
    QVERIFY(!rec.topKeys.empty());
    QCOMPARE(rec.topKeys[0].name, std::string("x"));
    QCOMPARE(rec.topKeys[0].rateInWindow.peak, std::int64_t{5});
    QCOMPARE(rec.topKeys[0].rateInWindow.p99, std::int64_t{4});
}

void TestAdvisor::percentilesAndHistogram()
{
    // Nearest rank over {1, 1, 1, 3}: p50 rank 2 -> 1, p90 rank ceil(3.6)=4 -> 3, max 3.
    const Distribution d = describe({3, 1, 1, 1});
    QCOMPARE(d.count, std::int64_t{4});
    QCOMPARE(d.percentiles.size(), std::size_t{5});
    QCOMPARE(d.percentiles[0].value, std::int64_t{1});
    QCOMPARE(d.percentiles[1].value, std::int64_t{3});
    QCOMPARE(d.percentiles[4].value, std::int64_t{3});
    // Bins [1,2) and [2,4): three keys, then one.
    QCOMPARE(d.histogram.size(), std::size_t{2});
    QCOMPARE(d.histogram[0].lower, std::int64_t{1});
    QCOMPARE(d.histogram[0].upper, std::int64_t{2});
    QCOMPARE(d.histogram[0].keys, std::int64_t{3});
    QCOMPARE(d.histogram[1].lower, std::int64_t{2});
    QCOMPARE(d.histogram[1].keys, std::int64_t{1});

    // 1000 values 1..1000: p99 is the 990th, p99.9 the 999th; bins up to [512, 1024).
    std::vector<std::int64_t> v;
    for (int i = 1000; i >= 1; --i)
        v.push_back(i);
    const Distribution big = describe(v);
    QCOMPARE(big.percentiles[0].value, std::int64_t{500});
    QCOMPARE(big.percentiles[2].value, std::int64_t{990});
    QCOMPARE(big.percentiles[3].value, std::int64_t{999});
    QCOMPARE(big.histogram.size(), std::size_t{10});
    QCOMPARE(big.histogram[9].lower, std::int64_t{512});
    QCOMPARE(big.histogram[9].keys, std::int64_t{1000 - 511});
}

void TestAdvisor::smallestParameters_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<qint64>("for75");  // 3 of 4 keys
    QTest::addColumn<qint64>("for100");
    // With W = 1 s. Key a's three requests in 200 ms decide everything at 100%:
    // sliding_window_log needs limit >= its 1 s maximum 3; fixed_window: all three fall in
    // [0, 1 s): 3; token_bucket capacity 2 refilled 2/s holds 2 - 1 + 0.2 - 1 + 0.2 = 0.4 < 1
    // at 200 ms, capacity 3 passes: 3; gcra the same; leaky_bucket burst 2 is capacity 3.
    // At 75% every algorithm but the counter keeps b, c, d at value 1 (d's requests 1 s
    // apart: a full refill, or a new window). The counter at limit 1 throttles d: at 1 s the
    // previous window's 1 weighs floor(1 x (1 s - 0) / 1 s) = 1, 1 + 1 > 1; limit 2 keeps it.
    QTest::newRow("token_bucket") << QString("token_bucket") << qint64(1) << qint64(3);
    QTest::newRow("gcra") << QString("gcra") << qint64(1) << qint64(3);
    QTest::newRow("leaky_bucket") << QString("leaky_bucket") << qint64(0) << qint64(2);
    QTest::newRow("fixed_window") << QString("fixed_window") << qint64(1) << qint64(3);
    QTest::newRow("sliding_window_log") << QString("sliding_window_log") << qint64(1) << qint64(3);
    QTest::newRow("sliding_window_counter") << QString("sliding_window_counter") << qint64(2) << qint64(3);
}

void TestAdvisor::smallestParameters()
{
    QFETCH(QString, algorithm);
    QFETCH(qint64, for75);
    QFETCH(qint64, for100);
    const RequestSet set = handTrace();
    const std::string name = algorithm.toStdString();
    QCOMPARE(smallest(set, name, 750'000), for75);
    QCOMPARE(smallest(set, name, 1'000'000), for100);
    // 50% is met by the smallest value of the family.
    QCOMPARE(smallest(set, name, 500'000), qint64(name == "leaky_bucket" ? 0 : 1));
}

void TestAdvisor::byRequests()
{
    // Keys b, c, d send 5 of 9 requests (55.6%): 55% is met without a, 60% needs a too.
    const RequestSet set = handTrace();
    QCOMPARE(smallest(set, "token_bucket", 550'000, AdvisorTarget::Requests), std::int64_t{1});
    QCOMPARE(smallest(set, "token_bucket", 600'000, AdvisorTarget::Requests), std::int64_t{3});
    QCOMPARE(smallest(set, "sliding_window_log", 600'000, AdvisorTarget::Requests), std::int64_t{3});
}

void TestAdvisor::costOfTheRecommendation()
{
    // token_bucket capacity 1, refill 1/s: a passes at 0, is rejected at 100 and 200 ms
    // (0.1 and 0.2 tokens), passes at 5 s. 2 of 9 requests rejected, 3 of 4 keys unthrottled.
    const RequestSet set = handTrace();
    const Recommendation rec = advise(set, optionsFor("token_bucket", 750'000)).recommendations.at(0);
    QCOMPARE(rec.value, std::int64_t{1});
    QCOMPARE(rec.keysUnthrottled, std::int64_t{3});
    QCOMPARE(rec.requestsRejected, std::int64_t{2});
    QCOMPARE(rec.keysUnthrottledShare, 0.75);
    QCOMPARE(rec.requestsRejectedShare, 2.0 / 9.0);
    QCOMPARE(rec.throttledKeys, std::int64_t{1});
    QCOMPARE(rec.topKeys.size(), std::size_t{1});
    QCOMPARE(rec.topKeys[0].name, std::string("a"));
    QCOMPARE(rec.topKeys[0].requests, std::int64_t{4});
    QCOMPARE(rec.topKeys[0].rejected, std::int64_t{2});
    QCOMPARE(rec.topKeys[0].firstRejected, 100 * kMs);
    QCOMPARE(rec.topKeysRejectedShare, 1.0);
    QVERIFY(rec.targetMet);
}

void TestAdvisor::curveIsMonotone()
{
    // A busier trace: 30 keys, key k sends k + 1 requests 10 ms apart.
    std::ostringstream csv;
    csv << "t_us,key,cost\n";
    for (int i = 0; i < 30; ++i)
        for (int k = i; k < 30; ++k)
            csv << i * 10'000 << ",k" << k << ",1\n";
    std::istringstream in(csv.str());
    const RequestSet set = loadRequestsFromTrace(in, "ramp.csv");
    for (const ParameterFamily& f : parameterFamilies()) {
        const Recommendation rec = advise(set, optionsFor(f.algorithm, 500'000)).recommendations.at(0);
        QVERIFY(rec.curve.size() >= 10);
        for (std::size_t i = 1; i < rec.curve.size(); ++i) {
            QVERIFY(rec.curve[i].value > rec.curve[i - 1].value);
            QVERIFY(rec.curve[i].keysUnthrottled >= rec.curve[i - 1].keysUnthrottled);
        }
        QCOMPARE(rec.curve.back().keysUnthrottled, std::int64_t{30});
        // The recommendation is on the curve, and one less misses the target.
        const auto at =
            std::find_if(rec.curve.begin(), rec.curve.end(), [&](const CurvePoint& c) { return c.value == rec.value; });
        QVERIFY(at != rec.curve.end());
        QVERIFY(rec.keysUnthrottled >= 15);
        if (rec.value > f.minValue) {
            const ReplayOutcome below = replay(set, f.algorithm, familyParams(f, rec.value - 1, kS));
            QVERIFY2(below.keysUnthrottled < 15, f.algorithm.c_str());
        }
    }
    // All 30 requests of the busiest key fall within 300 ms: the sliding log keeps key k
    // iff k + 1 <= limit, so 50% (15 keys: k0..k14) needs limit 15.
    QCOMPARE(smallest(set, "sliding_window_log", 500'000), std::int64_t{15});
}

void TestAdvisor::paramsInCliSyntax()
{
    QCOMPARE(exactRateText(30, kMicrosPerMinute), std::string("30/m"));
    QCOMPARE(exactRateText(5, 10 * kS), std::string("0.5/s"));
    QCOMPARE(exactRateText(7, 3 * kS), std::string("8400/h"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, exactRateText(1, 7 * kS));
    const ParameterFamily& leaky = *findFamily("leaky_bucket");
    QCOMPARE(familyParams(leaky, 4, kMicrosPerMinute), (ParamValues{{"burst", "4"}, {"rate", "5/m"}, {"mode", "police"}}));
    QCOMPARE(familyParams(*findFamily("fixed_window"), 9, 10 * kS), (ParamValues{{"limit", "9"}, {"window", "10s"}}));
}

void TestAdvisor::shares()
{
    QCOMPARE(parseShare("99%"), std::optional<std::int64_t>(990'000));
    QCOMPARE(parseShare("99.9%"), std::optional<std::int64_t>(999'000));
    QCOMPARE(parseShare("0.99"), std::optional<std::int64_t>(990'000));
    QCOMPARE(parseShare("100%"), std::optional<std::int64_t>(1'000'000));
    QCOMPARE(parseShare("101%"), std::optional<std::int64_t>());
    QCOMPARE(parseShare("abc"), std::optional<std::int64_t>());
    QCOMPARE(parseShare(""), std::optional<std::int64_t>());
}

void TestAdvisor::cancels()
{
    const RequestSet set = handTrace();
    RunControl control;
    control.cancel();
    QVERIFY_THROWS_EXCEPTION(Cancelled, advise(set, AdvisorOptions{}, &control));
}

void TestAdvisor::cdfSteps()
{
    // {3, 1, 1, 1}: three keys at or below 1, all four at or below 3.
    const Distribution d = describe({3, 1, 1, 1});
    QCOMPARE(d.cdf.size(), std::size_t{2});
    QCOMPARE(d.cdf[0].value, std::int64_t{1});
    QCOMPARE(d.cdf[0].keys, std::int64_t{3});
    QCOMPARE(d.cdf[1].value, std::int64_t{3});
    QCOMPARE(d.cdf[1].keys, std::int64_t{4});
    QVERIFY(describe({}).cdf.empty());
    // The CDF crosses each percentile at its value: p90 of {1, 1, 1, 3} is 3.
    QCOMPARE(d.percentiles[1].value, d.cdf[1].value);
}

void TestAdvisor::fromAnImport()
{
    // The requests an import hands on make the set loadRequestsFromLog reads from the file.
    const std::string path = RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log";
    std::ifstream in(path, std::ios::binary);
    QVERIFY(in.good());
    KeyInterner keys;
    std::vector<ImportedRequest> imported;
    const ImportSummary summary = importLog(in, ImportOptions{}, keys, [&](const ImportedRequest& r) { imported.push_back(r); });
    const RequestSet set = requestSetFromImport(imported, keys, summary);
    const RequestSet direct = loadRequestsFromLog(path, ImportOptions{});
    QCOMPARE(set.requests.size(), direct.requests.size());
    QCOMPARE(set.keyCount(), direct.keyCount());
    for (std::size_t i = 0; i < set.requests.size(); ++i) {
        QCOMPARE(set.requests[i].t, direct.requests[i].t);
        QCOMPARE(set.keys.name(set.requests[i].key), direct.keys.name(direct.requests[i].key));
        QCOMPARE(set.requests[i].cost, direct.requests[i].cost);
    }
    QVERIFY(set.importSummary);
    QCOMPARE(set.importSummary->requestsImported, direct.importSummary->requestsImported);
}

void TestAdvisor::idleGapsChangeNoDecision_data()
{
    QTest::addColumn<qint64>("windowUs");
    QTest::newRow("1 s") << qint64(kS);
    QTest::newRow("5 s") << qint64(5 * kS);
    QTest::newRow("1 h") << qint64(kMicrosPerHour);
    QTest::newRow("1 min") << qint64(kMicrosPerMinute);
}

// Shortening idle gaps of 3W or more to 2W + (G mod W) changes no decision of any family at
// window W: on seeded traces of bursts near the limits (five keys, costs 1 to 3) separated
// by gaps at and around 2W and 3W and far longer, every value's replay with the gaps
// shortened rejects exactly the requests, and first rejects at exactly the times, that the
// plain replay does.
void TestAdvisor::idleGapsChangeNoDecision()
{
    QFETCH(qint64, windowUs);
    const Duration w = windowUs;
    const Duration gapChoices[] = {2 * w - 1, 2 * w, 3 * w - 1, 3 * w, 3 * w + 1, 5 * w + w / 2, 100 * w + 17, 1};
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        std::mt19937_64 rng(seed);
        RequestSet set;
        for (int k = 0; k < 5; ++k)
            set.keys.intern("k" + std::to_string(k));
        SimTime t = 1'700'000'000 * kS + static_cast<SimTime>(rng() % static_cast<std::uint64_t>(w));
        for (int burst = 0; burst < 40; ++burst) {
            t += gapChoices[rng() % std::size(gapChoices)];
            for (int i = 0; i < 12; ++i) {
                t += static_cast<SimTime>(rng() % static_cast<std::uint64_t>(w / 4 + 1));
                set.requests.push_back({t, static_cast<KeyId>(rng() % 5), static_cast<std::uint32_t>(1 + rng() % 3)});
            }
        }
        const IdleGaps gaps = idleGaps(set, w);
        QVERIFY(gaps.steps.size() >= 10);  // the test shortens something
        for (const ParameterFamily& f : parameterFamilies()) {
            for (const std::int64_t v : {f.minValue, std::int64_t{2}, std::int64_t{3}, std::int64_t{5}, std::int64_t{9}}) {
                const ParamValues params = familyParams(f, v, w);
                const ReplayOutcome plain = replay(set, f.algorithm, params);
                const ReplayOutcome shortened = replay(set, gaps, f.algorithm, params);
                const QByteArray what =
                    QByteArray::fromStdString(f.algorithm) + " v=" + QByteArray::number(v) + " seed " + QByteArray::number(seed);
                QVERIFY2(plain.requestsRejected > 0 || v > 2, what);  // near the limit: it rejects
                QVERIFY2(shortened.requestsRejected == plain.requestsRejected, what);
                QVERIFY2(shortened.rejectedPerKey == plain.rejectedPerKey, what);
                QVERIFY2(shortened.firstRejection == plain.firstRejection, what);
                QVERIFY2(shortened.keysUnthrottled == plain.keysUnthrottled, what);
            }
        }
    }
}

// A log the importer accepts may run to the end of the valid range, 2^52 us (2112-09-17). Key
// a sends two requests 500 ms apart in 2015 and one at the range's last microsecond, key b
// one in 2015: 2^31 one-second windows are 68 years, so a fixed window over the raw span
// overflows. Every family still recommends, at
// W = 1 s and 100% of keys, the smallest value that passes a's two requests in 500 ms:
// token bucket, fixed window, both sliding windows and GCRA 2, the leaky bucket 1 (it holds
// burst + 1 = 2, draining 2 per second).
void TestAdvisor::anySpanTheImporterAccepts()
{
    constexpr SimTime t2015 = 1'431'857'103 * kS;  // 2015-05-17T10:05:03Z
    constexpr SimTime tLast = kMaxTimeUs;          // 2112-09-17T23:53:47.370496Z
    std::istringstream in("t_us,key\n" + std::to_string(t2015) + ",a\n" + std::to_string(t2015 + 500 * kMs) + ",a\n"
                          + std::to_string(t2015 + kS) + ",b\n" + std::to_string(tLast) + ",a\n");
    const RequestSet set = loadRequestsFromTrace(in, "span.csv");
    AdvisorOptions options;
    options.targetPpm = 1'000'000;
    options.windowUs = kS;
    const AdvisorResult result = advise(set, options);
    QCOMPARE(result.lastTime, tLast);
    const std::map<std::string, std::int64_t> expected{{"token_bucket", 2},           {"leaky_bucket", 1},
                                                       {"fixed_window", 2},           {"sliding_window_log", 2},
                                                       {"sliding_window_counter", 2}, {"gcra", 2}};
    QCOMPARE(result.recommendations.size(), expected.size());
    for (const Recommendation& rec : result.recommendations) {
        QCOMPARE(rec.value, expected.at(rec.algorithm));
        QVERIFY(rec.targetMet);
        QCOMPARE(rec.keysUnthrottled, std::int64_t{2});
        QCOMPARE(rec.requestsRejected, std::int64_t{0});
        // One less throttles a, at its second request.
        const ParameterFamily& f = *findFamily(rec.algorithm);
        const ReplayOutcome below = replay(set, idleGaps(set, kS), f.algorithm, familyParams(f, rec.value - 1, kS));
        QCOMPARE(below.requestsRejected, std::int64_t{1});
        QCOMPARE(below.firstRejection[0], t2015 + 500 * kMs);
    }
}

void TestAdvisor::sustainedRates()
{
    // v per W; the leaky bucket's family drains (v + 1) per W.
    QCOMPARE(sustainedPerSecond(*findFamily("token_bucket"), 720, kMicrosPerMinute), 12.0);
    QCOMPARE(sustainedPerSecond(*findFamily("gcra"), 5, 10 * kS), 0.5);
    QCOMPARE(sustainedPerSecond(*findFamily("leaky_bucket"), 0, kS), 1.0);
    QCOMPARE(sustainedPerSecond(*findFamily("sliding_window_log"), 3, kS), 3.0);
}

void TestAdvisor::targetsOnTheCurve()
{
    // Hand curve over 4 keys and 9 requests: values 1, 2, 3 keep 3, 3, 4 keys (5, 5, 9 requests).
    const std::vector<CurvePoint> curve{{1, 3, 2, 5, 0.75, 2.0 / 9}, {2, 3, 1, 5, 0.75, 1.0 / 9}, {3, 4, 0, 9, 1.0, 0.0}};
    QCOMPARE(requiredCount(750'000, 4), std::int64_t{3});
    QCOMPARE(requiredCount(750'001, 4), std::int64_t{4});
    QCOMPARE(requiredCount(0, 4), std::int64_t{0});
    QCOMPARE(keptPpm(curve[0], AdvisorTarget::Keys, 4), std::int64_t{750'000});
    QCOMPARE(keptPpm(curve[0], AdvisorTarget::Requests, 9), std::int64_t{555'555});  // floor(5/9)
    QCOMPARE(keptPpm(curve[2], AdvisorTarget::Keys, 0), std::int64_t{1'000'000});
    // A point meets the target read off it.
    for (const CurvePoint& p : curve)
        for (AdvisorTarget by : {AdvisorTarget::Keys, AdvisorTarget::Requests}) {
            const std::int64_t total = by == AdvisorTarget::Keys ? 4 : 9;
            QVERIFY(keptCount(p, by) >= requiredCount(keptPpm(p, by, total), total));
        }
    QCOMPARE(firstPointMeeting(curve, 750'000, AdvisorTarget::Keys, 4), std::size_t{0});
    QCOMPARE(firstPointMeeting(curve, 990'000, AdvisorTarget::Keys, 4), std::size_t{2});
    QCOMPARE(firstPointMeeting(curve, 555'555, AdvisorTarget::Requests, 9), std::size_t{0});
    QCOMPARE(firstPointMeeting(curve, 555'556, AdvisorTarget::Requests, 9), std::size_t{2});
    // Out of reach: the last point.
    const std::vector<CurvePoint> low{{1, 1, 5, 1, 0.25, 5.0 / 9}};
    QCOMPARE(firstPointMeeting(low, 990'000, AdvisorTarget::Keys, 4), std::size_t{0});

    // On a real result: the recommendation is the first curve point meeting its target.
    const AdvisorResult r = advise(handTrace(), optionsFor("token_bucket", 750'000));
    const Recommendation& rec = r.recommendations.at(0);
    const std::size_t i = firstPointMeeting(rec.curve, 750'000, AdvisorTarget::Keys, targetTotal(r, AdvisorTarget::Keys));
    QCOMPARE(rec.curve[i].value, rec.value);
    QCOMPARE(targetTotal(r, AdvisorTarget::Requests), std::int64_t{9});
}

void TestAdvisor::newTargetReusesPrevious()
{
    // 40 keys, key k sends k + 1 requests 10 ms apart, then k more a minute later.
    std::ostringstream csv;
    csv << "t_us,key,cost\n";
    for (int i = 0; i < 40; ++i)
        for (int k = i; k < 40; ++k)
            csv << i * 10'000 << ",k" << k << ",1\n";
    for (int i = 0; i < 40; ++i)
        for (int k = i + 1; k < 40; ++k)
            csv << 60 * kS + i * 10'000 << ",k" << k << ",1\n";
    std::istringstream in(csv.str());
    const RequestSet set = loadRequestsFromTrace(in, "ramp.csv");
    AdvisorOptions first;
    first.windowUs = kS;
    first.curvePoints = 12;
    const AdvisorResult previous = advise(set, first);
    std::int64_t fullProbes = 0;
    std::int64_t reusedProbes = 0;
    for (const auto& [ppm, by] : std::vector<std::pair<std::int64_t, AdvisorTarget>>{{500'000, AdvisorTarget::Keys},
                                                                                     {900'000, AdvisorTarget::Keys},
                                                                                     {990'000, AdvisorTarget::Keys},
                                                                                     {1'000'000, AdvisorTarget::Keys},
                                                                                     {0, AdvisorTarget::Keys},
                                                                                     {750'000, AdvisorTarget::Requests}}) {
        AdvisorOptions next = first;
        next.targetPpm = ppm;
        next.by = by;
        const AdvisorResult full = advise(set, next);
        const AdvisorResult reused = advise(set, next, &previous);
        QCOMPARE(reused.options.targetPpm, ppm);
        QCOMPARE(reused.rates.windows[0].maxPerKey, full.rates.windows[0].maxPerKey);
        QCOMPARE(reused.recommendations.size(), full.recommendations.size());
        for (std::size_t i = 0; i < full.recommendations.size(); ++i) {
            const Recommendation& a = full.recommendations[i];
            const Recommendation& b = reused.recommendations[i];
            QCOMPARE(b.algorithm, a.algorithm);
            QCOMPARE(b.value, a.value);
            QCOMPARE(b.params, a.params);
            QCOMPARE(b.targetMet, a.targetMet);
            QCOMPARE(b.keysUnthrottled, a.keysUnthrottled);
            QCOMPARE(b.requestsRejected, a.requestsRejected);
            QCOMPARE(b.requestsOfUnthrottledKeys, a.requestsOfUnthrottledKeys);
            QCOMPARE(b.throttledKeys, a.throttledKeys);
            QCOMPARE(b.topKeys.size(), a.topKeys.size());
            for (std::size_t k = 0; k < a.topKeys.size(); ++k) {
                QCOMPARE(b.topKeys[k].name, a.topKeys[k].name);
                QCOMPARE(b.topKeys[k].rejected, a.topKeys[k].rejected);
                QCOMPARE(b.topKeys[k].firstRejected, a.topKeys[k].firstRejected);
            }
            QCOMPARE(b.topKeysRejectedShare, a.topKeysRejectedShare);
            QCOMPARE(b.curve.size(), a.curve.size());
            for (std::size_t k = 0; k < a.curve.size(); ++k) {
                QCOMPARE(b.curve[k].value, a.curve[k].value);
                QCOMPARE(b.curve[k].keysUnthrottled, a.curve[k].keysUnthrottled);
                QCOMPARE(b.curve[k].requestsRejected, a.curve[k].requestsRejected);
            }
            fullProbes += a.probes;
            reusedProbes += b.probes;
        }
    }
    QVERIFY2(reusedProbes * 2 < fullProbes, qPrintable(QStringLiteral("%1 vs %2").arg(reusedProbes).arg(fullProbes)));

    // Other options than the target: a full run.
    AdvisorOptions other = first;
    other.windowUs = 10 * kS;
    QCOMPARE(advise(set, other, &previous).recommendations[0].params, advise(set, other).recommendations[0].params);
}

void TestAdvisor::knee_data()
{
    // Scaled to [0, 1] between the ends, the chord is y = x; the knee is the largest y - x.
    QTest::addColumn<std::vector<double>>("x");
    QTest::addColumn<std::vector<double>>("y");
    QTest::addColumn<int>("knee");  // -1: none
    // y - x: 0.55, 0.4, 0.2
    QTest::newRow("early") << std::vector<double>{0, 1, 2, 3, 4} << std::vector<double>{0, 0.8, 0.9, 0.95, 1} << 1;
    // x 0 .. 1 by 0.2: y - x = -0.1, -0.2, 0.3, 0.15
    QTest::newRow("late") << std::vector<double>{0, 1, 2, 3, 4, 5} << std::vector<double>{0, 0.1, 0.2, 0.9, 0.95, 1} << 3;
    // Not scaled alike: x from 10 to 30, y from 40% to 100%: (0.5, 0.833) is 0.333 above.
    QTest::newRow("scaled") << std::vector<double>{10, 20, 30} << std::vector<double>{0.4, 0.9, 1.0} << 1;
    // Uneven x: scaled 0, 0.1, 0.5, 1 against 0, 0.5, 0.9, 1: 0.4, 0.4: the first.
    QTest::newRow("tie") << std::vector<double>{0, 1, 5, 10} << std::vector<double>{0, 0.5, 0.9, 1} << 1;
    QTest::newRow("straight") << std::vector<double>{0, 1, 2, 3} << std::vector<double>{0, 0.25, 0.5, 0.75} << -1;
    QTest::newRow("convex") << std::vector<double>{0, 1, 2, 3, 4} << std::vector<double>{0, 0.05, 0.1, 0.3, 1} << -1;
    QTest::newRow("flat") << std::vector<double>{0, 1, 2} << std::vector<double>{1, 1, 1} << -1;
    QTest::newRow("two points") << std::vector<double>{0, 1} << std::vector<double>{0, 1} << -1;
}

void TestAdvisor::knee()
{
    QFETCH(std::vector<double>, x);
    QFETCH(std::vector<double>, y);
    QFETCH(int, knee);
    const std::optional<std::size_t> got = kneeIndex(x, y);
    QCOMPARE(got ? int(*got) : -1, knee);
}

void TestAdvisor::kneeOfACurve()
{
    // token_bucket per 1 s at capacity 1, 10, 100, 1000: x = log10(v / 1 s) = 0, 1, 2, 3.
    // Keys kept (of 100): 10, 90, 95, 100: scaled 0, 0.889, 0.944, 1 against x 0, 0.333,
    // 0.667, 1: the knee is capacity 10. Requests of those keys (of 1000): 100, 200, 900,
    // 1000: scaled 0, 0.111, 0.889, 1: below the chord at 10, 0.222 above at 100.
    Recommendation rec;
    rec.algorithm = "token_bucket";
    rec.curve = {{1, 10, 0, 100, 0.1, 0}, {10, 90, 0, 200, 0.9, 0}, {100, 95, 0, 900, 0.95, 0}, {1000, 100, 0, 1000, 1, 0}};
    QCOMPARE(curveKnee(rec, AdvisorTarget::Keys, 100, kS), std::optional<std::size_t>{1});
    QCOMPARE(curveKnee(rec, AdvisorTarget::Requests, 1000, kS), std::optional<std::size_t>{2});
    // The window scales every x alike: the same knee.
    QCOMPARE(curveKnee(rec, AdvisorTarget::Keys, 100, kMicrosPerMinute), std::optional<std::size_t>{1});
    rec.algorithm = "no_such_algorithm";
    QCOMPARE(curveKnee(rec, AdvisorTarget::Keys, 100, kS), std::nullopt);
}

QTEST_GUILESS_MAIN(TestAdvisor)
#include "tst_advisor.moc"
