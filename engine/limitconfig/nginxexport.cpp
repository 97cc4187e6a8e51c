// nginx limit_req for leaky_bucket, token_bucket (continuous refill), gcra and nginx_limit_req,
// with a 429 that carries Retry-After and the RFC 9457 problem.
//
// nginx keeps the rate as whole milli-requests per second, from a whole N in "Nr/s" (N x 1000)
// or "Nr/m" (N x 1000 / 60, truncated), its clock in whole milliseconds and the excess in
// milli-requests (ngx_http_limit_req_module.c). An export holds the source's rate only if
// that rate is a whole number of milli-requests per second that some Nr/s or Nr/m gives.
// `burst=0` is a configuration error in nginx ("invalid burst value"): a burst of 0 is left out.

#include "engine/limitconfig/limitexport.h"

#include "engine/core/units.h"

namespace ratelab {
namespace {

// "Nr/s" or "Nr/m" whose milli-requests per second, as nginx computes them, are `milli`.
std::string nginxRateFor(std::int64_t milli, const std::string& source)
{
    if (milli % 1000 == 0)
        return std::to_string(milli / 1000) + "r/s";
    const std::int64_t perMinute = (milli * 60 + 999) / 1000;  // the smallest N with N x 1000 / 60 >= milli
    if (perMinute * 1000 / 60 == milli)
        return std::to_string(perMinute) + "r/m";
    throw ExportError("nginx keeps the rate as whole milli-requests per second from a whole Nr/s or Nr/m: rate " + source + " is "
                      + std::to_string(milli) + " milli-requests per second, which no Nr/s or Nr/m gives");
}

// The exact rate of a source as nginx's milli-requests per second, or a refusal.
std::int64_t milliRequestsOf(const Rate& r)
{
    const Int128 milli = Int128{r.num} * 1000 * kMicrosPerSecond;  // per second x 1000, over den
    if (milli % r.den != 0) {
        const double exact = static_cast<double>(milli) / static_cast<double>(r.den);
        throw ExportError("nginx keeps the rate as whole milli-requests per second: rate " + r.text + " is "
                          + std::to_string(exact) + ", and nginx would run at "
                          + std::to_string(static_cast<std::int64_t>(milli / r.den)));
    }
    return static_cast<std::int64_t>(milli / r.den);
}

// What limit_req runs: its rate as written and as nginx computes it, burst, mode, and how it
// decides compared with the source.
struct LimitReq {
    std::string rate;
    std::int64_t milli = 0;
    std::int64_t burst = 0;
    std::string mode;  // "", " nodelay" or " delay=N"
    std::string note;
};

Rate rateParam(const ParamValues& p, const std::string& name)
{
    std::string error;
    const std::optional<Rate> r = parseRate(p.at(name), error);
    if (!r)
        throw ParamError("param " + name, error);
    return *r;
}

LimitReq presetLimit(const ParamValues& p)
{
    const Rate r = rateParam(p, "rate");
    LimitReq l;
    // The preset's own rule (catalog.cpp): floor(N x 1000 / unit-seconds).
    l.milli = static_cast<std::int64_t>(Int128{r.countScaled} * 1000 * kMicrosPerSecond / (Int128{r.unitUs} * r.decimalScale()));
    l.rate = r.decimals == 0 && p.at("rate").find("r/") != std::string::npos ? p.at("rate") : nginxRateFor(l.milli, r.text);
    l.burst = std::stoll(p.at("burst"));
    if (p.at("nodelay") == "true")
        l.mode = " nodelay";
    else if (p.at("delay") != "0")
        l.mode = " delay=" + p.at("delay");
    l.note = "# nginx decides as the nginx_limit_req preset, decision for decision.\n";
    return l;
}

// The difference from an exact bucket that admits `atOnce` from idle (leaky_bucket's 1 + burst).
std::string truncationNote(const std::string& atOnce)
{
    return "# nginx differs only by its millisecond clock and by truncating each drain to whole\n"
           "# milli-requests: in any span of time T it admits at most "
        + atOnce
        + " + rate x (T + 1ms) (the source: without\n"
          "# the 1ms), and under sustained overload at least 1000/1001 of the rate. nginx has no request cost.\n";
}

// leaky_bucket, and the limiters that decide as leaky_bucket mode=police (algorithms.md):
// token_bucket (continuous) with burst = capacity - 1, gcra with burst = its burst - 1.
LimitReq sourceLimit(const std::string& algorithm, const ParamValues& p)
{
    LimitReq l;
    if (algorithm == "leaky_bucket") {
        l.burst = std::stoll(p.at("burst"));
        l.mode = p.at("mode") == "police" ? " nodelay" : "";
        l.note = "# nginx decides as leaky_bucket on a millisecond clock, with each drain truncated to whole\n"
                 "# milli-requests: in any span of time T it admits at most 1 + burst + rate x (T + 1ms), and\n"
                 "# under sustained overload at least 1000/1001 of the rate. A shaped request is held whole\n"
                 "# milliseconds (truncated), not microseconds (rounded up). nginx has no request cost.\n";
    } else if (algorithm == "token_bucket") {
        if (p.at("refill_mode") != "continuous")
            throw ExportError("nginx drains continuously: token_bucket refill_mode=" + p.at("refill_mode")
                              + " has no limit_req form (--as envoy holds interval refills)");
        l.burst = std::stoll(p.at("capacity")) - 1;
        l.mode = " nodelay";
        l.note = "# token_bucket capacity=C decides as leaky_bucket burst=C-1 mode=police, decision for decision\n"
                 "# (algorithms.md), which is limit_req burst=C-1 nodelay at the refill rate.\n"
            + truncationNote("capacity");
    } else if (algorithm == "gcra") {
        l.burst = std::stoll(p.at("burst")) - 1;
        l.mode = " nodelay";
        l.note = "# gcra burst=B decides as token_bucket capacity=B and as leaky_bucket burst=B-1 mode=police,\n"
                 "# decision for decision (algorithms.md), which is limit_req burst=B-1 nodelay at the rate.\n"
            + truncationNote("burst");
    } else {
        throw ExportError("nginx limit_req expresses leaky_bucket, token_bucket, gcra and nginx_limit_req only, not "
                          + algorithm);
    }
    const Rate r = rateParam(p, algorithm == "token_bucket" ? "refill" : "rate");
    l.milli = milliRequestsOf(r);
    l.rate = nginxRateFor(l.milli, r.text);
    return l;
}

// Why the header's one figure is safe, and what it costs a client.
std::string retryAfterNote(const std::string& seconds)
{
    return "# nginx's Retry-After is static: " + seconds
        + " s, 1 / rate rounded up to whole seconds. One more request\n"
          "# fits within 1 / rate of a rejection (the excess drains one request in 1 / rate), so a client\n"
          "# that waits "
        + seconds
        + " s is not turned away again for want of time; but the exact wait (decide's\n"
          "# retry_after_us) may be far shorter, so it may wait up to "
        + seconds
        + " s longer than it needed, and a\n"
          "# client with k requests to send needs k / rate.\n";
}

}  // namespace

std::string nginxConfig(const std::string& algorithm, const ParamValues& p)
{
    const LimitReq l = algorithm == "nginx_limit_req" ? presetLimit(p) : sourceLimit(algorithm, p);
    // 1000 milli-requests drain in ceil(10^6 / milli) ms: in whole seconds, ceil(1000 / milli).
    const std::int64_t retryAfter = (1000 + l.milli - 1) / l.milli;
    const std::string seconds = std::to_string(retryAfter);
    return exportHeader(algorithm, p, "#") + l.note
        + "# in the http block:\n"
          "limit_req_zone $binary_remote_addr zone=ratelab:10m rate="
        + l.rate
        + ";\n"
          "# in a server or location block:\n"
          "limit_req zone=ratelab"
        + (l.burst > 0 ? " burst=" + std::to_string(l.burst) : std::string()) + l.mode
        + ";\n"
          "limit_req_status 429;\n"
          "error_page 429 = @ratelimited;\n"
          "# in the same server block: the 429, with Retry-After (RFC 6585) and the RFC 9457 problem.\n"
        + retryAfterNote(seconds)
        + "# types { } keeps a file extension in the URI (.html, .json) from choosing another type.\n"
          "location @ratelimited {\n"
          "    types { }\n"
          "    default_type application/problem+json;\n"
          "    add_header Retry-After "
        + seconds
        + " always;\n"
          "    return 429 '"
        + proxyProblemBody(algorithm, p, "ratelab", retryAfter)
        + "';\n"
          "}\n";
}

}  // namespace ratelab
