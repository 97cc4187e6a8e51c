// The decision tree for choosing an algorithm (engine/choose): every leaf's path and
// recommendation as the tree in resources/docs/choosing.md draws it, the questions a walk
// cannot pass without, and the evidence figures against values derived by hand from the
// shipped scenarios' traffic and the algorithms' definitions.

#include "engine/choose/evidence.h"
#include "scenariotest.h"

#include <QtTest>

using namespace ratelab;
using namespace ratelab::choose;

namespace {

struct Expected {
    const char* name;
    Answers answers;
    std::vector<std::pair<Question, bool>> path;
    const char* leaf;
    const char* algorithm;
    std::optional<ExportTarget> target;
};

Answers answers(std::optional<bool> single, std::optional<bool> redis, std::optional<bool> exact,
                std::optional<std::int64_t> keys, std::optional<bool> database, std::optional<bool> bursts)
{
    Answers a;
    a.singleInstance = single;
    a.redis = redis;
    a.exact = exact;
    a.keys = keys;
    a.database = database;
    a.bursts = bursts;
    return a;
}

double seconds(const Report& r)
{
    return double(r.scenario.durationUs) / kMicrosPerSecond;
}

}  // namespace

class TestChoose : public QObject {
    Q_OBJECT
private slots:
    void everyLeaf();
    void withoutRedisACounterInMemcached();
    void burstsDefaultAndAsked();
    void missingAnswers();
    void exportsOfLeaves();
    void localLeakIsFourTimesTheLimit();
    void boundaryAttackWorstWindows();
    void zipfBytesPerKey();
    void getSetRaceAndRowLock();
    void pathEvidence();
    void counterAdversarialWorstWindow();
    void counterSteadyErrorIsSmall();
};

void TestChoose::everyLeaf()
{
    using Q = Question;
    const std::vector<Expected> cases = {
        {"one instance, bursts",
         answers(true, {}, {}, {}, {}, true),
         {{Q::Instances, true}, {Q::Bursts, true}},
         "token_bucket_memory",
         "token_bucket",
         ExportTarget::Envoy},
        {"one instance, smooth",
         answers(true, {}, {}, {}, {}, false),
         {{Q::Instances, true}, {Q::Bursts, false}},
         "leaky_bucket_memory",
         "leaky_bucket",
         ExportTarget::Nginx},
        {"redis, exact",
         answers(false, true, true, {}, {}, {}),
         {{Q::Instances, false}, {Q::Redis, true}, {Q::Exact, true}},
         "sliding_log_redis",
         "sliding_window_log",
         ExportTarget::RedisLua},
        {"redis, many keys",
         answers(false, true, false, 100'001, {}, {}),
         {{Q::Instances, false}, {Q::Redis, true}, {Q::Exact, false}, {Q::Keys, true}},
         "gcra_redis",
         "gcra",
         ExportTarget::RedisLua},
        {"redis, 100k keys exactly",
         answers(false, true, false, 100'000, {}, {}),
         {{Q::Instances, false}, {Q::Redis, true}, {Q::Exact, false}, {Q::Keys, false}},
         "sliding_counter_redis",
         "sliding_window_counter",
         ExportTarget::RedisLua},
        {"database",
         answers(false, false, {}, {}, true, {}),
         {{Q::Instances, false}, {Q::Redis, false}, {Q::Database, true}},
         "fixed_window_database",
         "fixed_window",
         std::nullopt},
        {"gateway, bursts",
         answers(false, false, {}, {}, false, {}),
         {{Q::Instances, false}, {Q::Redis, false}, {Q::Database, false}},
         "gateway",
         "token_bucket",
         ExportTarget::Envoy},
        {"gateway, smooth",
         answers(false, false, {}, {}, false, false),
         {{Q::Instances, false}, {Q::Redis, false}, {Q::Database, false}},
         "gateway",
         "leaky_bucket",
         ExportTarget::Nginx},
    };
    for (const Expected& c : cases) {
        const Walk w = walk(c.answers);
        QVERIFY2(w.recommendation && !w.missing, c.name);
        QCOMPARE(w.path.size(), c.path.size());
        for (std::size_t i = 0; i < c.path.size(); ++i) {
            QVERIFY2(w.path[i].question == c.path[i].first, c.name);
            QVERIFY2(w.path[i].yes == c.path[i].second, c.name);
        }
        QCOMPARE(w.recommendation->leaf, std::string(c.leaf));
        QCOMPARE(w.recommendation->algorithm, std::string(c.algorithm));
        QVERIFY2(w.recommendation->exportTarget == c.target, c.name);
        QVERIFY(!w.recommendation->storage.empty() && !w.recommendation->keyStrategy.empty());
    }
    // Answers the path does not ask are ignored: a single instance never reaches Redis.
    const Walk w = walk(answers(true, false, true, 5, false, true));
    QCOMPARE(w.recommendation->leaf, std::string("token_bucket_memory"));
}

void TestChoose::withoutRedisACounterInMemcached()
{
    // Without Redis the question asks for a database or Memcached, and the leaf's fixed window
    // may live in either: Memcached keeps a counter per window exactly by add, then incr.
    QVERIFY(std::string(questionText(Question::Database).text).find("Memcached") != std::string::npos);
    const Walk w = walk(answers(false, false, {}, {}, true, {}));
    QCOMPARE(w.recommendation->algorithm, std::string("fixed_window"));
    QVERIFY2(w.recommendation->storage.find("Memcached, one key per window: add, then incr") != std::string::npos,
             w.recommendation->storage.c_str());
    QVERIFY(exportSnippet(*w.recommendation).find("Memcached") != std::string::npos);
}

void TestChoose::burstsDefaultAndAsked()
{
    Answers a = answers(true, {}, {}, {}, {}, {});
    Walk w = walk(a);
    QCOMPARE(w.recommendation->algorithm, std::string("token_bucket"));
    QVERIFY(w.path.back().defaulted);
    a.burstsByDefault = false;  // the GUI's guide asks
    w = walk(a);
    QVERIFY(!w.recommendation);
    QVERIFY(w.missing == Question::Bursts);
}

void TestChoose::missingAnswers()
{
    QVERIFY(walk(Answers{}).missing == Question::Instances);
    QVERIFY(walk(answers(false, {}, {}, {}, {}, {})).missing == Question::Redis);
    QVERIFY(walk(answers(false, true, {}, {}, {}, {})).missing == Question::Exact);
    QVERIFY(walk(answers(false, true, false, {}, {}, {})).missing == Question::Keys);
    QVERIFY(walk(answers(false, false, {}, {}, {}, {})).missing == Question::Database);
    QCOMPARE(std::string(questionText(Question::Keys).flag), std::string("--keys"));
}

void TestChoose::exportsOfLeaves()
{
    Answers a = answers(false, true, false, 2'000'000, {}, {});
    a.limit = 50;
    a.per = "m";
    const Walk w = walk(a);
    QCOMPARE(w.recommendation->params.at("rate"), std::string("50/m"));
    QCOMPARE(w.recommendation->params.at("burst"), std::string("50"));
    // The snippet is `ratelab-cli export`'s text for the same limit.
    QCOMPARE(exportSnippet(*w.recommendation), exportLimit("gcra", {{"rate", "50/m"}, {"burst", "50"}}, ExportTarget::RedisLua));
    const Walk db = walk(answers(false, false, {}, {}, true, {}));
    QVERIFY(exportSnippet(*db.recommendation).find("No export") == 0);
}

// cluster-local-leak: 1,000 requests/s round-robin over 4 instances, a token bucket of 100
// and 100/s on each. Each instance is always overloaded (250/s), so it admits its full bucket
// and then the refill: 100 + 100 T, four times over; the limit is 100 T. Ratio 4 (1 + 1/T).
// The atomic store admits 100 + 100 T once: 1 + 1/T.
void TestChoose::localLeakIsFourTimesTheLimit()
{
    RunControl control;
    const EvidenceFigure f = measureEvidence(Evidence::LocalLeak, control);
    QCOMPARE(f.scenario, std::string("cluster-local-leak"));
    const double t = double(f.ranUs) / kMicrosPerSecond;
    QCOMPARE(t, 60.0);
    QCOMPARE(f.rows.size(), std::size_t(2));
    QVERIFY2(std::abs(f.rows[0].value - 4 * (1 + 1 / t)) < 0.01, std::to_string(f.rows[0].value).c_str());
    QVERIFY2(std::abs(f.rows[1].value - (1 + 1 / t)) < 0.01, std::to_string(f.rows[1].value).c_str());
    QVERIFY(f.headline.find("4.07x") != std::string::npos);
}

// boundary-attack: 10 requests 10 ms apart over [b - 100 ms, b) and 10 over [b, b + 100 ms),
// a limit of 10 per 1 s. Fixed window: all 20 in 200 ms, 2.00. Log: 1.00. Sliding counter:
// the 10 before b fill the window; after b the estimate is floor(10 (W - e) / W) + current:
// at e = 0 it is 10 (refused), at e = 10 ms to 90 ms it is 9, so one more passes: 1.10.
// Token bucket (10, 10/s): full at b - 100 ms, 10 admitted while 0.9 tokens return, the
// request at b finds exactly 1.0, later ones less: 11, 1.10.
void TestChoose::boundaryAttackWorstWindows()
{
    RunControl control;
    const EvidenceFigure f = measureEvidence(Evidence::BoundaryAttack, control);
    std::map<std::string, double> ratio;
    for (const EvidenceRow& row : f.rows)
        ratio[row.label] = row.value;
    QCOMPARE(ratio.at("fixed_window"), 2.0);
    QCOMPARE(ratio.at("sliding_window_log"), 1.0);
    QCOMPARE(ratio.at("sliding_window_counter"), 1.1);
    QCOMPARE(ratio.at("token_bucket"), 1.1);
}

// The model's state per key (report.md): 8 bytes for GCRA's TAT, 16 for token bucket, leaky
// bucket and sliding counter; the sliding log costs 24 + 8 x its ring's capacity (>= 1).
void TestChoose::zipfBytesPerKey()
{
    RunControl control;
    const EvidenceFigure f = measureEvidence(Evidence::ZipfMemory, control, 5 * kMicrosPerSecond);
    QCOMPARE(f.ranUs, 5 * kMicrosPerSecond);
    QCOMPARE(f.scenarioUs, 30 * kMicrosPerSecond);
    std::map<std::string, double> bytes;
    for (const EvidenceRow& row : f.rows)
        bytes[row.label] = row.value;
    QCOMPARE(bytes.at("gcra"), 8.0);
    QCOMPARE(bytes.at("token_bucket"), 16.0);
    QCOMPARE(bytes.at("leaky_bucket"), 16.0);
    QCOMPARE(bytes.at("sliding_window_counter"), 16.0);
    QVERIFY(bytes.at("sliding_window_log") >= 32.0);
    // In Redis the difference is gone: both scripts keep one small hash a key.
    QCOMPARE(bytes.at("gcra in Redis"), bytes.at("sliding_window_counter in Redis"));
}

void TestChoose::getSetRaceAndRowLock()
{
    const Report r = test::run(test::embedded("cluster-get-set-race"));
    const EvidenceFigure race = evidenceFromReport(Evidence::GetSetRace, r, r.scenario.durationUs);
    std::map<std::string, double> over;
    for (const EvidenceRow& row : race.rows)
        over[row.label] = row.value;
    QCOMPARE(over.at("atomic, 5 ms"), 0.0);
    // Each share is the lane's overshoot over the limit's 100 x T requests.
    QCOMPARE(over.at("get-set, 20 ms"),
             100.0 * double(test::lane(r, "get-set, 20 ms").cluster->globalLimitOvershoot) / (100 * seconds(r)));
    QVERIFY(0 < over.at("get-set, 1 ms") && over.at("get-set, 1 ms") < over.at("get-set, 5 ms")
            && over.at("get-set, 5 ms") < over.at("get-set, 20 ms"));
    const EvidenceFigure lock = evidenceFromReport(Evidence::RowLockLatency, r, r.scenario.durationUs);
    const AlgorithmReport& l = test::lane(r, "sql row lock, 1 ms");
    QCOMPARE(lock.rows.front().value, 100.0 * double(l.cluster->waitedOnStore) / double(l.requests));
    QVERIFY(lock.rows.front().value > 0);
}

void TestChoose::pathEvidence()
{
    // Several instances, no Redis, a database: two branches, both on cluster-get-set-race.
    const Walk w = walk(answers(false, false, {}, {}, true, {}));
    RunControl control;
    const std::vector<EvidenceFigure> figures = measurePath(w, control, 2 * kMicrosPerSecond);
    QCOMPARE(figures.size(), std::size_t(3));
    QCOMPARE(figures[0].scenario, std::string("cluster-local-leak"));
    QCOMPARE(figures[1].scenario, std::string("cluster-get-set-race"));
    QCOMPARE(figures[2].scenario, std::string("cluster-get-set-race"));
    QCOMPARE(figures[1].ranUs, 2 * kMicrosPerSecond);
    QCOMPARE(figures[1].scenarioUs, 60 * kMicrosPerSecond);
    QVERIFY(figures[1].evidence == Evidence::GetSetRace && figures[2].evidence == Evidence::RowLockLatency);
}

// counter-accuracy's attack alone: 100 requests 5 ms apart over [b - 500 ms, b) and 100 over
// [b, b + 500 ms), every 2 s, a limit of 100 per 1 s. The window before b is empty, so the
// first 100 pass. After b the sliding counter estimates floor(100 (W - e) / W) + current and
// admits while that plus 1 is at most 100: at e = 5 j ms the weighted part is 100 - ceil(j/2),
// so every odd j passes, 50 in all. The window (b + e - 1 s, b + e] still holds all 100 of
// the first burst, so the worst window is 150: 1.5 times the limit.
void TestChoose::counterAdversarialWorstWindow()
{
    const std::int64_t limit = 100, windowUs = 1'000'000, gapUs = 5'000;
    std::int64_t current = 0;
    for (std::int64_t j = 0; j < 100; ++j) {
        const std::int64_t e = j * gapUs;
        if ((limit * (windowUs - e)) / windowUs + current + 1 <= limit)
            ++current;
    }
    QCOMPARE(current, std::int64_t(50));
    const double expected = double(limit + current) / double(limit);  // 1.5

    Scenario s = test::embedded("counter-accuracy");
    QCOMPARE(s.traffic.size(), std::size_t(2));
    s.traffic.erase(s.traffic.begin());  // the attack alone
    const Report r = test::run(s);
    QCOMPARE(test::lane(r, "sliding_window_counter").peakBurst.ratio, expected);
    QCOMPARE(test::lane(r, "fixed_window").peakBurst.ratio, 2.0);  // all 200 within 1 s
    QCOMPARE(test::lane(r, "sliding_window_log").peakBurst.ratio, 1.0);
}

// The steady traffic alone: 1,000 keys of Poisson at 50 a second against 100 per second. A
// false allow needs 100 admitted within one second on a key, P(Poisson(50) >= 100) < 1e-9
// per window over 30,000 key-seconds: none. At a limit of 55 (91%) the counter errs often.
// With the attack, the error over all requests stays small while user-0's worst window is
// far above the limit.
void TestChoose::counterSteadyErrorIsSmall()
{
    Scenario s = test::embedded("counter-accuracy");
    s.traffic.pop_back();  // the steady traffic alone
    const Report steady = test::run(s);
    const AlgorithmReport& counter = test::lane(steady, "sliding_window_counter");
    QCOMPARE(counter.disagreement->falseAllow, std::int64_t(0));
    QVERIFY(counter.requests > 1'400'000);
    const AlgorithmReport& near = test::lane(steady, "sliding_window_counter, limit 55");
    QVERIFY(double(near.disagreement->falseAllow) / double(near.requests) > 0.01);

    const Report full = test::run(test::embedded("counter-accuracy"));
    const AlgorithmReport& attacked = test::lane(full, "sliding_window_counter");
    QVERIFY(double(attacked.disagreement->falseAllow) / double(attacked.requests) < 0.001);
    QCOMPARE(attacked.peakBurst.key, std::string("user-0"));
    QVERIFY(attacked.peakBurst.ratio > 1.2);
}

QTEST_APPLESS_MAIN(TestChoose)
#include "tst_choose.moc"
