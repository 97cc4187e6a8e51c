// The Learn view's response text: status line, headers and, for a 429, the problem-details
// body with its Content-Type; an allowed request has no body.

#include "app/models/text/httpresponse.h"

#include <QtTest>

using namespace ratelab;

class TestHttpResponse : public QObject {
    Q_OBJECT

private slots:
    void rejectedRequestHasItsBody();
    void allowedRequestHasNone();
};

namespace {

// gcra 10/s burst 5 after five requests at 0: policy 5 per tau = 500 ms; the sixth waits
// T = 100 ms (Retry-After 1) and the key is idle again after 500 ms (reset 1).
KeyHistory gcraHistory(bool allowed)
{
    KeyHistory h;
    h.algorithmId = "gcra";
    h.key = "k";
    h.policy = {5, 500'000};
    KeyStep step;
    step.atUs = 0;
    step.cost = 1;
    step.decision = allowed ? Decision{true, 4, 0, 100'000, 0} : Decision{false, 0, 100'000, 500'000, 0};
    h.steps.push_back(step);
    return h;
}

}  // namespace

void TestHttpResponse::rejectedRequestHasItsBody()
{
    const KeyHistory h = gcraHistory(false);
    const QString expected = QStringLiteral("HTTP/1.1 429 Too Many Requests\n"
                                            "Retry-After: 1\n"
                                            "X-RateLimit-Limit: 5\n"
                                            "X-RateLimit-Remaining: 0\n"
                                            "X-RateLimit-Reset: 1\n"
                                            "RateLimit-Policy: \"gcra\";q=5;w=1\n"
                                            "RateLimit: \"gcra\";r=0;t=1\n"
                                            "Content-Type: application/problem+json\n"
                                            "(X-RateLimit-Reset as Unix time, as GitHub and X send it: 1)\n"
                                            "\n"
                                            "{\n"
                                            "  \"type\": \"https://iana.org/assignments/http-problem-types#quota-exceeded\",\n"
                                            "  \"title\": \"Request cannot be satisfied as assigned quota has been exceeded\",\n"
                                            "  \"status\": 429,\n"
                                            "  \"detail\": \"The quota of policy gcra (5 per 1 s) is used up; retry in 1 s.\",\n"
                                            "  \"violated-policies\": [\"gcra\"],\n"
                                            "  \"retry-after\": 1,\n"
                                            "  \"limit\": 5,\n"
                                            "  \"window\": 1\n"
                                            "}");
    QCOMPARE(httpResponseText(h, h.steps[0], 0), expected);
}

void TestHttpResponse::allowedRequestHasNone()
{
    const KeyHistory h = gcraHistory(true);
    const QString text = httpResponseText(h, h.steps[0], 0);
    QVERIFY(text.startsWith(QStringLiteral("HTTP/1.1 200 OK\nX-RateLimit-Limit: 5\nX-RateLimit-Remaining: 4\n")));
    QVERIFY(!text.contains(QStringLiteral("Content-Type")));
    QVERIFY(!text.contains('{'));
}

QTEST_APPLESS_MAIN(TestHttpResponse)
#include "tst_httpresponse.moc"
