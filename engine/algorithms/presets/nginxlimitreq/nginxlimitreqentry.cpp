// nginx_limit_req's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/presets/nginxlimitreq/nginxlimitreq.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildNginxLimitReq(const ParamReader& p)
{
    const Rate r = p.rate("rate");
    if (r.unitUs != kMicrosPerSecond && r.unitUs != kMicrosPerMinute)
        p.fail("rate", "nginx takes r/s or r/m");
    NginxLimitReq::Params params;
    // ctx->rate = rate x 1000 / scale (scale 1 or 60), in integers.
    params.rateMilli =
        static_cast<std::int64_t>(Int128{r.countScaled} * 1000 * kMicrosPerSecond / (Int128{r.unitUs} * r.decimalScale()));
    if (params.rateMilli < 1)
        p.fail("rate", "below nginx's resolution of 1 milli-request per second");
    params.burst = p.integer("burst", 0);
    p.checkTimeScale("rate", ceilDiv128(Int128{params.burst + 1} * 1000 * kMicrosPerSecond, params.rateMilli),
                     "draining burst + 1 = " + std::to_string(params.burst + 1));
    params.nodelay = p.boolean("nodelay");
    params.delay = p.integer("delay", 0);
    return std::make_unique<NginxLimitReq>(params);
}

}  // namespace

AlgorithmEntry nginxLimitReqEntry()
{
    return {{"nginx_limit_req",
             "leaky_bucket",
             true,
             "nginx limit_req: milli-request excess, millisecond clock, 1 + burst at once from idle.",
             "nginx src/http/modules/ngx_http_limit_req_module.c",
             {param::rate("rate", "Rate as N/s, N/m or nginx's Nr/s, Nr/m."),
              param::integer("burst", "Excess requests queued or tolerated.", "0"),
              param::boolean("nodelay", "Forward requests within the burst at once."),
              param::integer("delay", "Requests forwarded without delay before delaying starts.", "0")}},
            &buildNginxLimitReq};
}

}  // namespace ratelab
