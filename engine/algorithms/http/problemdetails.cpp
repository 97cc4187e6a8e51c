#include "engine/algorithms/http/problemdetails.h"

#include "engine/algorithms/http/httpheaders.h"

namespace ratelab {

namespace {

// Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on operator+ chains of strings.
void append(std::string& out, std::initializer_list<std::string_view> parts)
{
    for (std::string_view part : parts)
        out.append(part);
}

void appendMember(std::string& out, JsonLayout layout, std::string_view name, std::string_view jsonValue)
{
    const bool first = out.size() == 1;
    if (layout == JsonLayout::Compact)
        append(out, {first ? "\"" : ",\"", name, "\":", jsonValue});
    else
        append(out, {first ? "\n  \"" : ",\n  \"", name, "\": ", jsonValue});
}

}  // namespace

ProblemDetails quotaExceeded(const QuotaPolicy& policy, std::string_view policyName,
                             std::optional<std::int64_t> retryAfterSeconds)
{
    ProblemDetails p;
    p.policyName = policyName;
    p.limit = policy.quota;
    p.windowSeconds = secondsRoundedUp(policy.windowUs);
    p.retryAfterSeconds = retryAfterSeconds;
    append(p.detail,
           {"The quota of policy ", policyName, " (", std::to_string(p.limit), " per ", std::to_string(p.windowSeconds),
            " s) is used up"});
    if (retryAfterSeconds)
        append(p.detail, {"; retry in ", std::to_string(*retryAfterSeconds), " s"});
    p.detail += '.';
    return p;
}

std::optional<ProblemDetails> problemDetails(const Decision& decision, const QuotaPolicy& policy, std::string_view policyName,
                                             Cost cost)
{
    if (decision.allowed)
        return std::nullopt;
    if (decision.retryAfterUs > 0)  // the same condition as the Retry-After header
        return quotaExceeded(policy, policyName, secondsRoundedUp(decision.retryAfterUs));
    ProblemDetails p = quotaExceeded(policy, policyName, std::nullopt);
    p.detail.clear();
    append(p.detail,
           {"A cost of ", std::to_string(cost), " is more than policy ", policyName, " (", std::to_string(p.limit), " per ",
            std::to_string(p.windowSeconds), " s) can ever admit; a retry will not pass."});
    return p;
}

std::string problemJson(const ProblemDetails& problem, JsonLayout layout)
{
    std::string out = "{";
    appendMember(out, layout, "type", jsonString(problem.type));
    appendMember(out, layout, "title", jsonString(problem.title));
    appendMember(out, layout, "status", std::to_string(problem.status));
    appendMember(out, layout, "detail", jsonString(problem.detail));
    const std::string policy = jsonString(problem.policyName);
    appendMember(out, layout, "violated-policies", "[");
    append(out, {policy, "]"});
    if (problem.retryAfterSeconds)
        appendMember(out, layout, "retry-after", std::to_string(*problem.retryAfterSeconds));
    appendMember(out, layout, "limit", std::to_string(problem.limit));
    appendMember(out, layout, "window", std::to_string(problem.windowSeconds));
    out += layout == JsonLayout::Compact ? "}" : "\n}";
    return out;
}

std::string jsonString(std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "\"";
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (byte < 0x20) {
            out += "\\u00";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        } else {
            out += c;
        }
    }
    out += '"';
    return out;
}

}  // namespace ratelab
