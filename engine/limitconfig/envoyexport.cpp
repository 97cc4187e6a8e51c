// The Envoy local rate limit filter's token bucket for token_bucket and envoy_local.
//
// Envoy reads fill_interval in whole milliseconds and refuses one under 50 ms
// (local_ratelimit_impl.cc: "fill timer must be >= 50ms"); max_tokens and tokens_per_fill are
// uint32 above 0. Up to Envoy 1.30 (to 1.33 with the runtime guard
// envoy.reloadable_features.no_timer_based_rate_limit_token_bucket=false) a timer adds
// tokens_per_fill every fill_interval, never past max_tokens (ratelab's envoy_local preset);
// from 1.31 the default AtomicTokenBucket refills continuously at tokens_per_fill /
// fill_interval, capped at max_tokens. A config holds the source's rate on both paths only if
// tokens_per_fill / fill_interval is that rate and tokens_per_fill <= max_tokens: the timer
// path cuts a larger fill at max_tokens.

#include "engine/limitconfig/limitexport.h"

#include "engine/core/units.h"

#include <numeric>

namespace ratelab {
namespace {

constexpr Duration kMinFillUs = 50 * kMicrosPerMilli;
constexpr std::int64_t kMaxUint32 = 4'294'967'295;

struct EnvoyBucket {
    std::int64_t maxTokens = 0;
    std::int64_t tokensPerFill = 0;
    Duration fillUs = 0;  // whole milliseconds
};

// A protobuf Duration in its JSON/YAML form: "1s", "0.05s".
std::string protoDuration(Duration us)
{
    std::string text = std::to_string(us / kMicrosPerSecond);
    if (const Duration frac = us % kMicrosPerSecond; frac != 0) {
        std::string digits = std::to_string(frac);
        digits = std::string(6 - digits.size(), '0') + digits;
        while (digits.back() == '0')
            digits.pop_back();
        text += "." + digits;
    }
    return text + "s";
}

void requireFillInterval(Duration us, const std::string& what)
{
    if (us % kMicrosPerMilli != 0)
        throw ExportError("Envoy reads fill_interval in whole milliseconds: " + what + " " + formatDuration(us) + " is not");
    if (us < kMinFillUs)
        throw ExportError("Envoy's fill_interval must be at least 50ms: " + what + " is " + formatDuration(us));
}

// The shortest whole-millisecond fill of at least 50 ms that adds a whole number of tokens at
// rate r, so that tokens_per_fill / fill_interval = r exactly. Any other such fill is a
// multiple of it and adds more tokens: when even this one exceeds max_tokens, none holds r.
EnvoyBucket bucketForContinuous(std::int64_t capacity, const Rate& r)
{
    // r per millisecond = num x 1000 / den = perFill / perMs in lowest terms (num <= 10^6).
    const std::int64_t numMs = r.num * kMicrosPerMilli;
    const std::int64_t common = std::gcd(numMs, r.den);
    const Int128 perFill = numMs / common;
    const Int128 perMs = r.den / common;
    const Int128 fills = (perMs + 49) / perMs;  // ceil(50 / perMs): at least 50 ms
    const Int128 tokens = perFill * fills;
    const Int128 fillUs = perMs * fills * kMicrosPerMilli;
    if (fillUs > kMaxDurationUs)
        throw ExportError("Envoy cannot hold refill " + r.text + ": its shortest fill of whole tokens is longer than "
                          + formatDuration(kMaxDurationUs));
    if (tokens > capacity)
        throw ExportError("no Envoy token bucket holds refill " + r.text + " with capacity " + std::to_string(capacity)
                          + ": fill_interval is whole milliseconds, at least 50ms, so the smallest fill that keeps " + r.text
                          + " adds " + std::to_string(static_cast<std::int64_t>(tokens)) + " tokens every "
                          + formatDuration(static_cast<Duration>(fillUs)) + ", and Envoy's timer bucket (up to 1.30) "
                          + "never fills past max_tokens: it would admit " + std::to_string(capacity) + " per "
                          + formatDuration(static_cast<Duration>(fillUs)) + ". A capacity of at least "
                          + std::to_string(static_cast<std::int64_t>(tokens)) + " holds the rate");
    return {capacity, static_cast<std::int64_t>(tokens), static_cast<Duration>(fillUs)};
}

EnvoyBucket bucketForInterval(std::int64_t capacity, const Rate& r, Duration intervalUs)
{
    requireFillInterval(intervalUs, "interval");
    const Int128 tokens = Int128{r.num} * intervalUs;
    if (tokens % r.den != 0)
        throw ExportError("Envoy adds whole tokens per fill: refill " + r.text + " over " + formatDuration(intervalUs)
                          + " is not a whole number");
    return {capacity, static_cast<std::int64_t>(tokens / r.den), intervalUs};
}

// Each line of `text` as a YAML comment.
std::string commented(const std::string& text)
{
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        out += "# " + text.substr(at, end - at) + "\n";
        at = end + 1;
    }
    return out;
}

// The 429's body, an RFC 9457 problem, as the http_connection_manager's local reply.
std::string localReplyConfig(const std::string& algorithm, const ParamValues& p)
{
    return "# The 429's body, an RFC 9457 problem (the filter sends no Retry-After, so it has no\n"
           "# retry-after), in the http_connection_manager beside http_filters:\n"
           "local_reply_config:\n"
           "  mappers:\n"
           "  - filter:\n"
           "      status_code_filter:\n"
           "        comparison:\n"
           "          op: EQ\n"
           "          value:\n"
           "            default_value: 429\n"
           "            runtime_key: ratelab_local_reply_429\n"
           "    body:\n"
           "      inline_string: '"
        + proxyProblemBody(algorithm, p, "ratelab")
        + "'\n"
          "    body_format_override:\n"
          "      text_format_source:\n"
          "        inline_string: \"%LOCAL_REPLY_BODY%\"\n"
          "      content_type: application/problem+json\n";
}

}  // namespace

std::string envoyConfig(const std::string& algorithm, const ParamValues& p)
{
    EnvoyBucket bucket;
    std::string how;
    std::string error;
    if (algorithm == "envoy_local") {
        bucket = {*parseInteger(p.at("max_tokens"), error), *parseInteger(p.at("tokens_per_fill"), error),
                  *parseDuration(p.at("fill_interval"), error)};
        requireFillInterval(bucket.fillUs, "fill_interval");
        how = "That is the envoy_local preset, decision for decision.";
    } else if (algorithm == "token_bucket") {
        const Rate r = *parseRate(p.at("refill"), error);
        const std::int64_t capacity = *parseInteger(p.at("capacity"), error);
        if (p.at("refill_mode") == "interval") {
            bucket = bucketForInterval(capacity, r, *parseDuration(p.at("interval"), error));
            how = "That is the source's interval refill, decision for decision (RateLab counts fills from\n"
                  "t = 0, Envoy from its start).";
        } else {
            bucket = bucketForContinuous(capacity, r);
            const std::string tokens = std::to_string(bucket.tokensPerFill);
            how = "The source refills continuously at " + r.text + "; the timer adds " + tokens
                + (bucket.tokensPerFill == 1 ? " token" : " tokens") + " every " + formatDuration(bucket.fillUs)
                + ", the same rate\nin whole fills. In any span of time T the source admits at most capacity + " + r.text
                + " x T,\nEnvoy up to " + tokens
                + " more (a fill just inside the span); under sustained "
                  "overload both\nadmit "
                + r.text + ".";
        }
    } else {
        throw ExportError("the Envoy local rate limit is a token bucket: it expresses token_bucket and envoy_local only, not "
                          + algorithm);
    }
    if (bucket.maxTokens > kMaxUint32 || bucket.tokensPerFill > kMaxUint32)
        throw ExportError("Envoy's max_tokens and tokens_per_fill are uint32, at most 4294967295");
    std::string text = exportHeader(algorithm, p, "#");
    text += commented("Envoy up to 1.30 (to 1.33 with the runtime guard\n"
                      "envoy.reloadable_features.no_timer_based_rate_limit_token_bucket=false) adds\n"
                      "tokens_per_fill every fill_interval on a timer, never past max_tokens.\n"
                      + how
                      + "\n"
                        "Envoy 1.31+ refills continuously at tokens_per_fill / fill_interval instead, capped at\n"
                        "max_tokens. A request takes one token (Envoy has no cost). The bucket is one per Envoy\n"
                        "instance (per route with descriptors), not per client.");
    text += "http_filters:\n"
            "- name: envoy.filters.http.local_ratelimit\n"
            "  typed_config:\n"
            "    \"@type\": type.googleapis.com/envoy.extensions.filters.http.local_ratelimit.v3.LocalRateLimit\n"
            "    stat_prefix: http_local_rate_limiter\n"
            "    token_bucket:\n"
            "      max_tokens: "
        + std::to_string(bucket.maxTokens)
        + "\n"
          "      tokens_per_fill: "
        + std::to_string(bucket.tokensPerFill)
        + "\n"
          "      fill_interval: "
        + protoDuration(bucket.fillUs)
        + "\n"
          "    filter_enabled:\n"
          "      runtime_key: local_rate_limit_enabled\n"
          "      default_value:\n"
          "        numerator: 100\n"
          "        denominator: HUNDRED\n"
          "    filter_enforced:\n"
          "      runtime_key: local_rate_limit_enforced\n"
          "      default_value:\n"
          "        numerator: 100\n"
          "        denominator: HUNDRED\n"
        + localReplyConfig(algorithm, p);
    return text;
}

}  // namespace ratelab
