// The scenario and report files as the app reads and writes them (scenariofiles.h), and the
// catalog's new entries (algorithmcatalog.h): names, problems and ids worked out from
// resources/scenarios, resources/docs/scenario.md and the catalog's parameter list.
#include "app/models/document/algorithmcatalog.h"
#include "app/models/document/scenariofiles.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <cstring>

using namespace ratelab;

namespace {

bool writeText(const QString& path, const QByteArray& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

AlgorithmSpec specWithId(const std::string& id)
{
    AlgorithmSpec a;
    a.id = id;
    a.algorithm = "token_bucket";
    return a;
}

}  // namespace

class TestScenarioFiles : public QObject {
    Q_OBJECT
private slots:
    // Every file of resources/scenarios is shipped under its base name; six run a cluster.
    void exampleNames()
    {
        QStringList files = QDir(QStringLiteral(RATELAB_SOURCE_DIR "/resources/scenarios")).entryList({QStringLiteral("*.json")});
        for (QString& f : files)
            f.chop(5);
        QStringList names = scenariofiles::exampleNames();
        names.sort();
        files.sort();
        QCOMPARE(names, files);
        QCOMPARE(names.size(), 17);
        QStringList cluster = scenariofiles::clusterExampleNames();
        cluster.sort();
        QCOMPARE(cluster,
                 (QStringList{"cluster-clock-skew", "cluster-get-set-race", "cluster-local-leak", "cluster-memcached",
                              "cluster-ntp-step", "cluster-redis-outage"}));
    }

    // flash-crowd.json: "name": "A flash crowd", "seed": 3.
    void loadExample()
    {
        const auto loaded = scenariofiles::loadExample(QStringLiteral("flash-crowd"));
        QVERIFY(loaded.scenario);
        QCOMPARE(loaded.scenario->name, std::string("A flash crowd"));
        QCOMPARE(loaded.scenario->seed, quint64(3));
        QVERIFY(loaded.problems.isEmpty());

        const auto unknown = scenariofiles::loadExample(QStringLiteral("no-such-example"));
        QVERIFY(!unknown.scenario);
        QVERIFY(!unknown.invalid);
        QCOMPARE(unknown.problems, QStringList{QStringLiteral("no shipped scenario is named \"no-such-example\"")});
    }

    void loadDefault()
    {
        const auto loaded = scenariofiles::loadDefault();
        QVERIFY(loaded.scenario);
        const auto example = scenariofiles::loadExample(QStringLiteral("default"));
        QVERIFY(example.scenario);
        QCOMPARE(scenariofiles::scenarioJson(*loaded.scenario), scenariofiles::scenarioJson(*example.scenario));
    }

    // A scenario with no traffic and algorithms that are not a list: scenario.md requires at
    // least one traffic source and a list of algorithms, so both paths are named.
    void loadFileProblems()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(writeText(path, R"({"schema": "ratelab.scenario/1", "algorithms": 3})"));
        const auto loaded = scenariofiles::loadFile(path);
        QVERIFY(!loaded.scenario);
        QVERIFY(loaded.invalid);
        QCOMPARE(loaded.source, path);
        QCOMPARE(loaded.problems.size(), 2);
        QVERIFY2(loaded.problems[0].startsWith(QStringLiteral("traffic: ")), qPrintable(loaded.problems[0]));
        QVERIFY2(loaded.problems[1].startsWith(QStringLiteral("algorithms: ")), qPrintable(loaded.problems[1]));
    }

    void loadFileMissing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("missing.json"));
        const auto loaded = scenariofiles::loadFile(path);
        QVERIFY(!loaded.scenario);
        QCOMPARE(loaded.problems.size(), 1);
        QVERIFY2(loaded.problems[0].contains(QString::fromLocal8Bit(std::strerror(ENOENT))), qPrintable(loaded.problems[0]));
    }

    // Saved and loaded again, a scenario saves to the same bytes, with its schema.
    void scenarioJsonRoundTrip()
    {
        const auto example = scenariofiles::loadExample(QStringLiteral("zipf-keys"));
        QVERIFY(example.scenario);
        const QByteArray json = scenariofiles::scenarioJson(*example.scenario);
        QCOMPARE(QJsonDocument::fromJson(json).object().value(QStringLiteral("schema")).toString(),
                 QStringLiteral("ratelab.scenario/1"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("saved.json"));
        QVERIFY(writeText(path, json));
        const auto again = scenariofiles::loadFile(path);
        QVERIFY(again.scenario);
        QCOMPARE(scenariofiles::scenarioJson(*again.scenario), json);
        QCOMPARE(again.scenario->name, example.scenario->name);
    }

    void reportJson()
    {
        Report report;
        report.scenario.name = "r";
        const QJsonObject root = QJsonDocument::fromJson(scenariofiles::reportJson(report)).object();
        QCOMPARE(root.value(QStringLiteral("schema")).toString(), QStringLiteral("ratelab.report/1"));
    }

    // token_bucket: capacity and refill have no default (sample 10 and 5/s); refill_mode and
    // interval keep theirs. The id is the first of "token_bucket", "token_bucket 2", ... free.
    void newSpecTokenBucket()
    {
        const AlgorithmInfo* info = catalog::find("token_bucket");
        QVERIFY(info);
        Scenario s;
        AlgorithmSpec spec = catalog::newSpec(s, *info);
        QCOMPARE(spec.id, std::string("token_bucket"));
        QCOMPARE(spec.algorithm, std::string("token_bucket"));
        QCOMPARE(spec.params, (ParamValues{{"capacity", "10"}, {"refill", "5/s"}}));
        s.algorithms = {specWithId("token_bucket"), specWithId("token_bucket 2"), specWithId("token_bucket 4")};
        QCOMPARE(catalog::newSpec(s, *info).id, std::string("token_bucket 3"));
    }

    // envoy_local: max_tokens (10) and fill_interval (1s) are required; tokens_per_fill has
    // the default 1. gcra: rate 10/s and burst 5.
    void newSpecSamples()
    {
        Scenario s;
        QCOMPARE(catalog::newSpec(s, *catalog::find("envoy_local")).params,
                 (ParamValues{{"max_tokens", "10"}, {"fill_interval", "1s"}}));
        QCOMPARE(catalog::newSpec(s, *catalog::find("gcra")).params, (ParamValues{{"rate", "10/s"}, {"burst", "5"}}));
        // A new entry builds a limiter as it is.
        for (const AlgorithmInfo& info : catalog::entries()) {
            const AlgorithmSpec spec = catalog::newSpec(s, info);
            const auto problem = catalog::checkParams(spec.algorithm, spec.params);
            QVERIFY2(
                !problem,
                qPrintable(QString::fromStdString(info.name) + QStringLiteral(": ") + (problem ? problem->reason : QString())));
        }
    }
};

QTEST_MAIN(TestScenarioFiles)
#include "tst_scenariofiles.moc"
