// `ratelab-cli decide --body json`: the problem-details body of each 429 as one quoted CSV
// field, consistent with --headers, and its bad usage (exit 2, one line naming the option).

#include "processrun.h"

#include <QtTest>

class TestDecideBody : public QObject {
    Q_OBJECT

private slots:
    void bodyFollowsHeaders();
    void badUsage_data();
    void badUsage();

private:
    static ratelab::test::TextRun run(const QStringList& args, const QByteArray& stdinData = {})
    {
        return ratelab::test::runText(QStringLiteral(RATELAB_CLI_PATH), args, stdinData, 20000);
    }
};

void TestDecideBody::bodyFollowsHeaders()
{
    // Capacity 3 at 2/s: three pass at 0 (no body), the 4th waits 0.5 s for a token
    // (Retry-After 1, retry-after 1); the policy is 3 per 1.5 s, w = 2. Cost 4 never passes:
    // no Retry-After and no retry-after (a fresh key: 3 remaining). The body holds commas and quotes: quoted, doubled.
    const auto r = run({"decide", "--algorithm", "token_bucket", "--param", "capacity=3", "--param", "refill=2/s", "--trace", "-",
                        "--headers", "x-ratelimit", "--body", "json"},
                       "t_us,key,cost\n0,a,1\n0,a,1\n0,a,1\n0,a,1\n0,b,4\n");
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QString());
    const QString type =
        "\"\"type\"\":\"\"https://iana.org/assignments/http-problem-types#quota-exceeded\"\","
        "\"\"title\"\":\"\"Request cannot be satisfied as assigned quota has been exceeded\"\",\"\"status\"\":429,";
    const QString expected =
        QStringLiteral("t_us,key,cost,allowed,remaining,retry_after_us,delay_us,headers,body\n"
                       "0,a,1,1,2,0,0,X-RateLimit-Limit: 3; X-RateLimit-Remaining: 2; X-RateLimit-Reset: 1,\n"
                       "0,a,1,1,1,0,0,X-RateLimit-Limit: 3; X-RateLimit-Remaining: 1; X-RateLimit-Reset: 1,\n"
                       "0,a,1,1,0,0,0,X-RateLimit-Limit: 3; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 2,\n"
                       "0,a,1,0,0,500000,0,Retry-After: 1; X-RateLimit-Limit: 3; X-RateLimit-Remaining: 0; "
                       "X-RateLimit-Reset: 2,\"{")
        + type
        + "\"\"detail\"\":\"\"The quota of policy token_bucket (3 per 2 s) is used up; retry in 1 s.\"\","
          "\"\"violated-policies\"\":[\"\"token_bucket\"\"],\"\"retry-after\"\":1,\"\"limit\"\":3,\"\"window\"\":2}\""
          "\n0,b,4,0,3,-1,0,X-RateLimit-Limit: 3; X-RateLimit-Remaining: 3; X-RateLimit-Reset: 0,\"{"
        + type
        + "\"\"detail\"\":\"\"A cost of 4 is more than policy token_bucket (3 per 2 s) can ever admit; a retry "
          "will not pass.\"\",\"\"violated-policies\"\":[\"\"token_bucket\"\"],\"\"limit\"\":3,\"\"window\"\":2}\""
          "\n";
    QCOMPARE(r.out, expected);
    // Without --headers the body column stands alone, with the same figures.
    const auto bodyOnly = run(
        {"decide", "--algorithm", "fixed_window", "--param", "limit=1", "--param", "window=1m", "--trace", "-", "--body", "json"},
        "t_us,key\n0,k\n59000001,k\n");
    QCOMPARE(bodyOnly.exitCode, 0);
    const QStringList lines = bodyOnly.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines.at(0), QStringLiteral("t_us,key,cost,allowed,remaining,retry_after_us,delay_us,body"));
    QCOMPARE(lines.at(1), QStringLiteral("0,k,1,1,0,0,0,"));
    // 1 per minute: the next window opens at 60 s, 0.999999 s later: retry-after 1.
    QVERIFY(lines.at(2).startsWith(QStringLiteral("59000001,k,1,0,0,999999,0,\"{")));
    QVERIFY(lines.at(2).endsWith(QStringLiteral("\"\"retry-after\"\":1,\"\"limit\"\":1,\"\"window\"\":60}\"")));
}

void TestDecideBody::badUsage_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown body") << QStringList{"--body", "xml"} << "ratelab-cli: --body: xml not in {json}\n";
    QTest::newRow("with a backend") << QStringList{"--body", "json", "--backend", "redis://127.0.0.1:1"}
                                    << "ratelab-cli: --body: not with --backend (the script returns no policy to describe)\n";
}

void TestDecideBody::badUsage()
{
    QFETCH(QStringList, extra);
    QFETCH(QString, error);
    const auto r =
        run(QStringList{"decide", "--algorithm", "gcra", "--param", "rate=1/s", "--param", "burst=1", "--trace", "-"} + extra,
            "t_us,key\n0,k\n");
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, error);
}

QTEST_APPLESS_MAIN(TestDecideBody)
#include "tst_decidebody.moc"
