#include "engine/sim/nominallimit.h"

#include "engine/core/units.h"

namespace ratelab {
namespace {

double perSecond(const ParamValues& params, const char* name)
{
    std::string error;
    const auto rate = parseRate(params.at(name), error);
    return rate ? rate->perSecondNearest() : 0.0;
}

}  // namespace

NominalLimit nominalLimit(const AlgorithmInfo& info, const ParamValues& params, Duration burstWindow)
{
    const std::string& family = info.family;
    if (family == "fixed_window" || family == "sliding_window_log" || family == "sliding_window_counter")
        return windowNominal(durationParam(params, "window"), std::stoll(params.at("limit")), family != "sliding_window_log");
    double ratePerSecond = 0;
    if (info.name == "token_bucket")
        ratePerSecond = perSecond(params, "refill");
    else if (info.name == "envoy_local")
        ratePerSecond = static_cast<double>(std::stoll(params.at("tokens_per_fill")))
            / (static_cast<double>(durationParam(params, "fill_interval")) / 1e6);
    else
        ratePerSecond = perSecond(params, "rate");
    bool shapes = false;
    if (info.name == "leaky_bucket")
        shapes = params.at("mode") == "shape";
    else if (info.name == "nginx_limit_req") {
        std::string error;
        shapes = !parseBool(params.at("nodelay"), error).value_or(false);
    }
    return rateNominal(ratePerSecond, burstWindow, shapes);
}

}  // namespace ratelab
