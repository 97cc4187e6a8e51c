#include "engine/logs/keys/keyextractor.h"

#include "engine/logs/keys/pathtemplate.h"

#include <array>
#include <utility>

namespace ratelab {

namespace {

constexpr std::array<std::pair<KeyKind, std::string_view>, 5> kKeyNames = {{
    {KeyKind::Ip, "ip"},
    {KeyKind::User, "user"},
    {KeyKind::ApiKey, "api_key"},
    {KeyKind::Endpoint, "endpoint"},
    {KeyKind::IpEndpoint, "ip_endpoint"},
}};

}  // namespace

std::string_view keyKindName(KeyKind kind)
{
    for (const auto& [k, name] : kKeyNames)
        if (k == kind)
            return name;
    return "unknown";
}

std::optional<KeyKind> keyKindFromName(std::string_view name)
{
    for (const auto& [k, n] : kKeyNames)
        if (n == name)
            return k;
    return std::nullopt;
}

std::string_view queryParameter(std::string_view s, std::string_view name)
{
    const std::size_t q = s.find('?');
    if (q != std::string_view::npos)
        s = s.substr(q + 1);
    else if (s.starts_with('/'))
        return {};  // a path without a query
    std::size_t pos = 0;
    while (pos <= s.size()) {
        const std::size_t amp = s.find('&', pos);
        const std::string_view pair = s.substr(pos, (amp == std::string_view::npos ? s.size() : amp) - pos);
        if (pair.size() > name.size() && pair.starts_with(name) && pair[name.size()] == '=')
            return pair.substr(name.size() + 1);
        if (amp == std::string_view::npos)
            break;
        pos = amp + 1;
    }
    return {};
}

KeyExtractor::KeyExtractor(KeyOptions options) : m_options(std::move(options)), m_trusted(m_options.trustedProxies) {}

std::string_view KeyExtractor::clientOf(const LogFields& fields) const
{
    return chooseClient(fields.forwardedFor, fields.client, fields.clientHasPort, m_options.forwarded, m_trusted);
}

void KeyExtractor::appendEndpoint(const LogFields& fields)
{
    m_buffer += fields.method;
    m_buffer += ' ';
    if (m_options.pathTemplates) {
        appendPathTemplate(fields.target, m_buffer);
    } else {
        const std::size_t query = fields.target.find('?');
        m_buffer += fields.target.substr(0, query);
    }
}

std::string_view KeyExtractor::keyOf(const LogFields& fields)
{
    switch (m_options.kind) {
    case KeyKind::Ip: return clientOf(fields);
    case KeyKind::User: return fields.user == "-" ? std::string_view{} : fields.user;
    case KeyKind::ApiKey: {
        if (!fields.apiKey.empty())
            return fields.apiKey;
        std::string_view key = queryParameter(fields.query, m_options.apiKeyParam);
        if (key.empty())
            key = queryParameter(fields.target, m_options.apiKeyParam);
        return key;
    }
    case KeyKind::Endpoint:
        if (fields.target.empty())
            return {};
        m_buffer.clear();
        appendEndpoint(fields);
        return m_buffer;
    case KeyKind::IpEndpoint: {
        const std::string_view client = clientOf(fields);
        if (fields.target.empty() || client.empty())
            return {};
        m_buffer.assign(client);
        m_buffer += ' ';
        appendEndpoint(fields);
        return m_buffer;
    }
    }
    return {};
}

}  // namespace ratelab
