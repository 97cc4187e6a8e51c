// Every export decides like the limit it comes from. Each exported text is read back and
// replayed with its own semantics (Envoy's timer bucket is the envoy_local preset, nginx's
// limit_req the nginx_limit_req preset) against the source limit on seeded traces: where the
// semantics are the same every decision matches; where they differ, the bound the export's
// comment and advisor.md state holds, and the long-run admitted rate is the source's. The Lua
// scripts run in a real Redis in tst_redislua.

#include "randomtrace.h"
#include "steptable.h"

#include "engine/core/units.h"
#include "engine/limitconfig/limitexport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <random>

using namespace ratelab;

namespace {

// One field of the exported text: the first capture of `pattern`.
QString field(const QString& text, const QString& pattern)
{
    const QRegularExpressionMatch m = QRegularExpression(pattern, QRegularExpression::MultilineOption).match(text);
    return m.hasMatch() ? m.captured(1) : QString();
}

// The envoy_local parameters an exported Envoy config stands for.
ParamValues envoyParams(const QString& yaml)
{
    const QString fill = field(yaml, R"(^      fill_interval: ([0-9.]+s)$)");
    std::string error;
    const auto us = parseDuration(fill.toStdString(), error);
    return {{"max_tokens", field(yaml, R"(^      max_tokens: (\d+)$)").toStdString()},
            {"tokens_per_fill", field(yaml, R"(^      tokens_per_fill: (\d+)$)").toStdString()},
            {"fill_interval", us ? std::to_string(*us) + "us" : "?"}};
}

// The nginx_limit_req parameters an exported nginx snippet stands for.
ParamValues nginxParams(const QString& conf)
{
    const QString limit = field(conf, R"(^(limit_req zone=.*);$)");
    const QString delay = field(limit, R"( delay=(\d+))");
    const QString burst = field(limit, R"( burst=(\d+))");  // nginx refuses burst=0: left out
    return {{"rate", field(conf, R"(^limit_req_zone .* rate=(\d+r/[sm]);$)").toStdString()},
            {"burst", burst.isEmpty() ? "0" : burst.toStdString()},
            {"nodelay", limit.contains(" nodelay") ? "true" : "false"},
            {"delay", delay.isEmpty() ? "0" : delay.toStdString()}};
}

std::vector<Decision> decideAll(RateLimiter& limiter, const std::vector<Request>& trace)
{
    std::vector<Decision> out;
    out.reserve(trace.size());
    for (const Request& r : trace)
        out.push_back(limiter.decide(r.key, r.t, r.cost));
    return out;
}

// The most cost-1 requests admitted in any span [t_i, t_j], less rate x (t_j - t_i), in
// units of 1 / rate.den: max over i <= j of (j - i + 1) den - num (t_j - t_i), for one key.
Int128 worstExcess(const std::vector<Request>& trace, const std::vector<Decision>& decisions, const Rate& rate)
{
    Int128 best = 0;
    Int128 lowest = 0;
    bool any = false;
    std::int64_t admitted = 0;
    for (std::size_t k = 0; k < trace.size(); ++k) {
        if (!decisions[k].allowed)
            continue;
        const Int128 before = Int128{admitted} * rate.den - Int128{rate.num} * trace[k].t;  // i = this one
        lowest = any ? std::min(lowest, before) : before;
        any = true;
        ++admitted;
        const Int128 after = Int128{admitted} * rate.den - Int128{rate.num} * trace[k].t;  // j = this one
        best = std::max(best, after - lowest);
    }
    return best;
}

std::int64_t admittedCount(const std::vector<Decision>& decisions)
{
    return std::count_if(decisions.begin(), decisions.end(), [](const Decision& d) { return d.allowed; });
}

// One key under sustained overload: a request every 50 to 950 us for `seconds`.
std::vector<Request> overload(std::uint64_t seed, SimTime start, int seconds)
{
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<Duration> gap(50, 950);
    std::vector<Request> trace;
    for (SimTime t = start; t < start + seconds * kMicrosPerSecond; t += gap(rng))
        trace.push_back({t, 0, 1});
    return trace;
}

Rate rateOf(const std::string& text)
{
    std::string error;
    return *parseRate(text, error);
}

std::string exportText(const QString& algorithm, const QString& params, ExportTarget target)
{
    return exportLimit(algorithm.toStdString(), test::paramsFrom(params), target);
}

}  // namespace

class TestExport : public QObject {
    Q_OBJECT

private slots:
    void envoyHoldsAContinuousRate_data();
    void envoyHoldsAContinuousRate();
    void envoyDecidesAsAnIntervalSource_data();
    void envoyDecidesAsAnIntervalSource();
    void envoyRefusesWhatNoFillHolds_data();
    void envoyRefusesWhatNoFillHolds();
    void nginxHoldsALeakyBucketsRate_data();
    void nginxHoldsALeakyBucketsRate();
    void nginxDecidesAsThePreset_data();
    void nginxDecidesAsThePreset();
    void nginxRefusesWhatNoRateHolds_data();
    void nginxRefusesWhatNoRateHolds();
    void proxiesSendTheProblemBody_data();
    void proxiesSendTheProblemBody();
};

void TestExport::envoyHoldsAContinuousRate_data()
{
    QTest::addColumn<QString>("params");
    QTest::addColumn<qint64>("tokensPerFill");  // derived by hand: the rate per ms in lowest terms, scaled to >= 50 ms
    QTest::addColumn<QString>("fillInterval");
    // 7/s = 7 per 1000 ms: 7 tokens every 1 s (1/7 s is not whole milliseconds).
    QTest::newRow("7/s, capacity 10") << "capacity=10 refill=7/s" << qint64(7) << "1s";
    // 100/s = 1 per 10 ms, scaled to 50 ms: 5 tokens.
    QTest::newRow("100/s, capacity 10") << "capacity=10 refill=100/s" << qint64(5) << "0.05s";
    // 18/m = 3 per 10,000 ms.
    QTest::newRow("18/m, capacity 18") << "capacity=18 refill=18/m" << qint64(3) << "10s";
    // 2.5/s = 1 per 400 ms.
    QTest::newRow("2.5/s, capacity 3") << "capacity=3 refill=2.5/s" << qint64(1) << "0.4s";
    // 20/s = 1 per 50 ms: capacity 2 is enough. (Capacity 1 would be too, but under overload
    // a continuous bucket of 1 is full whenever a token forms and loses refill until the next
    // request: it admits measurably less than the rate, whatever Envoy does.)
    QTest::newRow("20/s, capacity 2") << "capacity=2 refill=20/s" << qint64(1) << "0.05s";
}

// Continuous refill against the timer path: the fill is the rate, and at most capacity;
// in any span Envoy admits at most tokens_per_fill more than capacity + rate x span (the
// source at most capacity + rate x span); under overload both admit the rate.
void TestExport::envoyHoldsAContinuousRate()
{
    QFETCH(QString, params);
    QFETCH(qint64, tokensPerFill);
    QFETCH(QString, fillInterval);
    const QString yaml = QString::fromStdString(exportText("token_bucket", params, ExportTarget::Envoy));
    const ParamValues exported = envoyParams(yaml);
    QCOMPARE(QString::fromStdString(exported.at("tokens_per_fill")), QString::number(tokensPerFill));
    QCOMPARE(field(yaml, R"(^      fill_interval: (\S+)$)"), fillInterval);
    const ParamValues source = test::paramsFrom(params);
    const Rate rate = rateOf(source.at("refill"));
    const std::int64_t capacity = std::stoll(source.at("capacity"));
    QVERIFY(tokensPerFill <= capacity);
    for (const SimTime start : {SimTime(0), SimTime(1'700'000'000'123'457)}) {
        auto envoy = makeLimiter("envoy_local", exported).limiter;
        auto bucket = makeLimiter("token_bucket", source).limiter;
        // Overload for 600 s: both near capacity + rate x 600 s.
        const auto heavy = overload(5, start, 600);
        const auto e = decideAll(*envoy, heavy);
        const auto b = decideAll(*bucket, heavy);
        const Duration span = heavy.back().t - heavy.front().t;
        const double expected = static_cast<double>(capacity) + static_cast<double>(Int128{rate.num} * span / rate.den);
        QVERIFY2(std::abs(static_cast<double>(admittedCount(b)) - expected) <= 1.0,
                 qPrintable(QStringLiteral("source %1, expected %2").arg(admittedCount(b)).arg(expected)));
        QVERIFY2(
            std::abs(static_cast<double>(admittedCount(e)) - expected) <= static_cast<double>(tokensPerFill) + 1.0,
            qPrintable(
                QStringLiteral("envoy %1, expected %2 within %3").arg(admittedCount(e)).arg(expected).arg(tokensPerFill + 1)));
        QVERIFY(worstExcess(heavy, b, rate) <= Int128{capacity} * rate.den);
        QVERIFY(worstExcess(heavy, e, rate) <= Int128{capacity + tokensPerFill} * rate.den);
        // Bursty traffic near the rate (one key, cost 1): the same bounds.
        auto envoy2 = makeLimiter("envoy_local", exported).limiter;
        auto bucket2 = makeLimiter("token_bucket", source).limiter;
        const double perSecond = rate.perSecondNearest();
        const auto bursty = test::randomTrace(9, 20000, 1, 1e6 / perSecond / 1.3, start, 1);
        const auto e2 = decideAll(*envoy2, bursty);
        const auto b2 = decideAll(*bucket2, bursty);
        QVERIFY(worstExcess(bursty, b2, rate) <= Int128{capacity} * rate.den);
        QVERIFY(worstExcess(bursty, e2, rate) <= Int128{capacity + tokensPerFill} * rate.den);
        QVERIFY(admittedCount(e2) > 1000);
    }
}

void TestExport::envoyDecidesAsAnIntervalSource_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::newRow("token_bucket interval") << "token_bucket"
                                           << "capacity=10 refill=5/s refill_mode=interval interval=1s";
    QTest::newRow("token_bucket interval, fill above capacity") << "token_bucket"
                                                                << "capacity=2 refill=30/s refill_mode=interval interval=100ms";
    QTest::newRow("token_bucket interval 2.5/s per 400ms") << "token_bucket"
                                                           << "capacity=4 refill=2.5/s refill_mode=interval interval=400ms";
    QTest::newRow("envoy_local") << "envoy_local"
                                 << "max_tokens=4 tokens_per_fill=2 fill_interval=250ms";
}

// The same semantics (interval refill from t = 0): every decision and field matches.
void TestExport::envoyDecidesAsAnIntervalSource()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    const QString yaml = QString::fromStdString(exportText(algorithm, params, ExportTarget::Envoy));
    auto envoy = makeLimiter("envoy_local", envoyParams(yaml)).limiter;
    auto source = makeLimiter(algorithm.toStdString(), test::paramsFrom(params)).limiter;
    const auto trace = test::randomTrace(13, 20000, 3, 60'000, 1'700'000'000'000'000, 3);
    int allowed = 0;
    for (const Request& r : trace) {
        const Decision a = source->decide(r.key, r.t, r.cost);
        const Decision b = envoy->decide(r.key, r.t, r.cost);
        QVERIFY2(a == b, qPrintable(QStringLiteral("t=%1 key=%2 cost=%3").arg(r.t).arg(r.key).arg(r.cost)));
        allowed += a.allowed;
    }
    QVERIFY(allowed > 1000 && allowed < 19000);
}

void TestExport::envoyRefusesWhatNoFillHolds_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("reason");
    // 7/s needs 7 tokens per 1000 ms; the timer path would cut them to 5: 5/s.
    QTest::newRow("7/s with capacity 5") << "token_bucket"
                                         << "capacity=5 refill=7/s"
                                         << "capacity of at least 7";
    // 3/s: 3 tokens per 1000 ms (1/3 s is not whole milliseconds) against capacity 2.
    QTest::newRow("3/s with capacity 2") << "token_bucket"
                                         << "capacity=2 refill=3/s"
                                         << "capacity of at least 3";
    QTest::newRow("fill interval under 50ms") << "token_bucket"
                                              << "capacity=5 refill=100/s refill_mode=interval interval=10ms"
                                              << "at least 50ms";
    QTest::newRow("fill interval not whole ms") << "envoy_local"
                                                << "max_tokens=5 fill_interval=50500us"
                                                << "whole milliseconds";
    QTest::newRow("no token bucket") << "gcra"
                                     << "rate=1/s burst=1"
                                     << "token_bucket and envoy_local only";
}

void TestExport::envoyRefusesWhatNoFillHolds()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QString, reason);
    try {
        exportText(algorithm, params, ExportTarget::Envoy);
        QFAIL("exported");
    } catch (const ExportError& e) {
        QVERIFY2(QString(e.what()).contains(reason), e.what());
    }
}

void TestExport::nginxHoldsALeakyBucketsRate_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("rate");        // nginx's, derived by hand
    QTest::addColumn<QString>("leakyBurst");  // the leaky_bucket burst the source decides as (algorithms.md)
    QTest::newRow("10/s burst 5, police") << "leaky_bucket"
                                          << "rate=10/s burst=5 mode=police"
                                          << "10r/s"
                                          << "5";
    QTest::newRow("10/s burst 5, shape") << "leaky_bucket"
                                         << "rate=10/s burst=5"
                                         << "10r/s"
                                         << "5";
    // 2.5/s = 2500 milli-requests per second = 150 x 1000 / 60.
    QTest::newRow("2.5/s burst 3") << "leaky_bucket"
                                   << "rate=2.5/s burst=3 mode=police"
                                   << "150r/m"
                                   << "3";
    QTest::newRow("30/m burst 0") << "leaky_bucket"
                                  << "rate=30/m burst=0 mode=police"
                                  << "30r/m"
                                  << "0";
    QTest::newRow("7/s burst 2") << "leaky_bucket"
                                 << "rate=7/s burst=2 mode=police"
                                 << "7r/s"
                                 << "2";
    // A token bucket of capacity C decides as leaky_bucket burst=C-1 police; gcra burst B as
    // capacity B.
    QTest::newRow("token_bucket 5 at 7/s") << "token_bucket"
                                           << "capacity=5 refill=7/s"
                                           << "7r/s"
                                           << "4";
    QTest::newRow("token_bucket 1 at 2.5/s") << "token_bucket"
                                             << "capacity=1 refill=2.5/s"
                                             << "150r/m"
                                             << "0";
    QTest::newRow("gcra 10/s burst 6") << "gcra"
                                       << "rate=10/s burst=6"
                                       << "10r/s"
                                       << "5";
    QTest::newRow("gcra 30/m burst 1") << "gcra"
                                       << "rate=30/m burst=1"
                                       << "30r/m"
                                       << "0";
}

// A millisecond clock and truncated drains: in any span nginx admits at most
// 1 + burst + rate x (span + 1 ms); under overload at least 1000/1001 of the rate. The same
// for a token bucket (capacity = 1 + burst) and GCRA (burst = 1 + nginx's burst), whose exact
// admissions the source's own bound checks.
void TestExport::nginxHoldsALeakyBucketsRate()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QString, rate);
    QFETCH(QString, leakyBurst);
    const QString conf = QString::fromStdString(exportText(algorithm, params, ExportTarget::Nginx));
    const ParamValues exported = nginxParams(conf);
    QCOMPARE(QString::fromStdString(exported.at("rate")), rate);
    QCOMPARE(QString::fromStdString(exported.at("burst")), leakyBurst);
    const ParamValues source = test::paramsFrom(params);
    const Rate r = rateOf(source.at(algorithm == "token_bucket" ? "refill" : "rate"));
    const std::int64_t burst = leakyBurst.toLongLong();
    for (const SimTime start : {SimTime(0), SimTime(1'700'000'000'123'457)}) {
        auto nginx = makeLimiter("nginx_limit_req", exported).limiter;
        auto leaky = makeLimiter(algorithm.toStdString(), source).limiter;
        const auto heavy = overload(7, start, 600);
        const auto n = decideAll(*nginx, heavy);
        const auto l = decideAll(*leaky, heavy);
        const Duration span = heavy.back().t - heavy.front().t;
        const double sustained = static_cast<double>(Int128{r.num} * span / r.den);
        QVERIFY2(std::abs(static_cast<double>(admittedCount(l)) - (1.0 + static_cast<double>(burst) + sustained)) <= 1.0,
                 qPrintable(QString::number(admittedCount(l))));
        QVERIFY2(static_cast<double>(admittedCount(n)) >= sustained * 1000.0 / 1001.0,
                 qPrintable(QStringLiteral("nginx %1 < %2").arg(admittedCount(n)).arg(sustained * 1000.0 / 1001.0)));
        QVERIFY(worstExcess(heavy, l, r) <= Int128{1 + burst} * r.den);
        QVERIFY(worstExcess(heavy, n, r) <= Int128{1 + burst} * r.den + Int128{r.num} * kMicrosPerMilli);
        auto nginx2 = makeLimiter("nginx_limit_req", exported).limiter;
        const auto bursty = test::randomTrace(9, 20000, 1, 1e6 / r.perSecondNearest() / 1.3, start, 1);
        const auto n2 = decideAll(*nginx2, bursty);
        QVERIFY(worstExcess(bursty, n2, r) <= Int128{1 + burst} * r.den + Int128{r.num} * kMicrosPerMilli);
        QVERIFY(admittedCount(n2) > 1000);
    }
}

void TestExport::nginxDecidesAsThePreset_data()
{
    QTest::addColumn<QString>("params");
    QTest::addColumn<double>("meanGapUs");  // three keys, each a little above the rate
    QTest::newRow("10r/s burst 5") << "rate=10r/s burst=5" << 25'000.0;
    QTest::newRow("1r/m burst 2 nodelay") << "rate=1r/m burst=2 nodelay=true" << 15e6;
    // 1.5r/s is 1500 milli-requests per second: nginx's 90r/m.
    QTest::newRow("1.5r/s burst 1 delay 1") << "rate=1.5r/s burst=1 delay=1" << 180'000.0;
    QTest::newRow("7/s burst 3 nodelay") << "rate=7/s burst=3 nodelay=true" << 40'000.0;
}

// The preset is nginx: every decision and field, delays included, matches.
void TestExport::nginxDecidesAsThePreset()
{
    QFETCH(QString, params);
    QFETCH(double, meanGapUs);
    const QString conf = QString::fromStdString(exportText("nginx_limit_req", params, ExportTarget::Nginx));
    const ParamValues exported = nginxParams(conf);
    QVERIFY2(!exported.at("rate").empty(), qPrintable("no rate nginx reads (a whole Nr/s or Nr/m) in:\n" + conf));
    auto nginx = makeLimiter("nginx_limit_req", exported).limiter;
    auto source = makeLimiter("nginx_limit_req", test::paramsFrom(params)).limiter;
    const auto trace = test::randomTrace(17, 20000, 3, meanGapUs, 1'700'000'000'000'000, 1);
    int allowed = 0;
    for (const Request& r : trace) {
        const Decision a = source->decide(r.key, r.t, r.cost);
        const Decision b = nginx->decide(r.key, r.t, r.cost);
        QVERIFY2(a == b, qPrintable(QStringLiteral("t=%1 key=%2").arg(r.t).arg(r.key)));
        allowed += a.allowed;
    }
    QVERIFY2(allowed > 1000 && allowed < 19000, qPrintable(QString::number(allowed)));
}

void TestExport::nginxRefusesWhatNoRateHolds_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<QString>("reason");
    // 1/m is 16.67 milli-requests per second; 1r/m runs at 16 (0.96/m).
    QTest::newRow("1/m") << "leaky_bucket"
                         << "rate=1/m burst=2"
                         << "would run at 16";
    QTest::newRow("1/h") << "leaky_bucket"
                         << "rate=1/h burst=2"
                         << "whole milli-requests";
    // 0.001/s is 1 milli-request per second: 0.06r/m, no whole N.
    QTest::newRow("0.001/s") << "leaky_bucket"
                             << "rate=0.001/s burst=0"
                             << "no Nr/s or Nr/m";
    QTest::newRow("no leaky bucket") << "sliding_window_log"
                                     << "limit=5 window=1s"
                                     << "leaky_bucket, token_bucket, gcra and nginx_limit_req only";
    QTest::newRow("interval refill") << "token_bucket"
                                     << "capacity=4 refill=2/s refill_mode=interval interval=1s"
                                     << "nginx drains continuously";
    // gcra at 1/m is 16.67 milli-requests per second, as the leaky bucket.
    QTest::newRow("gcra 1/m") << "gcra"
                              << "rate=1/m burst=2"
                              << "would run at 16";
}

void TestExport::nginxRefusesWhatNoRateHolds()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(QString, reason);
    try {
        exportText(algorithm, params, ExportTarget::Nginx);
        QFAIL("exported");
    } catch (const ExportError& e) {
        QVERIFY2(QString(e.what()).contains(reason), e.what());
    }
}

void TestExport::proxiesSendTheProblemBody_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<int>("target");
    QTest::addColumn<QString>("bodyLine");         // the line holding the JSON between single quotes
    QTest::addColumn<QStringList>("configLines");  // lines the body needs around it
    QTest::addColumn<int>("limit");                // derived by hand from the policy table (cli.md)
    QTest::addColumn<int>("windowSeconds");
    QTest::addColumn<int>("retryAfter");  // nginx's static Retry-After, ceil(1 / rate) s; 0: none
    const auto nginx = [](int retryAfter) {
        return QStringList{"limit_req_status 429;",
                           "error_page 429 = @ratelimited;",
                           "location @ratelimited {",
                           "    types { }",
                           "    default_type application/problem+json;",
                           QStringLiteral("    add_header Retry-After %1 always;").arg(retryAfter)};
    };
    const QString nginxBody = R"(^    return 429 '(.*)';$)";
    const QStringList envoy{"local_reply_config:", "            default_value: 429",
                            "        inline_string: \"%LOCAL_REPLY_BODY%\"", "      content_type: application/problem+json"};
    // nginx: burst + 1 at once; 4 over (burst + 1) / rate = 2 s; one more fits 0.5 s after a
    // rejection at most: Retry-After 1.
    QTest::newRow("nginx leaky_bucket") << "leaky_bucket"
                                        << "rate=2/s burst=3" << int(ExportTarget::Nginx) << nginxBody << nginx(1) << 4 << 2 << 1;
    // 6 over 6 x 10^6 / 10,000 milli-requests per second = 600 ms: w = 1; 1 / rate = 0.1 s.
    QTest::newRow("nginx_limit_req") << "nginx_limit_req"
                                     << "rate=10r/s burst=5" << int(ExportTarget::Nginx) << nginxBody << nginx(1) << 6 << 1 << 1;
    // 1r/m is 16 milli-requests per second: 3 over 187.5 s (cli.md's example), and one request
    // drains in 1000 / 16 = 62.5 s: Retry-After 63.
    QTest::newRow("nginx_limit_req 1r/m") << "nginx_limit_req"
                                          << "rate=1r/m burst=2" << int(ExportTarget::Nginx) << nginxBody << nginx(63) << 3 << 188
                                          << 63;
    // gcra: 3 over tau = 3 / (30/m) = 6 s; one drains in 2 s.
    QTest::newRow("nginx gcra") << "gcra"
                                << "rate=30/m burst=3" << int(ExportTarget::Nginx) << nginxBody << nginx(2) << 3 << 6 << 2;
    // token_bucket: 4 over 4 / (6/m) = 40 s; one token in 10 s.
    QTest::newRow("nginx token_bucket") << "token_bucket"
                                        << "capacity=4 refill=6/m" << int(ExportTarget::Nginx) << nginxBody << nginx(10) << 4
                                        << 40 << 10;
    // Capacity 10 refilled at 7/s: 10/7 s, w = 2.
    QTest::newRow("envoy token_bucket") << "token_bucket"
                                        << "capacity=10 refill=7/s" << int(ExportTarget::Envoy)
                                        << R"(^      inline_string: '(.*)'$)" << envoy << 10 << 2 << 0;
    // 5 tokens, one per 0.5 s: 2.5 s, w = 3.
    QTest::newRow("envoy_local") << "envoy_local"
                                 << "max_tokens=5 tokens_per_fill=1 fill_interval=0.5s" << int(ExportTarget::Envoy)
                                 << R"(^      inline_string: '(.*)'$)" << envoy << 5 << 3 << 0;
    // The script returns values: its comment gives the caller the body. gcra 10/s burst 5:
    // 5 over tau = 0.5 s, w = 1.
    QTest::newRow("redis-lua gcra") << "gcra"
                                    << "rate=10/s burst=5" << int(ExportTarget::RedisLua) << R"(^-- (\{.*\})$)"
                                    << QStringList{"-- On allowed 0 the caller answers 429 with Retry-After: ceil(retry_after_us "
                                                   "/ 1e6) (none for -1)"}
                                    << 5 << 1 << 0;
}

// The 429 of an exported proxy carries the problem `decide --body json` writes, with the
// policy's limit and window, and with the retry-after its Retry-After header sends: nginx a
// static one (ceil(1 / rate) s), Envoy none; a Redis script's comment gives its caller the
// same body.
void TestExport::proxiesSendTheProblemBody()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QFETCH(int, target);
    QFETCH(QString, bodyLine);
    QFETCH(QStringList, configLines);
    QFETCH(int, limit);
    QFETCH(int, windowSeconds);
    QFETCH(int, retryAfter);
    const QString text = QString::fromStdString(exportText(algorithm, params, ExportTarget(target)));
    const QStringList lines = text.split('\n');
    for (const QString& line : configLines)
        QVERIFY2(lines.contains(line), qPrintable(line + " missing in:\n" + text));
    const QString json = field(text, bodyLine);
    QVERIFY2(!json.isEmpty(), qPrintable(text));
    QJsonParseError error;
    const QJsonObject body = QJsonDocument::fromJson(json.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(body.value("type").toString(), QStringLiteral("https://iana.org/assignments/http-problem-types#quota-exceeded"));
    QCOMPARE(body.value("status").toInt(), 429);
    QCOMPARE(body.value("limit").toInt(), limit);
    QCOMPARE(body.value("window").toInt(), windowSeconds);
    QString detail = QStringLiteral("The quota of policy ratelab (%1 per %2 s) is used up").arg(limit).arg(windowSeconds);
    if (retryAfter > 0) {
        QCOMPARE(body.value("retry-after").toInt(), retryAfter);
        detail += QStringLiteral("; retry in %1 s").arg(retryAfter);
    } else {
        QVERIFY(!body.contains("retry-after"));
    }
    QCOMPARE(body.value("detail").toString(), detail + ".");
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
