// The allow-only path (RateLimiter::allow, allowBatch) against decide(), side by side on
// generated traffic, over every algorithm and preset and a few rows that reach the corners:
// after every request the two limiters must have given the same `allowed` and hold the same
// state (compared byte for byte for the limiters with an allowOne of their own, and for all by
// a probe: the same full Decision for the next request of the key, on copies). The traffic
// has requests stamped back in time (up to 3 s before the latest), idle gaps, costs above the
// capacity or limit, and starts at 0 and at an epoch-sized instant.

#include "randomtrace.h"
#include "steptable.h"

#include "engine/algorithms/catalog/catalog.h"
#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/algorithms/gcra/gcra.h"
#include "engine/algorithms/slidingwindowcounter/slidingwindowcounter.h"
#include "engine/algorithms/tokenbucket/tokenbucket.h"

#include <QTest>

#include <cstring>
#include <random>

using namespace ratelab;

namespace {

// Mostly Poisson arrivals of mean gap `meanGapUs`; one request in eight stamped up to 3 s
// before the latest time, one in fifty after an idle gap of up to a minute, one in ten of a
// cost up to `maxCost`.
std::vector<Request> wildTrace(std::uint64_t seed, std::size_t count, int keys, double meanGapUs, SimTime start, Cost maxCost)
{
    std::mt19937_64 rng(seed);
    std::exponential_distribution<double> gap(1.0 / meanGapUs);
    std::uniform_int_distribution<int> key(0, keys - 1);
    std::uniform_int_distribution<Cost> cost(1, maxCost);
    std::uniform_int_distribution<SimTime> back(0, 3'000'000);
    std::uniform_int_distribution<SimTime> idle(0, 60'000'000);
    std::uniform_int_distribution<int> kind(0, 199);
    std::vector<Request> trace;
    SimTime latest = start;
    for (std::size_t i = 0; i < count; ++i) {
        const int k = kind(rng);
        latest += static_cast<SimTime>(gap(rng)) + (k < 4 ? idle(rng) : 0);
        const SimTime t = k >= 175 ? std::max(start, latest - back(rng)) : latest;
        trace.push_back({t, static_cast<KeyId>(key(rng)), static_cast<std::uint32_t>(k % 10 == 0 ? cost(rng) : 1)});
    }
    return trace;
}

template <class L>
bool sameStatesAs(const RateLimiter& a, const RateLimiter& b, bool& known)
{
    const auto* x = dynamic_cast<const L*>(&a);
    const auto* y = dynamic_cast<const L*>(&b);
    if (!x || !y)
        return true;
    known = true;
    const auto& s = x->states();
    const auto& t = y->states();
    return s.size() == t.size() && std::memcmp(s.data(), t.data(), s.size() * sizeof(s[0])) == 0;
}

// Whether the per-key states of two limiters of one of the types with an allowOne of their own
// are the same bytes; `known` says whether the type was one of them.
bool sameStates(const RateLimiter& a, const RateLimiter& b, bool& known)
{
    known = false;
    return sameStatesAs<TokenBucket>(a, b, known) && sameStatesAs<Gcra>(a, b, known)
        && sameStatesAs<FixedWindowEpoch>(a, b, known) && sameStatesAs<FixedWindowFirst<ExactExpiry>>(a, b, known)
        && sameStatesAs<FixedWindowFirst<PythonFloatExpiry>>(a, b, known) && sameStatesAs<SlidingWindowCounter>(a, b, known);
}

QByteArray where(std::size_t i, const Request& r)
{
    return QByteArray("request ") + QByteArray::number(qulonglong(i)) + " t=" + QByteArray::number(qlonglong(r.t))
        + " key=" + QByteArray::number(r.key) + " cost=" + QByteArray::number(r.cost);
}

// The row's limiter twice, one to decide and one to allow only, with the row's time origin.
std::pair<BuiltLimiter, BuiltLimiter> twinLimiters(const QString& algorithm, const QString& params, qint64 start,
                                                   qint64 originBefore)
{
    std::pair<BuiltLimiter, BuiltLimiter> twins{makeLimiter(algorithm.toStdString(), test::paramsFrom(params)),
                                                makeLimiter(algorithm.toStdString(), test::paramsFrom(params))};
    if (originBefore > 0) {
        twins.first.limiter->setTimeOrigin(start - originBefore);
        twins.second.limiter->setTimeOrigin(start - originBefore);
    }
    return twins;
}

}  // namespace

class TestAllowOnly : public QObject {
    Q_OBJECT

private slots:
    void allowMatchesDecide_data();
    void allowMatchesDecide();
    void allowBatchMatchesDecideBatch_data();
    void allowBatchMatchesDecideBatch();
};

void TestAllowOnly::allowMatchesDecide_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<double>("meanGapUs");
    QTest::addColumn<qint64>("originBefore");  // > 0: setTimeOrigin(start - originBefore)
    for (const auto& c : test::everyLimiter()) {
        for (const qint64 start : {qint64(0), qint64(1'700'000'000'123'457)}) {
            const QByteArray name = QByteArray(c.name) + " " + c.params + (start == 0 ? " @0" : " @epoch");
            QTest::newRow(name.constData()) << c.name << c.params << start << 16'000.0 << qint64(0);
        }
    }
    const qint64 epoch = 1'700'000'000'123'457;
    QTest::newRow("token_bucket fractional refill @epoch") << "token_bucket"
                                                           << "capacity=20 refill=2.3/s" << epoch << 80'000.0 << qint64(0);
    QTest::newRow("token_bucket interval 1s @epoch")
        << "token_bucket"
        << "capacity=5 refill=2/s refill_mode=interval interval=1s" << epoch << 80'000.0 << qint64(0);
    QTest::newRow("fixed_window first @epoch") << "fixed_window"
                                               << "limit=5 window=2s align=first" << epoch << 80'000.0 << qint64(0);
    QTest::newRow("sliding_window_counter 3s @epoch") << "sliding_window_counter"
                                                      << "limit=5 window=3s" << epoch << 80'000.0 << qint64(0);
    // GCRA's Int128 path: |now - origin| x rate.num beyond 2^61 (rate.num = 111111 here).
    QTest::newRow("gcra wide path @epoch") << "gcra"
                                           << "rate=999999/h burst=10" << epoch << 700.0 << qint64(40'000'000'000'000);
}

void TestAllowOnly::allowMatchesDecide()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(qint64, start);
    QFETCH(double, meanGapUs);
    QFETCH(qint64, originBefore);
    auto [full, allowOnly] = twinLimiters(algorithm, params, start, originBefore);
    const Cost maxCost = std::min<Cost>(full.limiter->maxCost(), 30);
    const auto trace = wildTrace(23, 3000, 4, meanGapUs, start, maxCost);
    int allowed = 0;
    int rejected = 0;
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const Request& r = trace[i];
        const Decision d = full.limiter->decide(r.key, r.t, r.cost);
        QVERIFY2(allowOnly.limiter->allow(r.key, r.t, r.cost) == d.allowed, where(i, r).constData());
        (d.allowed ? allowed : rejected) += 1;
        bool known = false;
        QVERIFY2(sameStates(*full.limiter, *allowOnly.limiter, known), where(i, r).constData());
        // The probe: a cost-1 request of the key 1 us later decides the same on copies of both.
        const auto a = full.limiter->clone();
        const auto b = allowOnly.limiter->clone();
        QVERIFY2(a->decide(r.key, r.t + 1, 1) == b->decide(r.key, r.t + 1, 1), where(i, r).constData());
    }
    // The traffic reaches both outcomes, or the comparison says little.
    QVERIFY2(allowed > 100 && rejected > 100, qPrintable(QStringLiteral("%1 allowed, %2 rejected").arg(allowed).arg(rejected)));
}

void TestAllowOnly::allowBatchMatchesDecideBatch_data()
{
    allowMatchesDecide_data();
}

void TestAllowOnly::allowBatchMatchesDecideBatch()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(qint64, start);
    QFETCH(double, meanGapUs);
    QFETCH(qint64, originBefore);
    auto [full, allowOnly] = twinLimiters(algorithm, params, start, originBefore);
    // 200 keys, so the batch loop grows its state array in the middle of a batch.
    const auto trace = wildTrace(29, 6000, 200, meanGapUs / 50, start, std::min<Cost>(full.limiter->maxCost(), 30));
    std::vector<Decision> decisions(trace.size());
    auto flags = std::make_unique<bool[]>(trace.size());
    std::mt19937_64 rng(31);
    std::uniform_int_distribution<std::size_t> chunk(1, 700);
    for (std::size_t i = 0; i < trace.size();) {
        const std::size_t n = std::min(chunk(rng), trace.size() - i);
        full.limiter->decideBatch(trace.data() + i, n, decisions.data() + i);
        allowOnly.limiter->allowBatch(trace.data() + i, n, flags.get() + i);
        for (std::size_t j = i; j < i + n; ++j)
            QVERIFY2(flags[j] == decisions[j].allowed, where(j, trace[j]).constData());
        bool known = false;
        QVERIFY2(sameStates(*full.limiter, *allowOnly.limiter, known), where(i + n - 1, trace[i + n - 1]).constData());
        i += n;
    }
}

QTEST_GUILESS_MAIN(TestAllowOnly)
#include "tst_allowonly.moc"
