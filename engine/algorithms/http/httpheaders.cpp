#include "engine/algorithms/http/httpheaders.h"

namespace ratelab {

std::optional<HeaderStyle> parseHeaderStyle(std::string_view text)
{
    if (text == "x-ratelimit")
        return HeaderStyle::XRateLimit;
    if (text == "x-ratelimit-epoch")
        return HeaderStyle::XRateLimitEpoch;
    if (text == "draft-7")
        return HeaderStyle::Draft7;
    if (text == "draft-11")
        return HeaderStyle::Draft11;
    return std::nullopt;
}

std::int64_t secondsRoundedUp(Duration us)
{
    return us <= 0 ? 0 : (us + kMicrosPerSecond - 1) / kMicrosPerSecond;
}

std::int64_t resetEpochSeconds(SimTime now, Duration resetAfterUs)
{
    return -floorDiv(-(now + resetAfterUs), kMicrosPerSecond);
}

std::string httpHeaders(HeaderStyle style, const Decision& decision, const QuotaPolicy& policy, std::string_view policyName,
                        SimTime now)
{
    const std::string quota = std::to_string(policy.quota);
    const std::string window = std::to_string(secondsRoundedUp(policy.windowUs));
    const std::string remaining = std::to_string(decision.remaining);
    const std::string reset = std::to_string(secondsRoundedUp(decision.resetAfterUs));
    // Appended piece by piece (GCC 12 warns falsely on long chains of operator+).
    std::string out;
    const auto add = [&out](std::initializer_list<std::string_view> parts) {
        for (std::string_view part : parts)
            out.append(part);
    };
    if (!decision.allowed && decision.retryAfterUs > 0)
        add({"Retry-After: ", std::to_string(secondsRoundedUp(decision.retryAfterUs)), "; "});
    switch (style) {
    case HeaderStyle::XRateLimit:
        add({"X-RateLimit-Limit: ", quota, "; X-RateLimit-Remaining: ", remaining, "; X-RateLimit-Reset: ", reset});
        break;
    case HeaderStyle::XRateLimitEpoch:
        add({"X-RateLimit-Limit: ", quota, "; X-RateLimit-Remaining: ", remaining,
             "; X-RateLimit-Reset: ", std::to_string(resetEpochSeconds(now, decision.resetAfterUs))});
        break;
    case HeaderStyle::Draft7:
        add({"RateLimit-Policy: ", quota, ";w=", window, "; RateLimit: limit=", quota, ", remaining=", remaining,
             ", reset=", reset});
        break;
    case HeaderStyle::Draft11:
        add({"RateLimit-Policy: \"", policyName, "\";q=", quota, ";w=", window, "; RateLimit: \"", policyName, "\";r=", remaining,
             ";t=", reset});
        break;
    }
    return out;
}

}  // namespace ratelab
