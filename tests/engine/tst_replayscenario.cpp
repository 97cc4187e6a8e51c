// "Replay with these limits": the scenario built from an advisor's result replays the log it
// was imported from and allows, per algorithm, exactly what the advisor counted, and the
// import options it carries by name set the same options again.

#include "engine/engine.h"
#include "engine/logs/logoptions.h"
#include "engine/scenario/replayscenario.h"
#include "engine/scenario/scenarioio.h"

#include <QtTest>

using namespace ratelab;

namespace {
const std::string kSample = RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log";

ImportOptions roundTrip(const ImportOptions& options)
{
    ImportOptions again;
    const auto named = logOptionsOf(options);
    const auto problems = applyLogOptions(named, again);
    if (!problems.empty())
        qWarning("%s: %s", problems.front().option.c_str(), problems.front().message.c_str());
    return again;
}
}  // namespace

class TestReplayScenario : public QObject {
    Q_OBJECT
private slots:
    void optionsByNameRoundTrip()
    {
        ImportOptions defaults;
        QVERIFY(logOptionsOf(defaults).empty());

        ImportOptions o;
        o.format = LogFormat::Combined;
        o.key.kind = KeyKind::IpEndpoint;
        o.key.forwarded = ForwardedChoice::Last;
        o.key.trustedProxies = {"10.0.0.0/8", "192.168.1.1"};
        o.key.apiKeyParam = "token";
        o.key.pathTemplates = true;
        o.parser.apiKeyField = "http_x_api_key";
        o.lookBackUs = 2'500'000;
        const ImportOptions r = roundTrip(o);
        QCOMPARE(r.format, LogFormat::Combined);
        QCOMPARE(r.key.kind, KeyKind::IpEndpoint);
        QCOMPARE(r.key.forwarded, ForwardedChoice::Last);
        QCOMPARE(r.key.trustedProxies, o.key.trustedProxies);
        QCOMPARE(r.key.apiKeyParam, std::string("token"));
        QVERIFY(r.key.pathTemplates);
        QCOMPARE(r.parser.apiKeyField, std::string("http_x_api_key"));
        QCOMPARE(r.lookBackUs, Duration{2'500'000});

        // An nginx log_format is carried alone: it implies the format.
        ImportOptions n;
        n.format = LogFormat::Nginx;
        n.parser.nginxLogFormat = "$remote_addr [$time_local] \"$request\" $status";
        const auto named = logOptionsOf(n);
        QCOMPARE(named.size(), std::size_t(1));
        QCOMPARE(named[0].name, std::string("log_format"));
        const ImportOptions rn = roundTrip(n);
        QCOMPARE(rn.format, LogFormat::Nginx);
        QCOMPARE(rn.parser.nginxLogFormat, n.parser.nginxLogFormat);
    }

    void replayAllowsWhatTheAdvisorCounted_data()
    {
        QTest::addColumn<int>("targetPpm");
        QTest::addColumn<bool>("byRequests");
        QTest::newRow("99% of keys") << 990'000 << false;
        QTest::newRow("90% of keys") << 900'000 << false;
        QTest::newRow("99.5% of requests") << 995'000 << true;
    }
    void replayAllowsWhatTheAdvisorCounted()
    {
        QFETCH(int, targetPpm);
        QFETCH(bool, byRequests);
        ImportOptions import;
        const RequestSet set = loadRequestsFromLog(kSample, import);
        AdvisorOptions options;
        options.targetPpm = targetPpm;
        options.by = byRequests ? AdvisorTarget::Requests : AdvisorTarget::Keys;
        const AdvisorResult advice = advise(set, options);
        QCOMPARE(advice.recommendations.size(), std::size_t(6));

        // Through JSON, as `ratelab-cli run` or the GUI's Save would see it.
        const Scenario built = replayScenario(advice, kSample, import);
        QVERIFY(validateScenario(built).empty());
        const Scenario scenario = loadScenario(saveScenario(built), "replay.json");
        QCOMPARE(scenario.start, advice.firstTime);
        // 10,000 lines over about 84 hours: hour buckets (84 points, within the 200 aimed at).
        QCOMPARE(scenario.metrics.bucket, kMicrosPerHour);
        const std::string keep = byRequests ? "keep 99.5% of requests never throttled"
            : targetPpm == 990'000          ? "keep 99% of keys never throttled"
                                            : "keep 90% of keys never throttled";
        QVERIFY2(scenario.description.find(keep) != std::string::npos, scenario.description.c_str());

        RunControl control;
        const Report report = runScenario(scenario, control);
        QCOMPARE(report.algorithms.size(), advice.recommendations.size());
        for (std::size_t i = 0; i < report.algorithms.size(); ++i) {
            const Recommendation& rec = advice.recommendations[i];
            const AlgorithmReport& a = report.algorithms[i];
            QCOMPARE(a.id, rec.algorithm);
            QCOMPARE(a.requests, rec.requests);
            QCOMPARE(a.requests, std::int64_t(set.requests.size()));
            QCOMPARE(a.requests - a.allowed, rec.requestsRejected);
            if (!byRequests)
                QVERIFY2(rec.requestsRejected > 0, "a target of keys below 100% rejects something here");
        }
        QCOMPARE(report.distinctClients, std::int64_t(set.keyCount()));
    }

    void nothingToReplay()
    {
        AdvisorResult empty;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, replayScenario(empty, kSample, ImportOptions{}));
    }
};

QTEST_GUILESS_MAIN(TestReplayScenario)
#include "tst_replayscenario.moc"
