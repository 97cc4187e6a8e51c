#include "engine/logs/parsers/logformat.h"

#include "engine/logs/parsers/albparser.h"
#include "engine/logs/parsers/commonlogparser.h"
#include "engine/logs/parsers/delimitedparser.h"
#include "engine/logs/parsers/haproxyparser.h"
#include "engine/logs/parsers/jsonlinesparser.h"
#include "engine/logs/parsers/nginxformat.h"
#include "engine/logs/parsers/w3cparser.h"

#include <array>
#include <utility>

namespace ratelab {

namespace {

constexpr std::array<std::pair<LogFormat, std::string_view>, 10> kNames = {{
    {LogFormat::Auto, "auto"},
    {LogFormat::Combined, "combined"},
    {LogFormat::Common, "common"},
    {LogFormat::Nginx, "nginx"},
    {LogFormat::W3c, "w3c"},
    {LogFormat::Alb, "alb"},
    {LogFormat::Haproxy, "haproxy"},
    {LogFormat::JsonLines, "jsonl"},
    {LogFormat::Csv, "csv"},
    {LogFormat::Tsv, "tsv"},
}};

}  // namespace

std::string_view formatName(LogFormat format)
{
    for (const auto& [f, name] : kNames)
        if (f == format)
            return name;
    return "unknown";
}

std::optional<LogFormat> formatFromName(std::string_view name)
{
    for (const auto& [f, n] : kNames)
        if (n == name)
            return f;
    if (name == "json" || name == "jsonlines")
        return LogFormat::JsonLines;
    if (name == "iis")
        return LogFormat::W3c;
    if (name == "elb")
        return LogFormat::Alb;
    return std::nullopt;
}

std::unique_ptr<LineParser> makeParser(LogFormat format, const ParserOptions& options)
{
    switch (format) {
    case LogFormat::Combined: return std::make_unique<CommonLogParser>(CommonLogParser::Variant::Combined);
    case LogFormat::Common: return std::make_unique<CommonLogParser>(CommonLogParser::Variant::Common);
    case LogFormat::Nginx:
        return std::make_unique<NginxFormatParser>(NginxFormat::compile(options.nginxLogFormat, options.apiKeyField));
    case LogFormat::W3c: return std::make_unique<W3cParser>(options.apiKeyField);
    case LogFormat::Alb: return std::make_unique<AlbParser>();
    case LogFormat::Haproxy: return std::make_unique<HaproxyParser>();
    case LogFormat::JsonLines:
    case LogFormat::Csv:
    case LogFormat::Tsv: {
        FieldMapping mapping = options.mapping;
        if (!options.apiKeyField.empty())
            mapping.apiKey.insert(mapping.apiKey.begin(), options.apiKeyField);
        if (format == LogFormat::JsonLines)
            return std::make_unique<JsonLinesParser>(mapping);
        return std::make_unique<DelimitedParser>(format == LogFormat::Csv ? ',' : '\t', std::move(mapping));
    }
    case LogFormat::Auto: break;
    }
    throw LogFormatError("no parser for the format '" + std::string(formatName(format)) + "'");
}

}  // namespace ratelab
