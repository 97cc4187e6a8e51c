// Limits by endpoint: the scenario fields (per_endpoint, a source's own endpoints) with their
// problems, keys per user or API key and endpoint, each source's endpoint mix, the report's
// breakdown by endpoint, and the endpoint-tiers scenario's figures derived by hand.

#include "scenariotest.h"

#include "engine/engine.h"
#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"
#include "engine/traffic/population.h"
#include "engine/traffic/source.h"

#include <QtTest>

#include <array>
#include <cmath>
#include <set>

using namespace ratelab;

class TestEndpoints : public QObject {
    Q_OBJECT

private slots:
    void badInputNamesItsPath_data();
    void badInputNamesItsPath();
    void savedScenarioLoadsTheSame();
    void keysPerUserOrApiKeyAndEndpoint();
    void eachSourceDrawsItsOwnMix();
    void patternLimitsKeepAKeyPerEndpoint();
    void endpointTiersFiguresByHand();
    void reportBreaksDownByEndpoint();
};

namespace {

using test::problemsOf;

const std::string kEndpoints =
    R"("endpoints": [{"path": "/search"}, {"path": "/health"}, {"method": "POST", "path": "/items"}, {"path": "/items"}])";

// A scenario with kEndpoints, `source` as its traffic and `algorithm` as its algorithm.
std::string withEndpoints(const std::string& source, const std::string& algorithm, const std::string& more = "")
{
    return R"({"duration": "10s", )" + kEndpoints + R"(, "traffic": [)" + source + R"(], "algorithms": [)" + algorithm + "]"
        + more + "}";
}

const std::string kPoisson = R"({"kind": "poisson", "rate": "10/s"})";
const std::string kFixed = R"({"algorithm": "fixed_window", "params": {"limit": 10, "window": "10s"}, "keys": "user_endpoint")";

}  // namespace

void TestEndpoints::badInputNamesItsPath_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, const std::string& json, const char* path, const char* message) {
        QTest::newRow(name) << QString::fromStdString(json) << path << message;
    };
    row("per_endpoint without endpoint keys",
        withEndpoints(kPoisson,
                      R"({"algorithm": "fixed_window", "keys": "user", "per_endpoint": [{"path": "/search", "params": {}}]})"),
        "algorithms[0].per_endpoint", "needs keys by endpoint");
    row("pattern matching nothing", withEndpoints(kPoisson, kFixed + R"(, "per_endpoint": [{"path": "/nope", "params": {}}]})"),
        "algorithms[0].per_endpoint[0].path", "matches no endpoint");
    row("pattern shadowed by an earlier one",
        withEndpoints(kPoisson,
                      kFixed + R"(, "per_endpoint": [{"path": "/*", "params": {}}, {"path": "/health", "params": {}}]})"),
        "algorithms[0].per_endpoint[1].path", "matches no endpoint that an earlier entry has not taken");
    row("limit without params", withEndpoints(kPoisson, kFixed + R"(, "per_endpoint": [{"path": "/search"}]})"),
        "algorithms[0].per_endpoint[0].params", "missing");
    row("limit without path", withEndpoints(kPoisson, kFixed + R"(, "per_endpoint": [{"params": {}}]})"),
        "algorithms[0].per_endpoint[0].path", "missing");
    row("bad limit parameter",
        withEndpoints(kPoisson, kFixed + R"(, "per_endpoint": [{"path": "/search", "params": {"limit": 0}}]})"),
        "algorithms[0].per_endpoint[0].params.limit", "limit");
    row("unknown field in a limit",
        withEndpoints(kPoisson, kFixed + R"(, "per_endpoint": [{"path": "/search", "params": {}, "burst": 1}]})"),
        "algorithms[0].per_endpoint[0].burst", "unknown field");
    row("per_endpoint not an array", withEndpoints(kPoisson, kFixed + R"(, "per_endpoint": {"/search": {}}})"),
        "algorithms[0].per_endpoint", "must be an array");
    row("per_endpoint in a cluster",
        withEndpoints(kPoisson, kFixed + R"(, "per_endpoint": [{"path": "/search", "params": {}}]})",
                      R"(, "cluster": {"instances": 2})"),
        "algorithms[0].per_endpoint", "a cluster run does not simulate limits per endpoint");
    row("source names no endpoint",
        withEndpoints(R"({"kind": "poisson", "rate": "1/s", "endpoints": [{"path": "/nope"}]})", kFixed + "}"),
        "traffic[0].endpoints[0]", "no endpoint '/nope'");
    row("source names a path two endpoints have",
        withEndpoints(R"({"kind": "poisson", "rate": "1/s", "endpoints": [{"path": "/items"}]})", kFixed + "}"),
        "traffic[0].endpoints[0].method", "two of the scenario's endpoints have the path '/items'");
    row("source names a method no endpoint has",
        withEndpoints(R"({"kind": "poisson", "rate": "1/s", "endpoints": [{"method": "PUT", "path": "/items"}]})", kFixed + "}"),
        "traffic[0].endpoints[0]", "no endpoint 'PUT /items'");
    row("source weights add up to 0",
        withEndpoints(R"({"kind": "poisson", "rate": "1/s", "endpoints": [{"path": "/search", "weight": 0}]})", kFixed + "}"),
        "traffic[0].endpoints", "the weights add up to 0");
    row("source with an empty mix", withEndpoints(R"({"kind": "poisson", "rate": "1/s", "endpoints": []})", kFixed + "}"),
        "traffic[0].endpoints", "is empty");
    row("source endpoint without path",
        withEndpoints(R"({"kind": "poisson", "rate": "1/s", "endpoints": [{"weight": 2}]})", kFixed + "}"),
        "traffic[0].endpoints[0].path", "missing");
    row("negative weight",
        withEndpoints(R"({"kind": "poisson", "rate": "1/s", "endpoints": [{"path": "/search", "weight": -1}]})", kFixed + "}"),
        "traffic[0].endpoints[0].weight", "");
    row("endpoints on a trace",
        withEndpoints(R"({"kind": "trace", "file": "t.csv", "endpoints": [{"path": "/search"}]})", kFixed + "}"),
        "traffic[0].endpoints", "not used by a trace source");
    row("unknown key strategy", withEndpoints(kPoisson, R"({"algorithm": "fixed_window", "keys": "user:endpoint"})"),
        "algorithms[0].keys", "user_endpoint, api_key_endpoint");
}

void TestEndpoints::badInputNamesItsPath()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const QStringList problems = problemsOf(json.toStdString());
    bool found = false;
    for (const QString& p : problems)
        found = found || (p.startsWith(path + ": ") && p.contains(message));
    QVERIFY2(found, qPrintable(problems.join('\n')));
}

void TestEndpoints::savedScenarioLoadsTheSame()
{
    const Scenario s = test::embedded("endpoint-tiers");
    const Scenario again = loadScenario(saveScenario(s), "saved");
    QCOMPARE(saveScenario(again), saveScenario(s));
    QCOMPARE(again.algorithms[1].endpointLimits.size(), std::size_t{2});
    QCOMPARE(again.algorithms[1].endpointLimits[0].path, std::string("/search"));
    QCOMPARE(again.algorithms[1].endpointLimits[0].params.at("limit"), std::string("60"));
    QCOMPARE(again.traffic[0].endpoints.size(), std::size_t{1});
    QCOMPARE(again.traffic[0].endpoints[0].path, std::string("/search"));
}

void TestEndpoints::keysPerUserOrApiKeyAndEndpoint()
{
    PopulationSpec spec;
    spec.clients = 3;
    spec.nat = {3, 1};  // all three behind one IP: per-IP keys would merge them
    const std::vector<EndpointSpec> endpoints = {{"GET", "/search", 1, 1}, {"GET", "/health", 1, 1}};
    const Population population(spec, endpoints);
    QCOMPARE(population.keySpace(KeyStrategy::UserEndpoint), std::size_t{6});
    std::set<KeyId> keys;
    for (std::uint32_t c = 0; c < 3; ++c) {
        for (std::uint32_t e = 0; e < 2; ++e) {
            const KeyId key = population.keyOf(KeyStrategy::UserEndpoint, c, e);
            QVERIFY(key < 6);
            keys.insert(key);
            QCOMPARE(population.keyOf(KeyStrategy::ApiKeyEndpoint, c, e), key);
        }
    }
    QCOMPARE(keys.size(), std::size_t{6});  // one per user and endpoint
    QCOMPARE(population.keyName(KeyStrategy::UserEndpoint, population.keyOf(KeyStrategy::UserEndpoint, 2, 1)),
             std::string("user-2:GET:/health"));
    QCOMPARE(population.keyName(KeyStrategy::ApiKeyEndpoint, population.keyOf(KeyStrategy::ApiKeyEndpoint, 1, 0)),
             std::string("key-1:GET:/search"));
    // Per IP and endpoint, the three users share one key per endpoint.
    QCOMPARE(population.keyOf(KeyStrategy::Endpoint, 0, 1), population.keyOf(KeyStrategy::Endpoint, 2, 1));
}

void TestEndpoints::eachSourceDrawsItsOwnMix()
{
    const Scenario s =
        loadScenario(withEndpoints(R"({"kind": "poisson", "rate": "10/s", "endpoints": [{"path": "/search", "weight": 3},
        {"method": "POST", "path": "/items", "weight": 1}]}, {"kind": "poisson", "rate": "10/s"})",
                                   kFixed + "}"),
                     "mix");
    const Population population(s.population, s.endpoints);
    KeyInterner recorded;
    constexpr int kDraws = 40'000;
    // Source 0: only /search (index 0) and POST /items (index 2), 3 to 1.
    auto own = makeSource(s.traffic[0], s.seed, 0, population, 0, recorded);
    std::array<int, 4> counts{};
    Arrival a;
    for (int i = 0; i < kDraws; ++i) {
        QVERIFY(own->next(a));
        ++counts[a.endpoint];
    }
    QCOMPARE(counts[1] + counts[3], 0);
    // A binomial count with p = 3/4: within 5 standard deviations of its mean.
    const double sd = std::sqrt(kDraws * 0.75 * 0.25);
    QVERIFY2(std::abs(counts[0] - 0.75 * kDraws) < 5 * sd, qPrintable(QString::number(counts[0])));
    // Source 1 has no mix of its own: the scenario's four endpoints, equally weighted.
    auto shared = makeSource(s.traffic[1], s.seed, 0, population, 1, recorded);
    counts = {};
    for (int i = 0; i < kDraws; ++i) {
        QVERIFY(shared->next(a));
        ++counts[a.endpoint];
    }
    const double sdQuarter = std::sqrt(kDraws * 0.25 * 0.75);
    for (int e = 0; e < 4; ++e)
        QVERIFY2(std::abs(counts[std::size_t(e)] - 0.25 * kDraws) < 5 * sdQuarter,
                 qPrintable(QString::number(counts[std::size_t(e)])));
}

// A pattern's limit applies to each endpoint it matches, each under a key of its own.
void TestEndpoints::patternLimitsKeepAKeyPerEndpoint()
{
    const std::string json = R"({"duration": "10s", "population": {"clients": 1},
        "endpoints": [{"path": "/api/a"}, {"path": "/api/b"}, {"path": "/other"}],
        "traffic": [{"kind": "constant", "rate": "1/s", "endpoints": [{"path": "/api/a"}]},
                    {"kind": "constant", "rate": "1/s", "endpoints": [{"path": "/api/b"}]},
                    {"kind": "constant", "rate": "1/s", "endpoints": [{"path": "/other"}]}],
        "algorithms": [{"algorithm": "fixed_window", "params": {"limit": 5, "window": "10s"}, "keys": "api_key_endpoint",
                        "per_endpoint": [{"path": "/api/*", "params": {"limit": 3}}]}]})";
    const Report r = test::run(loadScenario(json, "pattern"));
    const std::vector<EndpointStats>& e = r.algorithms.front().endpoints;
    QCOMPARE(e.size(), std::size_t{3});
    // 10 requests each (1/s for 10 s) into one 10 s window: min(10, limit) pass.
    QCOMPARE(e[0].endpoint, std::string("GET /api/a"));
    QCOMPARE(e[0].limit, std::string("/api/*"));
    QCOMPARE(e[0].allowed, 3);
    QCOMPARE(e[1].allowed, 3);  // not 0: /api/b's key is its own, not /api/a's
    QCOMPARE(e[2].limit, std::string());
    QCOMPARE(e[2].allowed, 5);
    for (const EndpointStats& s : e) {
        QCOMPARE(s.requests, 10);
        QCOMPARE(s.rejected, s.requests - s.allowed);
    }
}

// endpoint-tiers, by hand. One 60 s fixed window covers the run. The busy user sends
// searches at s = 2/s and health checks at h = 1/s, the quiet user health checks at 1/s and
// /items at 0.25/s. Under one limit L = 90 per user, the busy user's requests before t number
// (s + h) t, so the window fills at T = L / (s + h) = 30 s: s T searches and h T health checks
// pass, everything after is rejected. The quiet user's 60 + 15 = 75 stay under L. Per endpoint,
// each (user, endpoint) key has its own limit: /search min(s D, 60), /health min(h D, 1000),
// /items min(15, 90).
void TestEndpoints::endpointTiersFiguresByHand()
{
    const Scenario scenario = test::embedded("endpoint-tiers");
    const Report r = test::run(scenario);
    const double s = 2, h = 1, quietHealth = 1, quietItems = 0.25, D = 60, L = 90;
    const auto n = [](double v) { return static_cast<std::int64_t>(std::llround(v)); };
    const double T = L / (s + h);
    struct Expected {
        const char* endpoint;
        std::int64_t requests, allowedPerUser, allowedPerEndpoint;
    };
    const Expected expected[] = {
        {"GET /search", n(s * D), n(s * T), n(std::min(s * D, 60.0))},
        {"GET /health", n((h + quietHealth) * D), n(h * T + quietHealth * D), n(std::min(h * D, 1000.0) + quietHealth * D)},
        {"GET /items", n(quietItems * D), n(quietItems * D), n(std::min(quietItems * D, L))},
    };
    const std::vector<EndpointStats>& perUser = test::lane(r, "per user").endpoints;
    const std::vector<EndpointStats>& perEndpoint = test::lane(r, "per user and endpoint").endpoints;
    QCOMPARE(perUser.size(), std::size_t{3});
    QCOMPARE(perEndpoint.size(), std::size_t{3});
    for (std::size_t i = 0; i < 3; ++i) {
        QCOMPARE(perUser[i].endpoint, std::string(expected[i].endpoint));
        QCOMPARE(perUser[i].requests, expected[i].requests);
        QCOMPARE(perUser[i].allowed, expected[i].allowedPerUser);
        QCOMPARE(perUser[i].rejected, expected[i].requests - expected[i].allowedPerUser);
        QCOMPARE(perEndpoint[i].requests, expected[i].requests);
        QCOMPARE(perEndpoint[i].allowed, expected[i].allowedPerEndpoint);
        QCOMPARE(perEndpoint[i].allowedCost, expected[i].allowedPerEndpoint);  // cost 1 each
    }
    QCOMPARE(perEndpoint[0].limit, std::string("/search"));
    QCOMPARE(perEndpoint[1].limit, std::string("/health"));
    QCOMPARE(perEndpoint[2].limit, std::string());
    QCOMPARE(perUser[1].limit, std::string());
    // The totals agree with the breakdown.
    const AlgorithmReport& a = test::lane(r, "per user");
    QCOMPARE(a.allowed, perUser[0].allowed + perUser[1].allowed + perUser[2].allowed);
    QCOMPARE(a.requests, perUser[0].requests + perUser[1].requests + perUser[2].requests);
}

void TestEndpoints::reportBreaksDownByEndpoint()
{
    const std::string withBreakdown = reportJson(test::run(test::embedded("endpoint-tiers")));
    QVERIFY(withBreakdown.find(R"("endpoint": "GET /search")") != std::string::npos);
    QVERIFY(withBreakdown.find(R"("limit": "/search")") != std::string::npos);
    QVERIFY(withBreakdown.find(R"("limit": null)") != std::string::npos);
    for (const char* field :
         {"\"requests\": 120", "\"rejected\": 60", "\"allowed_cost\"", "\"rejected_cost\"", "\"acceptance\": 0.5"})
        QVERIFY2(withBreakdown.find(field) != std::string::npos, field);
    // One endpoint: no breakdown, the report as before.
    const std::string without = reportJson(test::run(test::embedded("steady-poisson")));
    QVERIFY(without.find("\"endpoints\"") == std::string::npos);
}

QTEST_GUILESS_MAIN(TestEndpoints)
#include "tst_endpoints.moc"
