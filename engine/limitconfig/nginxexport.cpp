// nginx limit_req for leaky_bucket and nginx_limit_req.
//
// nginx keeps the rate as whole milli-requests per second, from a whole N in "Nr/s" (N x 1000)
// or "Nr/m" (N x 1000 / 60, truncated), its clock in whole milliseconds and the excess in
// milli-requests (ngx_http_limit_req_module.c). An export holds the source's rate only if
// that rate is a whole number of milli-requests per second that some Nr/s or Nr/m gives.

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

// The exact rate of leaky_bucket as nginx's milli-requests per second, or a refusal.
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

}  // namespace

std::string nginxConfig(const std::string& algorithm, const ParamValues& p)
{
    const bool preset = algorithm == "nginx_limit_req";
    if (!preset && algorithm != "leaky_bucket")
        throw ExportError("nginx limit_req expresses leaky_bucket and nginx_limit_req only, not " + algorithm);
    std::string error;
    const Rate r = *parseRate(p.at("rate"), error);
    std::string rate;
    if (preset) {
        // The preset's own rule (catalog.cpp): floor(N x 1000 / unit-seconds).
        const auto milli =
            static_cast<std::int64_t>(Int128{r.countScaled} * 1000 * kMicrosPerSecond / (Int128{r.unitUs} * r.decimalScale()));
        rate = r.decimals == 0 && p.at("rate").find("r/") != std::string::npos ? p.at("rate") : nginxRateFor(milli, r.text);
    } else {
        rate = nginxRateFor(milliRequestsOf(r), r.text);
    }
    std::string limit = "limit_req zone=ratelab burst=" + p.at("burst");
    if (preset) {
        if (p.at("nodelay") == "true")
            limit += " nodelay";
        else if (p.at("delay") != "0")
            limit += " delay=" + p.at("delay");
    } else if (p.at("mode") == "police") {
        limit += " nodelay";
    }
    std::string text = exportHeader(algorithm, p, "#");
    if (preset)
        text += "# nginx decides as the nginx_limit_req preset, decision for decision.\n";
    else
        text += "# nginx decides as leaky_bucket on a millisecond clock, with each drain truncated to whole\n"
                "# milli-requests: in any span of time T it admits at most 1 + burst + rate x (T + 1ms), and\n"
                "# under sustained overload at least 1000/1001 of the rate. A shaped request is held whole\n"
                "# milliseconds (truncated), not microseconds (rounded up). nginx has no request cost.\n";
    text += "# in the http block:\n"
            "limit_req_zone $binary_remote_addr zone=ratelab:10m rate="
        + rate
        + ";\n"
          "# in a server or location block:\n"
        + limit
        + ";\n"
          "limit_req_status 429;\n"
          "# The 429's body, an RFC 9457 problem (nginx sends no Retry-After, so it has no retry-after):\n"
          "error_page 429 @ratelab_429;\n"
          "# in the same server block:\n"
          "location @ratelab_429 {\n"
          "    default_type application/problem+json;\n"
          "    return 429 '"
        + proxyProblemBody(algorithm, p, "ratelab")
        + "';\n"
          "}\n";
    return text;
}

}  // namespace ratelab
