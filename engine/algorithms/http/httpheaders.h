#pragma once
// The HTTP view of a decision: what a response would carry.
//  - `Retry-After` on a rejection: RFC 9110 delay-seconds, the exact wait rounded up (absent
//    when the request can never pass);
//  - x-ratelimit: X-RateLimit-Limit / -Remaining / -Reset (seconds until idle, rounded up, as
//    Reddit sends it);
//  - x-ratelimit-epoch: the same with X-RateLimit-Reset as the Unix time of the reset instant,
//    in whole seconds rounded up (GitHub's x-ratelimit-reset, X's x-rate-limit-reset);
//  - draft-7: RateLimit-Policy: q;w=W and the combined RateLimit: limit=q, remaining=r, reset=t
//    (draft-ietf-httpapi-ratelimit-headers-07);
//  - draft-11: RateLimit-Policy: "name";q=Q;w=W and RateLimit: "name";r=R;t=T
//    (draft-ietf-httpapi-ratelimit-headers, the structured-field form).
// Headers are joined with "; " into one text field, names as written above.

#include "engine/algorithms/limiter/decision.h"

#include <optional>
#include <string>
#include <string_view>

namespace ratelab {

enum class HeaderStyle { XRateLimit, XRateLimitEpoch, Draft7, Draft11 };

std::optional<HeaderStyle> parseHeaderStyle(std::string_view text);

// Whole seconds, rounded up, of a non-negative duration.
std::int64_t secondsRoundedUp(Duration us);

// The Unix time, in whole seconds rounded up, of the instant now + resetAfterUs.
std::int64_t resetEpochSeconds(SimTime now, Duration resetAfterUs);

// `now` is the request's time, microseconds since the Unix epoch (the epoch style's reset).
std::string httpHeaders(HeaderStyle style, const Decision& decision, const QuotaPolicy& policy, std::string_view policyName,
                        SimTime now);

}  // namespace ratelab
