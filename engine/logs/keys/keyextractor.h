#pragma once
// Which key a request is counted under (what a rate limiter would key on):
//   ip          the client address (see clientaddress.h for proxy chains)
//   user        the authenticated user ("-" means none: the line has no key)
//   api_key     a configured field, else a query parameter (default "api_key")
//   endpoint    "METHOD /path" (query dropped; with path templates, ids become ":id")
//   ip_endpoint "ip METHOD /path"
// A line with no value for the key is skipped as LineProblem::NoKey.

#include "engine/logs/keys/clientaddress.h"
#include "engine/logs/parsers/logfields.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

enum class KeyKind { Ip, User, ApiKey, Endpoint, IpEndpoint };

std::string_view keyKindName(KeyKind kind);  // "ip", "user", "api_key", "endpoint", "ip_endpoint"
std::optional<KeyKind> keyKindFromName(std::string_view name);

struct KeyOptions {
    KeyKind kind = KeyKind::Ip;
    ForwardedChoice forwarded = ForwardedChoice::First;
    std::vector<std::string> trustedProxies;  // CIDR blocks, addresses or text prefixes
    std::string apiKeyParam = "api_key";      // query parameter read when no API-key field is logged
    bool pathTemplates = false;               // collapse ids in endpoint paths
};

class KeyExtractor {
public:
    // Throws std::invalid_argument for a malformed trusted-proxy entry.
    explicit KeyExtractor(KeyOptions options);

    // The key of a parsed line, valid until the next call; empty when the line has none.
    std::string_view keyOf(const LogFields& fields);

    // The client address alone (the ip key), for any key kind.
    std::string_view clientOf(const LogFields& fields) const;

private:
    void appendEndpoint(const LogFields& fields);

    KeyOptions m_options;
    TrustedProxies m_trusted;
    std::string m_buffer;
};

// The value of query parameter `name` in "a=1&api_key=xyz" or "/p?a=1&api_key=xyz".
std::string_view queryParameter(std::string_view targetOrQuery, std::string_view name);

}  // namespace ratelab
