// TradeoffCurve on hand-made advisor results: each grid point's limit as req/s (a token bucket
// of capacity v per W allows v per W, a leaky bucket of burst v allows v + 1), the shares kept
// as the target counts them, the largest target each point meets, the first point meeting a
// target, the recommended point and the knee, worked out here by hand.
#include "app/models/plotdata/tradeoffcurve.h"

#include <QTest>

using namespace ratelab;

namespace {

// 4 keys sent 9 requests; W = 1 s. token_bucket recommends capacity 2 on a grid of 1, 2, 4, 8,
// which keeps 1, 3, 4, 4 keys never throttled (their requests: 1, 5, 9, 9).
std::shared_ptr<const AdvisorResult> handResult()
{
    auto r = std::make_shared<AdvisorResult>();
    r->keys = 4;
    r->requests = 9;
    r->options.windowUs = kMicrosPerSecond;
    Recommendation tb;
    tb.algorithm = "token_bucket";
    tb.parameter = "capacity";
    tb.value = 2;
    const std::int64_t values[] = {1, 2, 4, 8}, keys[] = {1, 3, 4, 4}, requests[] = {1, 5, 9, 9};
    for (int i = 0; i < 4; ++i) {
        CurvePoint p;
        p.value = values[i];
        p.keysUnthrottled = keys[i];
        p.requestsOfUnthrottledKeys = requests[i];
        tb.curve.push_back(p);
    }
    Recommendation leaky = tb;
    leaky.algorithm = "leaky_bucket";
    leaky.parameter = "burst";
    Recommendation unknown = tb;
    unknown.algorithm = "no_such_algorithm";
    r->recommendations = {tb, leaky, unknown};
    return r;
}

}  // namespace

class TestTradeoffCurve : public QObject {
    Q_OBJECT
private slots:
    void byKeys()
    {
        const TradeoffCurve curve(handResult(), 0, AdvisorTarget::Keys);
        QCOMPARE(curve.size(), 4);
        QCOMPARE(curve.recommendation()->algorithm, std::string("token_bucket"));
        QCOMPARE(curve.limitPerSecond(0), 1.0);
        QCOMPARE(curve.limitPerSecond(3), 8.0);
        QCOMPARE(curve.keptShare(0), 0.25);
        QCOMPARE(curve.keptShare(1), 0.75);
        QCOMPARE(curve.keptPpm(1), std::int64_t(750'000));
        QCOMPARE(curve.keptPpm(2), std::int64_t(1'000'000));
        QCOMPARE(curve.recommended(), 1);
        QCOMPARE(curve.firstMeeting(700'000), 1);
        QCOMPARE(curve.firstMeeting(760'000), 2);
        QCOMPARE(curve.firstMeeting(0), 0);
        // Scaled to [0, 1], x = log2-spaced limits 0, 1/3, 2/3, 1 and y = 0, 2/3, 1, 1: the
        // points farthest above the chord y = x are 1 and 2 (1/3 each); the first wins.
        QCOMPARE(curve.knee(), std::optional<std::size_t>(1));
    }

    void byRequests()
    {
        const TradeoffCurve curve(handResult(), 0, AdvisorTarget::Requests);
        QCOMPARE(curve.keptShare(1), 5.0 / 9.0);
        QCOMPARE(curve.keptPpm(0), std::int64_t(111'111));  // floor(1 x 10^6 / 9)
        QCOMPARE(curve.keptPpm(1), std::int64_t(555'555));
        QCOMPARE(curve.firstMeeting(555'556), 2);
    }

    void leakyBucketAllowsOneMore()
    {
        const TradeoffCurve curve(handResult(), 1, AdvisorTarget::Keys);
        QCOMPARE(curve.limitPerSecond(0), 2.0);
        QCOMPARE(curve.limitPerSecond(1), 3.0);
    }

    void noCurve()
    {
        QCOMPARE(TradeoffCurve().size(), 0);
        QCOMPARE(TradeoffCurve(nullptr, 0, AdvisorTarget::Keys).size(), 0);
        QCOMPARE(TradeoffCurve(handResult(), 3, AdvisorTarget::Keys).size(), 0);
        const TradeoffCurve unknown(handResult(), 2, AdvisorTarget::Keys);
        QCOMPARE(unknown.size(), 0);  // no parameter family: no limits to draw
        QVERIFY(unknown.recommendation());
        QCOMPARE(unknown.recommended(), -1);
        QCOMPARE(unknown.firstMeeting(500'000), 0);
    }
};

QTEST_GUILESS_MAIN(TestTradeoffCurve)
#include "tst_tradeoffcurve.moc"
