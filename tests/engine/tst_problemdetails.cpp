// The body of a 429 (RFC 9457 problem details): for every algorithm and preset, a rejection's
// body is valid JSON whose retry-after, limit and window say what its headers say; an allowed
// request has none; text is escaped as JSON requires.

#include "randomtrace.h"
#include "steptable.h"

#include "engine/algorithms/http/httpheaders.h"
#include "engine/algorithms/http/problemdetails.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace ratelab;

class TestProblemDetails : public QObject {
    Q_OBJECT

private slots:
    void rejectedGcraBody();
    void neverPassingRequestHasNoRetryAfter();
    void bodyAgreesWithHeaders_data();
    void bodyAgreesWithHeaders();
    void escapesJsonStrings_data();
    void escapesJsonStrings();
};

namespace {

QJsonObject parsed(const std::string& json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("not a JSON object: %s (%s)", json.c_str(), qPrintable(error.errorString()));
    return doc.object();
}

}  // namespace

void TestProblemDetails::rejectedGcraBody()
{
    // gcra 10/s burst 5: five pass at 0, the sixth waits T = 100 ms: Retry-After 1. The policy
    // is 5 per tau = 500 ms, a window of 1 s rounded up.
    BuiltLimiter built = makeLimiter("gcra", test::paramsFrom("rate=10/s burst=5"));
    Decision d;
    for (int i = 0; i < 5; ++i) {
        d = built.limiter->decide(0, 0, 1);
        QVERIFY(!problemDetails(d, built.limiter->policy(), "api", 1));
    }
    d = built.limiter->decide(0, 0, 1);
    QCOMPARE(d.retryAfterUs, 100'000);
    const auto problem = problemDetails(d, built.limiter->policy(), "api", 1);
    QVERIFY(problem);
    QCOMPARE(problemJson(*problem),
             std::string(R"({"type":"https://iana.org/assignments/http-problem-types#quota-exceeded",)"
                         R"("title":"Request cannot be satisfied as assigned quota has been exceeded","status":429,)"
                         R"("detail":"The quota of policy api (5 per 1 s) is used up; retry in 1 s.",)"
                         R"("violated-policies":["api"],"retry-after":1,"limit":5,"window":1})"));
}

void TestProblemDetails::neverPassingRequestHasNoRetryAfter()
{
    // A cost of 4 against a bucket of 3 never passes: no Retry-After header, so no retry-after.
    BuiltLimiter built = makeLimiter("token_bucket", test::paramsFrom("capacity=3 refill=2/s"));
    const Decision d = built.limiter->decide(0, 0, 4);
    QCOMPARE(d.retryAfterUs, kNeverPasses);
    const QJsonObject body = parsed(problemJson(*problemDetails(d, built.limiter->policy(), "token_bucket", 4)));
    QVERIFY(!body.contains("retry-after"));
    QCOMPARE(body.value("status").toInt(), 429);
    QCOMPARE(body.value("limit").toInt(), 3);
    QCOMPARE(body.value("window").toInt(), 2);  // 3 tokens at 2/s: 1.5 s, rounded up
    QVERIFY(body.value("detail").toString().contains("A cost of 4"));
    QVERIFY(!httpHeaders(HeaderStyle::XRateLimit, d, built.limiter->policy(), "", 0).starts_with("Retry-After"));
}

void TestProblemDetails::bodyAgreesWithHeaders_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<bool>("costs");
    for (const auto& c : test::everyLimiter())
        QTest::newRow((QByteArray(c.name) + " " + c.params).constData()) << c.name << c.params << c.costs;
}

void TestProblemDetails::bodyAgreesWithHeaders()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(bool, costs);
    BuiltLimiter built = makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
    const QuotaPolicy policy = built.limiter->policy();
    const auto trace = test::randomTrace(7, 3000, 2, 25'000, 1'700'000'000'000'000, costs ? 3 : 1);
    const QRegularExpression retryAfter(QStringLiteral("^Retry-After: (\\d+); "));
    const QRegularExpression draft7(QStringLiteral("RateLimit-Policy: (\\d+);w=(\\d+);"));
    int rejected = 0;
    for (const Request& r : trace) {
        const Decision d = built.limiter->decide(r.key, r.t, r.cost);
        const auto problem = problemDetails(d, policy, algorithm.toStdString(), r.cost);
        QCOMPARE(bool(problem), !d.allowed);
        if (!problem)
            continue;
        ++rejected;
        const QJsonObject body = parsed(problemJson(*problem));
        const QString headers = QString::fromStdString(httpHeaders(HeaderStyle::Draft7, d, policy, "", r.t));
        const auto header = retryAfter.match(headers);
        QCOMPARE(body.contains("retry-after"), header.hasMatch());
        if (header.hasMatch())
            QCOMPARE(body.value("retry-after").toInteger(), header.captured(1).toLongLong());
        const auto policyFields = draft7.match(headers);
        QVERIFY(policyFields.hasMatch());
        QCOMPARE(body.value("limit").toInteger(), policyFields.captured(1).toLongLong());
        QCOMPARE(body.value("window").toInteger(), policyFields.captured(2).toLongLong());
        QCOMPARE(body.value("violated-policies").toArray(), QJsonArray{algorithm});
    }
    QVERIFY(rejected > 50);
}

void TestProblemDetails::escapesJsonStrings_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << "tier-1"
                           << R"("tier-1")";
    QTest::newRow("quote and backslash") << R"(a"b\c)"
                                         << R"("a\"b\\c")";
    QTest::newRow("controls") << QString("t\tn\n\x01") << R"("t\u0009n\u000a\u0001")";
    QTest::newRow("utf-8 as is") << QString::fromUtf8("caf\xc3\xa9") << QString::fromUtf8("\"caf\xc3\xa9\"");
}

void TestProblemDetails::escapesJsonStrings()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const std::string json = jsonString(text.toStdString());
    QCOMPARE(QString::fromStdString(json), expected);
    // A real parser reads the text back.
    QCOMPARE(parsed("{\"v\":" + json + "}").value("v").toString(), text);
}

QTEST_APPLESS_MAIN(TestProblemDetails)
#include "tst_problemdetails.moc"
