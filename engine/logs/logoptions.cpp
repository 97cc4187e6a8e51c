#include "engine/logs/logoptions.h"

#include "engine/core/cliptext.h"
#include "engine/core/units.h"
#include "engine/logs/importoptions.h"
#include "engine/logs/keys/clientaddress.h"
#include "engine/logs/parsers/nginxformat.h"

#include <charconv>
#include <cmath>
#include <optional>

namespace ratelab {

namespace {

constexpr LogOptionInfo kOptions[] = {
    {"format", "Log format (default: detected from the first lines)", false},
    {"log_format", "An nginx log_format string to parse by (implies format nginx)", false},
    {"key", "What to count requests under", false},
    {"xff", "From a proxy chain, take the first or the last untrusted address", false},
    {"trusted", "Trusted proxies: CIDR blocks, addresses or prefixes (repeat or comma-separate)", false},
    {"api_key_param", "Query parameter holding the API key (default api_key)", false},
    {"api_key_field", "Field holding the API key (nginx variable, W3C field, JSON path, CSV column)", false},
    {"path_templates", "Endpoint keys: collapse numeric, hex and UUID path segments to :id", true},
    {"look_back", "How far back out-of-order lines are reordered: seconds or a duration like 2m (default 60)", false},
};

constexpr LogFormat kFormats[] = {LogFormat::Auto, LogFormat::Combined, LogFormat::Common,    LogFormat::Nginx, LogFormat::W3c,
                                  LogFormat::Alb,  LogFormat::Haproxy,  LogFormat::JsonLines, LogFormat::Csv,   LogFormat::Tsv};
constexpr KeyKind kKeyKinds[] = {KeyKind::Ip, KeyKind::User, KeyKind::ApiKey, KeyKind::Endpoint, KeyKind::IpEndpoint};

std::string unknownValue(std::string_view option, const std::string& value)
{
    std::string message = "unknown ";
    message.append(option).append(" \"").append(clipText(value)).append("\": one of ").append(logOptionChoices(option));
    return message;
}

// Seconds as the command line has always taken them ("60", "0.5"), or a duration ("90s").
std::optional<Duration> parseLookBack(const std::string& text, std::string& error)
{
    double seconds = 0;
    const char* end = text.data() + text.size();
    const auto [stop, ec] = std::from_chars(text.data(), end, seconds);
    if (ec == std::errc() && stop == end) {
        if (!(seconds >= 0 && seconds <= 1e9)) {  // also refuses nan; 1e9 s is 31 years
            error = "must be between 0 and 1e9 seconds";
            return std::nullopt;
        }
        return static_cast<Duration>(std::llround(seconds * static_cast<double>(kMicrosPerSecond)));
    }
    const auto duration = parseDuration(text, error);
    if (!duration)
        error = "expected seconds (90) or a duration (90s, 2m)";
    return duration;
}

// One option onto `options`; false with `message` set when its value is not valid.
bool apply(const LogOption& o, ImportOptions& options, std::string& message)
{
    if (o.name == "format") {
        const auto format = formatFromName(o.value);
        if (!format)
            message = unknownValue(o.name, o.value);
        else
            options.format = *format;
    } else if (o.name == "log_format") {
        options.parser.nginxLogFormat = o.value;
    } else if (o.name == "key") {
        const auto kind = keyKindFromName(o.value);
        if (!kind)
            message = unknownValue(o.name, o.value);
        else
            options.key.kind = *kind;
    } else if (o.name == "xff") {
        if (o.value != "first" && o.value != "last")
            message = unknownValue(o.name, o.value);
        options.key.forwarded = o.value == "last" ? ForwardedChoice::Last : ForwardedChoice::First;
    } else if (o.name == "trusted") {
        std::size_t start = 0;
        while (start <= o.value.size()) {
            const std::size_t comma = std::min(o.value.find(',', start), o.value.size());
            options.key.trustedProxies.push_back(o.value.substr(start, comma - start));
            start = comma + 1;
        }
    } else if (o.name == "api_key_param") {
        options.key.apiKeyParam = o.value;
    } else if (o.name == "api_key_field") {
        options.parser.apiKeyField = o.value;
    } else if (o.name == "path_templates") {
        const auto on = parseBool(o.value, message);
        options.key.pathTemplates = on.value_or(false);
    } else if (o.name == "look_back") {
        if (const auto lookBack = parseLookBack(o.value, message))
            options.lookBackUs = *lookBack;
    } else {
        message = "unknown log option";
    }
    return message.empty();
}

}  // namespace

std::span<const LogOptionInfo> logOptionTable()
{
    return kOptions;
}

std::string logOptionChoices(std::string_view name)
{
    std::string out;
    const auto add = [&out](std::string_view choice) { out.append(out.empty() ? "" : ", ").append(choice); };
    if (name == "format") {
        for (LogFormat f : kFormats)
            add(formatName(f));
    } else if (name == "key") {
        for (KeyKind k : kKeyKinds)
            add(keyKindName(k));
    } else if (name == "xff") {
        add("first");
        add("last");
    }
    return out;
}

std::vector<LogOptionProblem> applyLogOptions(std::span<const LogOption> given, ImportOptions& options)
{
    std::vector<LogOptionProblem> problems;
    for (const LogOption& o : given) {
        std::string message;
        if (!apply(o, options, message))
            problems.push_back({o.name, std::move(message)});
    }

    if (!options.parser.nginxLogFormat.empty()) {
        if (options.format != LogFormat::Auto && options.format != LogFormat::Nginx) {
            std::string message = "only with format nginx, not \"";
            message.append(formatName(options.format)).append("\"");
            problems.push_back({"log_format", std::move(message)});
        } else {
            options.format = LogFormat::Nginx;
            try {
                (void)makeParser(LogFormat::Nginx, options.parser);
            } catch (const LogFormatError& e) {
                problems.push_back({"log_format", e.what()});
            }
        }
    } else if (options.format == LogFormat::Nginx) {
        problems.push_back({"log_format", "missing: format nginx needs the nginx log_format string"});
    }

    try {
        (void)TrustedProxies(options.key.trustedProxies);
    } catch (const std::invalid_argument& e) {
        problems.push_back({"trusted", e.what()});
    }
    return problems;
}

std::vector<LogOption> logOptionsOf(const ImportOptions& options)
{
    const ImportOptions defaults;
    std::vector<LogOption> out;
    if (!options.parser.nginxLogFormat.empty())
        out.push_back({"log_format", options.parser.nginxLogFormat});  // implies format nginx
    else if (options.format != LogFormat::Auto)
        out.push_back({"format", std::string(formatName(options.format))});
    if (options.key.kind != defaults.key.kind)
        out.push_back({"key", std::string(keyKindName(options.key.kind))});
    if (options.key.forwarded != defaults.key.forwarded)
        out.push_back({"xff", options.key.forwarded == ForwardedChoice::Last ? "last" : "first"});
    for (const std::string& proxy : options.key.trustedProxies)
        out.push_back({"trusted", proxy});
    if (options.key.apiKeyParam != defaults.key.apiKeyParam)
        out.push_back({"api_key_param", options.key.apiKeyParam});
    if (!options.parser.apiKeyField.empty())
        out.push_back({"api_key_field", options.parser.apiKeyField});
    if (options.key.pathTemplates)
        out.push_back({"path_templates", "true"});
    if (options.lookBackUs != defaults.lookBackUs)
        out.push_back({"look_back", formatDuration(options.lookBackUs)});
    return out;
}

}  // namespace ratelab
