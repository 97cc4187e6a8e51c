#include "engine/cluster/scaledparams.h"

#include "engine/core/units.h"

#include <cmath>
#include <cstdio>

namespace ratelab {

ParamValues paramsDividedAmong(const AlgorithmInfo& info, const ParamValues& params, std::int64_t instances)
{
    ParamValues out = params;
    for (const ParamSpec& spec : info.params) {
        const auto it = out.find(spec.name);
        if (it == out.end())
            continue;
        std::string error;
        if (spec.kind == ParamKind::Rate) {
            const auto rate = parseRate(it->second, error);
            if (!rate)
                continue;
            char text[64];
            std::snprintf(text, sizeof text, "%.6f", rate->count() / static_cast<double>(instances));
            std::string count = text;
            while (count.back() == '0')
                count.pop_back();
            if (count.back() == '.')
                count.pop_back();
            if (count == "0")
                count = "0.000001";
            it->second = count + "/" + formatDuration(rate->unitUs).substr(1);
        } else if (spec.kind == ParamKind::Integer && spec.name != "delay") {
            const auto value = parseInteger(it->second, error);
            if (!value)
                continue;
            const std::int64_t minimum = (spec.name == "burst" && info.family == "leaky_bucket") || spec.name == "max_burst" ? 0 : 1;
            it->second = std::to_string(std::max(minimum, *value / instances));
        }
    }
    return out;
}

} // namespace ratelab
