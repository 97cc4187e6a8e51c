#pragma once
// The body of a 429 response: an RFC 9457 problem-details object (media type
// application/problem+json), built from the same decision and policy as the headers
// (httpheaders.h), so the body and the headers never disagree.
//
// The problem type is the one draft-ietf-httpapi-ratelimit-headers defines for a request that
// exceeds a quota policy, https://iana.org/assignments/http-problem-types#quota-exceeded, with
// its extension member `violated-policies` (the names of the exceeded policies). RateLab adds
// three members that restate the headers as numbers: `retry-after` (the Retry-After seconds,
// absent exactly when the header is: the request can never pass), `limit` and `window` (the
// policy's quota and its window in seconds rounded up, RateLimit-Policy's q and w).

#include "engine/algorithms/limiter/decision.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ratelab {

inline constexpr std::string_view kQuotaExceededType = "https://iana.org/assignments/http-problem-types#quota-exceeded";
inline constexpr std::string_view kQuotaExceededTitle = "Request cannot be satisfied as assigned quota has been exceeded";
inline constexpr int kTooManyRequests = 429;

struct ProblemDetails {
    std::string_view type = kQuotaExceededType;
    std::string_view title = kQuotaExceededTitle;
    int status = kTooManyRequests;
    std::string detail;                             // one sentence built from the values below
    std::string policyName;                         // the one entry of `violated-policies`
    std::optional<std::int64_t> retryAfterSeconds;  // Retry-After; none when the request never passes
    std::int64_t limit = 0;                         // the policy's quota
    std::int64_t windowSeconds = 0;                 // the policy's window, rounded up
};

// The problem of a rejected request of `cost`; none for an allowed one.
std::optional<ProblemDetails> problemDetails(const Decision& decision, const QuotaPolicy& policy, std::string_view policyName,
                                             Cost cost);

// The problem of a used-up quota, with the Retry-After seconds when known (a proxy's static
// 429 body: nginx's static Retry-After, none for Envoy).
ProblemDetails quotaExceeded(const QuotaPolicy& policy, std::string_view policyName,
                             std::optional<std::int64_t> retryAfterSeconds);

// Compact: one line (a CSV field). Indented: one member a line, two spaces in (for reading).
enum class JsonLayout { Compact, Indented };

// The object as JSON, members in the order of the struct (RFC 9457's own first).
std::string problemJson(const ProblemDetails& problem, JsonLayout layout = JsonLayout::Compact);

// A JSON string literal of `text`, quotes included (RFC 8259 escapes).
std::string jsonString(std::string_view text);

}  // namespace ratelab
