#include "engine/cluster/scaledparams.h"

#include "engine/core/units.h"

#include <algorithm>
#include <string>

namespace ratelab {

namespace {

// count x 10^-6 as the shortest decimal: 3333333 -> "3.333333", 200000000 -> "200".
std::string microText(Int128 micro)
{
    std::string digits = std::to_string(static_cast<std::int64_t>(micro / 1'000'000));
    std::int64_t fraction = static_cast<std::int64_t>(micro % 1'000'000);
    if (fraction == 0)
        return digits;
    std::string decimals = std::to_string(fraction);
    decimals.insert(0, 6 - decimals.size(), '0');
    while (decimals.back() == '0')
        decimals.pop_back();
    return digits + "." + decimals;
}

// `rate` / `instances` in the CLI's syntax, exactly when some unit (the rate's own, s, m or h)
// writes it with at most six decimals (10/s among 3 is 200/m); else the nearest below that the
// engine keeps exactly (10/s among 7: 1.428571/s would need seven digits, 1.42857/s fits),
// and never 0.
std::string dividedRate(const Rate& rate, std::int64_t instances)
{
    // Per `unitUs`, times 10^6: countScaled x unitUs x 10^6 / (10^decimals x rate.unitUs x instances).
    const Int128 over = Int128{rate.decimalScale()} * rate.unitUs * instances;
    for (const Duration unitUs : {rate.unitUs, kMicrosPerSecond, kMicrosPerMinute, kMicrosPerHour}) {
        const Int128 scaled = Int128{rate.countScaled} * unitUs * 1'000'000;
        if (scaled % over != 0)
            continue;
        const std::string text = microText(scaled / over) + "/" + formatDuration(unitUs).substr(1);
        std::string error;
        if (parseRate(text, error))
            return text;
    }
    const std::string unit = formatDuration(rate.unitUs).substr(1);
    Int128 micro = Int128{rate.countScaled} * 1'000'000 / (Int128{rate.decimalScale()} * instances);
    for (Int128 step = 1; step <= 1'000'000; step *= 10) {
        const Int128 kept = std::max<Int128>(micro / step * step, step);  // fewer decimals, rounded down
        std::string error;
        if (const std::string text = microText(kept) + "/" + unit; parseRate(text, error))
            return text;
    }
    return microText(std::max<Int128>(micro, 1)) + "/" + unit;  // refused by the catalog, with its reason
}

}  // namespace

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
            it->second = dividedRate(*rate, instances);
        } else if (spec.kind == ParamKind::Integer && spec.name != "delay") {
            const auto value = parseInteger(it->second, error);
            if (!value)
                continue;
            const std::int64_t minimum =
                (spec.name == "burst" && info.family == "leaky_bucket") || spec.name == "max_burst" ? 0 : 1;
            it->second = std::to_string(std::max(minimum, *value / instances));
        }
    }
    return out;
}

}  // namespace ratelab
