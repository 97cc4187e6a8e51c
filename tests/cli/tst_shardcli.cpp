// `ratelab-cli run --shard i/N` and `merge`, as resources/docs/scale.md runs them: four shards
// of shipped scenarios fanned out by GNU parallel on this machine, merged, give the whole
// run's report.json and series.csv byte for byte (the report has no wall-clock field). Also
// import and recommend by shard against a hash computed here, and every refusal: scenarios
// whose keys are coupled, malformed --shard, shards of other runs, a shard missing.

#include "processrun.h"

#include <QtTest>

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>

class TestShardCli : public QObject {
    Q_OBJECT

private slots:
    void mergedShardsAreTheWholeRun_data();
    void mergedShardsAreTheWholeRun();
    void refusesCoupledScenarios_data();
    void refusesCoupledScenarios();
    void refusesMalformedShards();
    void refusesShardsOfOtherRuns();
    void importAndRecommendByShard();
    void kubernetesManifestsCommands();
};

namespace {

const QString kCli = QStringLiteral(RATELAB_CLI_PATH);

ratelab::test::TextRun run(const QStringList& args, int timeoutMs = 120000)
{
    return ratelab::test::runText(kCli, args, {}, timeoutMs);
}

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing " + path.toUtf8() + ">");
}

// FNV-1a 64 written out again here (offset basis and prime from the FNV specification).
quint64 fnv(const QByteArray& bytes)
{
    quint64 h = 14695981039346656037ull;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return h;
}

// Shards 0..n-1 of `scenario` into dir/0 .. dir/n-1 with GNU parallel, as scale.md does.
void runShards(const QString& scenario, const QString& dir, int n, const QStringList& extra = {})
{
    const QString parallel = QStandardPaths::findExecutable(QStringLiteral("parallel"));
    QVERIFY2(!parallel.isEmpty(), "GNU parallel is missing: .ci/install-deps installs it (Debian package parallel)");
    QStringList args{QStringLiteral("--will-cite"), QStringLiteral("--halt"),
                     QStringLiteral("now,fail=1"),  kCli,
                     QStringLiteral("run"),         scenario};
    args << extra << QStringLiteral("--shard") << QStringLiteral("{}/%1").arg(n) << QStringLiteral("--out") << dir + "/{}"
         << QStringLiteral(":::");
    for (int i = 0; i < n; ++i)
        args << QString::number(i);
    const ratelab::test::TextRun r = ratelab::test::runText(parallel, args, {}, 300000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
}

QStringList shardDirs(const QString& dir, int n)
{
    QStringList dirs;
    for (int i = 0; i < n; ++i)
        dirs << dir + "/" + QString::number(i);
    return dirs;
}

}  // namespace

void TestShardCli::mergedShardsAreTheWholeRun_data()
{
    QTest::addColumn<QString>("scenario");
    for (const char* name : {"default", "zipf-keys", "retry-storm", "endpoint-tiers"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestShardCli::mergedShardsAreTheWholeRun()
{
    QFETCH(QString, scenario);
    QTemporaryDir tmp;
    const QString dir = tmp.path();
    QCOMPARE(run({QStringLiteral("run"), scenario, QStringLiteral("--out"), dir + "/whole"}).exitCode, 0);
    runShards(scenario, dir, 4);
    if (QTest::currentTestFailed())
        return;
    const ratelab::test::TextRun merged =
        run(QStringList{QStringLiteral("merge")} << shardDirs(dir, 4) << QStringLiteral("--out") << dir + "/merged");
    QVERIFY2(merged.exitCode == 0, qPrintable(merged.err));
    for (const char* file : {"/report.json", "/series.csv"})
        QVERIFY2(fileBytes(dir + "/merged" + file) == fileBytes(dir + "/whole" + file), file);
    // Each shard decided a part of the requests, and none decided them all.
    const QByteArray whole = fileBytes(dir + "/whole/report.json");
    for (const QString& shard : shardDirs(dir, 4))
        QVERIFY(fileBytes(shard + "/report.json") != whole);
}

void TestShardCli::refusesCoupledScenarios_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("why");
    QTest::newRow("cluster") << "cluster-redis-outage"
                             << "a cluster couples its keys";
    QTest::newRow("backend") << "limit-after-work"
                             << "its backend model's workers serve every key";
    QTest::newRow("connections") << "websocket-messages"
                                 << "a connections source keys each connection";
}

void TestShardCli::refusesCoupledScenarios()
{
    QFETCH(QString, scenario);
    QFETCH(QString, why);
    const ratelab::test::TextRun r = run({QStringLiteral("run"), scenario, QStringLiteral("--shard"), QStringLiteral("1/4")});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(r.err.startsWith("ratelab-cli: run: --shard: " + scenario + ".json (embedded) cannot be split by key: " + why),
             qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

void TestShardCli::refusesMalformedShards()
{
    for (const char* shard : {"4/4", "1", "a/4", "0/0", "1/-3", " 1/4"}) {
        const ratelab::test::TextRun r = run({QStringLiteral("run"), QStringLiteral("--shard"), QString::fromLatin1(shard)});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(QStringLiteral("--shard ") + shard), qPrintable(r.err));
    }
}

void TestShardCli::refusesShardsOfOtherRuns()
{
    QTemporaryDir tmp;
    const QString dir = tmp.path();
    runShards(QStringLiteral("retry-storm"), dir + "/a", 2);
    runShards(QStringLiteral("retry-storm"), dir + "/b", 2, {QStringLiteral("--seed"), QStringLiteral("5")});
    runShards(QStringLiteral("steady-poisson"), dir + "/c", 2);
    runShards(QStringLiteral("retry-storm"), dir + "/d", 3);
    QCOMPARE(run({QStringLiteral("run"), QStringLiteral("retry-storm"), QStringLiteral("--out"), dir + "/whole"}).exitCode, 0);
    const auto refused = [&](const QStringList& dirs, const QString& expected) {
        const ratelab::test::TextRun r =
            run(QStringList{QStringLiteral("merge")} << dirs << QStringLiteral("--out") << dir + "/m");
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir + "/m/report.json"));
    };
    refused({dir + "/a/0", dir + "/b/1"}, QStringLiteral("different seeds (9 vs 5)"));
    refused({dir + "/a/0", dir + "/c/1"},
            QStringLiteral("different scenarios (Retry storm: ignoring Retry-After versus honouring it vs Steady Poisson"));
    refused({dir + "/a/0", dir + "/d/1", dir + "/d/2"}, QStringLiteral("different shard counts (2 vs 3)"));
    refused({dir + "/d/0", dir + "/d/2"}, QStringLiteral("merge: shard 1/3 is missing: a merge needs all 3 shards of the run"));
    refused({dir + "/a/0", dir + "/a/0", dir + "/a/1"}, QStringLiteral("shard 0/2 given twice"));
    refused({dir + "/whole"}, QStringLiteral("a whole run's report, not a shard's"));
    refused({dir + "/a/0", dir + "/nowhere"}, QStringLiteral("nowhere/report.json: cannot be read"));
}

void TestShardCli::importAndRecommendByShard()
{
    const QString log = QStringLiteral(RATELAB_TEST_DATA "/logs/nasa_ksc_19950801_first-hour.tsv");
    QVERIFY(QFile::exists(log));
    const ratelab::test::TextRun whole = run({QStringLiteral("import"), log});
    QCOMPARE(whole.exitCode, 0);
    QStringList rest = whole.out.split('\n', Qt::SkipEmptyParts).mid(1);
    QSet<QString> keys;
    qint64 keptRequests = 0;
    for (int i = 0; i < 3; ++i) {
        const QString shard = QStringLiteral("%1/3").arg(i);
        const ratelab::test::TextRun part = run({QStringLiteral("import"), log, QStringLiteral("--shard"), shard});
        QCOMPARE(part.exitCode, 0);
        const QStringList rows = part.out.split('\n', Qt::SkipEmptyParts).mid(1);
        QStringList ours;  // the whole trace's rows whose key hashes into shard i
        for (const QString& row : rest) {
            const QString key = row.section(',', 1, 1);
            if (fnv(key.toUtf8()) % 3 == static_cast<quint64>(i))
                ours << row, keys.insert(key);
        }
        QCOMPARE(rows, ours);
        const ratelab::test::TextRun advice =
            run({QStringLiteral("recommend"), log, QStringLiteral("--shard"), shard, QStringLiteral("--json")});
        if (ours.isEmpty()) {
            QCOMPARE(advice.exitCode, 2);
            continue;
        }
        QCOMPARE(advice.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(advice.out.toUtf8()).object();
        QCOMPARE(json["requests"].toInteger(), qint64(ours.size()));
        keptRequests += json["requests"].toInteger();
    }
    QCOMPARE(keptRequests, qint64(rest.size()));
    QVERIFY(keys.size() > 3);
}

namespace {

// The manifest's container command: the folded block under `args:`, joined as YAML folds it
// (lines joined by spaces), and its SCENARIO and SHARDS values.
struct ManifestCommand {
    QString script, scenario, shards;
};

ManifestCommand manifestCommand(const QString& file)
{
    const QStringList lines =
        QString::fromUtf8(fileBytes(QStringLiteral(RATELAB_SOURCE_DIR "/resources/k8s/") + file)).split('\n');
    ManifestCommand c;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line == QStringLiteral("- name: SCENARIO"))
            c.scenario = lines[i + 1].trimmed().section(' ', 1);
        if (line == QStringLiteral("- name: SHARDS"))
            c.shards = lines[i + 1].trimmed().section(' ', 1).remove('"');
        if (line == QStringLiteral("- >-")) {
            const qsizetype indent = lines[i].indexOf('-');
            QStringList folded;
            for (qsizetype j = i + 1; j < lines.size() && lines[j].indexOf(QRegularExpression(QStringLiteral("\\S"))) > indent;
                 ++j)
                folded << lines[j].trimmed();
            c.script = folded.join(' ');
        }
    }
    return c;
}

ratelab::test::TextRun shell(const QString& script, const QMap<QString, QString>& env)
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    e.insert(QStringLiteral("PATH"), QFileInfo(kCli).absolutePath() + ":" + e.value(QStringLiteral("PATH")));
    p.setProcessEnvironment(e);
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
    p.waitForFinished(300000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

// The Indexed Job's and the merge Job's commands, as their pods would run them (each pod's
// JOB_COMPLETION_INDEX set, /reports a directory here), give the whole run's report.
void TestShardCli::kubernetesManifestsCommands()
{
    const ManifestCommand shard = manifestCommand(QStringLiteral("ratelab-shards.yaml"));
    const ManifestCommand merge = manifestCommand(QStringLiteral("ratelab-merge.yaml"));
    QVERIFY2(shard.script.contains(QStringLiteral("--shard \"$JOB_COMPLETION_INDEX/$SHARDS\"")), qPrintable(shard.script));
    QCOMPARE(merge.scenario, shard.scenario);
    QCOMPARE(merge.shards, shard.shards);
    QVERIFY(fileBytes(QStringLiteral(RATELAB_SOURCE_DIR "/resources/k8s/ratelab-shards.yaml"))
                .contains("completions: " + shard.shards.toUtf8() + "\n  parallelism: " + shard.shards.toUtf8() + "\n"));
    QTemporaryDir tmp;
    const auto inHere = [&](const QString& script) { return QString(script).replace(QStringLiteral("/reports"), tmp.path()); };
    for (int k = 0; k < shard.shards.toInt(); ++k) {
        const ratelab::test::TextRun r = shell(inHere(shard.script),
                                               {{QStringLiteral("SCENARIO"), shard.scenario},
                                                {QStringLiteral("SHARDS"), shard.shards},
                                                {QStringLiteral("JOB_COMPLETION_INDEX"), QString::number(k)}});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }
    const ratelab::test::TextRun r =
        shell(inHere(merge.script), {{QStringLiteral("SCENARIO"), merge.scenario}, {QStringLiteral("SHARDS"), merge.shards}});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(run({QStringLiteral("run"), shard.scenario, QStringLiteral("--out"), tmp.path() + "/whole-here"}).exitCode, 0);
    const QString dir = tmp.path() + "/" + shard.scenario;
    QCOMPARE(fileBytes(dir + "/whole/report.json"), fileBytes(tmp.path() + "/whole-here/report.json"));
    QCOMPARE(fileBytes(dir + "/whole/series.csv"), fileBytes(tmp.path() + "/whole-here/series.csv"));
}

QTEST_APPLESS_MAIN(TestShardCli)
#include "tst_shardcli.moc"
