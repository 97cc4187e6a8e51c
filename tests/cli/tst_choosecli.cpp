// `ratelab-cli choose`: the path, evidence and recommendation as text and as JSON, the
// export it prints against `ratelab-cli export` for the same limit, and a missing answer
// on the path (exit 2, naming the flag).

#include "processrun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace ratelab::test;

namespace {

TextRun cli(const QStringList& args)
{
    return runText(QStringLiteral(RATELAB_CLI_PATH), args, {}, 120'000);
}

}  // namespace

class TestChooseCli : public QObject {
    Q_OBJECT
private slots:
    void textPathEvidenceAndExport();
    void jsonForScripts();
    void missingAnswerNamesTheFlag();
    void badAnswer();
};

void TestChooseCli::textPathEvidenceAndExport()
{
    const TextRun r = cli(
        {"choose", "--instances", "many", "--redis", "yes", "--exact", "no", "--keys", "5000", "--limit", "20", "--per", "m"});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    // Four questions, in the tree's order, each with its answer.
    QVERIFY(r.out.contains("1. Does one instance serve the API?  --instances many"));
    QVERIFY(r.out.contains("2. Is Redis available to every instance?  --redis yes"));
    QVERIFY(r.out.contains("3. Must every window hold exactly (billing, compliance)?  --exact no"));
    QVERIFY(r.out.contains("4. How many keys are live at once?  --keys 100000 or fewer"));
    QVERIFY(r.out.contains("why: cluster-local-leak: 4 instances"));
    QVERIFY(r.out.contains("why: cluster-get-set-race: GET-then-SET overshoots the limit by up to"));
    // boundary-attack's fixed window admits 20 in 200 ms against a limit of 10: 2.00x.
    QVERIFY(r.out.contains("why: boundary-attack: Worst window against the limit under boundary bursts: fixed_window 2.00x"));
    QVERIFY(r.out.contains("why: zipf-keys"));
    QVERIFY(r.out.contains("gcra 8.0"));
    QVERIFY(r.out.contains("algorithm:    sliding_window_counter limit=20 window=1m"));
    // The export is export's own text for the recommended limit.
    const TextRun exported = cli(
        {"export", "--algorithm", "sliding_window_counter", "--param", "limit=20", "--param", "window=1m", "--as", "redis-lua"});
    QCOMPARE(exported.exitCode, 0);
    QVERIFY(r.out.endsWith(exported.out));
    QVERIFY(lines.contains("Export (redis-lua)"));
}

void TestChooseCli::jsonForScripts()
{
    const TextRun r = cli({"choose", "--instances", "1", "--bursts", "no", "--json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray path = o["path"].toArray();
    QCOMPARE(path.size(), 2);
    QCOMPARE(path[0].toObject()["flag"].toString(), QStringLiteral("instances"));
    QCOMPARE(path[0].toObject()["answer"].toString(), QStringLiteral("1"));
    // One instance: cluster-local-leak shows what the answer "many" would cost.
    const QJsonObject evidence = path[0].toObject()["evidence"].toObject();
    QCOMPARE(evidence["scenario"].toString(), QStringLiteral("cluster-local-leak"));
    QCOMPARE(evidence["rows"].toArray().size(), 2);
    // 4 (1 + 1/60): four full buckets and four refills over 60 s (tst_choose derives it).
    QVERIFY(std::abs(evidence["rows"].toArray()[0].toObject()["value"].toDouble() - 4 * (1 + 1 / 60.0)) < 0.01);
    QCOMPARE(path[1].toObject()["flag"].toString(), QStringLiteral("bursts"));
    QVERIFY(path[1].toObject()["evidence"].isNull());
    const QJsonObject rec = o["recommendation"].toObject();
    QCOMPARE(rec["algorithm"].toString(), QStringLiteral("leaky_bucket"));
    QCOMPARE(rec["leaf"].toString(), QStringLiteral("leaky_bucket_memory"));
    QCOMPARE(rec["params"].toObject()["rate"].toString(), QStringLiteral("100/s"));
    QCOMPARE(rec["export_as"].toString(), QStringLiteral("nginx"));
    QVERIFY(rec["export"].toString().contains("limit_req_zone"));
}

void TestChooseCli::missingAnswerNamesTheFlag()
{
    const TextRun none = cli({"choose"});
    QCOMPARE(none.exitCode, 2);
    QVERIFY(none.err.startsWith("ratelab-cli: choose: --instances: needed on this path"));
    QVERIFY(none.out.isEmpty());
    const TextRun keys = cli({"choose", "--instances", "many", "--redis", "yes", "--exact", "no"});
    QCOMPARE(keys.exitCode, 2);
    QVERIFY(keys.err.startsWith("ratelab-cli: choose: --keys: needed on this path"));
    QCOMPARE(keys.err.count(QLatin1Char('\n')), 1);
    const TextRun db = cli({"choose", "--instances", "many", "--redis", "no", "--json"});
    QCOMPARE(db.exitCode, 2);
    QVERIFY(db.err.startsWith("ratelab-cli: choose: --database: needed on this path"));
}

void TestChooseCli::badAnswer()
{
    const TextRun r = cli({"choose", "--instances", "two"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("--instances"));
}

QTEST_GUILESS_MAIN(TestChooseCli)
#include "tst_choosecli.moc"
