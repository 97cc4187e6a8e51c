#pragma once
// The log formats RateLab imports, their names on the command line, and the factory that
// makes a parser for one.

#include "engine/logs/parsers/fieldmapping.h"
#include "engine/logs/parsers/lineparser.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace ratelab {

enum class LogFormat { Auto, Combined, Common, Nginx, W3c, Alb, Haproxy, JsonLines, Csv, Tsv };

// "auto", "combined", "common", "nginx", "w3c", "alb", "haproxy", "jsonl", "csv", "tsv".
std::string_view formatName(LogFormat format);
std::optional<LogFormat> formatFromName(std::string_view name);

struct ParserOptions {
    std::string nginxLogFormat;                       // LogFormat::Nginx: the log_format string (or the whole directive)
    std::string apiKeyField;                          // a field holding an API key: an nginx variable name
                                                      // ("http_x_api_key"), a W3C field, a JSON path or CSV column
    FieldMapping mapping = FieldMapping::defaults();  // JSON lines and CSV/TSV
};

// A fresh parser (parsers keep per-stream state). Throws LogFormatError for a bad nginx
// log_format; LogFormat::Auto is not a parser (see detectFormat).
std::unique_ptr<LineParser> makeParser(LogFormat format, const ParserOptions& options);

}  // namespace ratelab
