// `ratelab-cli import LOG`: an access log to the trace CSV that `decide` replays
// (t_us,key,cost sorted by time), with the import summary on stderr.

#include "app/cli/commands.h"

#include "engine/logs/logimporter.h"
#include "engine/logs/parallelimport.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <fstream>
#include <iostream>

namespace ratelab::cli {

namespace {

constexpr std::size_t kOutputFlushBytes = 1 << 20;

// The trace reader splits on commas and lines: those bytes in a key are percent-encoded.
void appendTraceKey(std::string& out, std::string_view key)
{
    for (char c : key) {
        switch (c) {
        case ',': out += "%2C"; break;
        case '\n': out += "%0A"; break;
        case '\r': out += "%0D"; break;
        default: out += c;
        }
    }
}

int badUsage(const std::string& message)
{
    std::cerr << "ratelab-cli: import: " << message << "\n";
    return kExitBadInput;
}

} // namespace

CLI::App* addImportCommand(CLI::App& app, ImportOptions& o)
{
    auto* cmd = app.add_subcommand("import", "Turn an access log into a trace CSV (t_us,key,cost) for decide; summary on stderr");
    cmd->add_option("log", o.log, "Access log file, or - for standard input")->required();
    cmd->add_option("--format", o.format, "Log format (default: detected from the first lines)")
        ->check(CLI::IsMember({"auto", "combined", "common", "nginx", "w3c", "alb", "haproxy", "jsonl", "csv", "tsv"}));
    cmd->add_option("--log-format", o.logFormat, "An nginx log_format string to parse by (implies --format nginx)");
    cmd->add_option("--key", o.key, "What to count requests under")
        ->check(CLI::IsMember({"ip", "user", "api_key", "endpoint", "ip_endpoint"}));
    cmd->add_option("--xff", o.xff, "From a proxy chain, take the first or the last untrusted address")
        ->check(CLI::IsMember({"first", "last"}));
    cmd->add_option("--trusted", o.trusted, "Trusted proxies: CIDR blocks, addresses or prefixes (repeat or comma-separate)")
        ->delimiter(',');
    cmd->add_option("--api-key-param", o.apiKeyParam, "Query parameter holding the API key (default api_key)");
    cmd->add_option("--api-key-field", o.apiKeyField, "Field holding the API key (nginx variable, W3C field, JSON path, CSV column)");
    cmd->add_flag("--path-templates", o.pathTemplates, "Endpoint keys: collapse numeric, hex and UUID path segments to :id");
    cmd->add_option("--tiers", o.tiers, "CSV of key,tier: requests per tier in the summary");
    cmd->add_option("--look-back", o.lookBackSeconds, "Seconds out-of-order lines are reordered over (default 60)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--threads", o.threads, "Parse on this many threads (files only; default 1)")->check(CLI::Range(1u, 64u));
    cmd->add_option("--out", o.out, "Trace CSV to write (default: standard output)");
    return cmd;
}

std::string logOptionsFrom(const ImportOptions& o, ratelab::ImportOptions& options)
{
    options.format = *formatFromName(o.format);
    if (!o.logFormat.empty()) {
        if (options.format != LogFormat::Auto && options.format != LogFormat::Nginx)
            return "--log-format is for --format nginx, not " + o.format;
        options.format = LogFormat::Nginx;
        options.parser.nginxLogFormat = o.logFormat;
    } else if (options.format == LogFormat::Nginx) {
        return "--format nginx needs --log-format '<the log_format string>'";
    }
    options.parser.apiKeyField = o.apiKeyField;
    options.key.kind = *keyKindFromName(o.key);
    options.key.forwarded = o.xff == "last" ? ForwardedChoice::Last : ForwardedChoice::First;
    options.key.trustedProxies = o.trusted;
    options.key.apiKeyParam = o.apiKeyParam;
    options.key.pathTemplates = o.pathTemplates;
    options.lookBackUs = static_cast<Duration>(std::llround(o.lookBackSeconds * static_cast<double>(kMicrosPerSecond)));
    return {};
}

int runImport(const ImportOptions& o)
{
    ratelab::ImportOptions options;
    if (const std::string error = logOptionsFrom(o, options); !error.empty())
        return badUsage(error);
    if (!o.tiers.empty()) {
        std::ifstream tierFile(o.tiers);
        if (!tierFile)
            return badUsage(o.tiers + ": cannot open the tier map");
        try {
            options.tiers = std::make_shared<TierMap>(TierMap::read(tierFile));
        } catch (const std::invalid_argument& e) {
            return badUsage(o.tiers + ": " + e.what());
        }
    }

    std::ofstream outFile;
    std::ostream* out = &std::cout;
    if (!o.out.empty()) {
        outFile.open(o.out, std::ios::binary | std::ios::trunc);
        if (!outFile)
            return badUsage(o.out + ": cannot write the trace file");
        out = &outFile;
    }

    KeyInterner keys;
    std::string buffer = "t_us,key,cost\n";
    buffer.reserve(kOutputFlushBytes + 4096);
    const RequestSink sink = [&](const ImportedRequest& r) {
        char digits[24];
        const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, r.t);
        buffer.append(digits, end);
        buffer += ',';
        appendTraceKey(buffer, keys.name(r.key));
        buffer += ",1\n";
        if (buffer.size() >= kOutputFlushBytes) {
            out->write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            buffer.clear();
        }
    };

    ImportSummary summary;
    const std::string fileName = o.log == "-" ? "<stdin>" : o.log;
    try {
        if (o.log == "-") {
            summary = importLog(std::cin, options, keys, sink);
        } else {
            if (!std::ifstream(o.log))
                return badUsage(o.log + ": cannot open the log file");
            summary = importLogFile(o.log, options, keys, sink, nullptr, o.threads);
        }
    } catch (const ImportError& e) {
        return badUsage(fileName + ": " + e.what());
    } catch (const std::invalid_argument& e) {
        return badUsage(e.what());
    }
    out->write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    out->flush();
    if (!*out) {
        std::cerr << "ratelab-cli: import: " << (o.out.empty() ? "<stdout>" : o.out) << ": write failed\n";
        return kExitInternal;
    }
    std::cerr << fileName << ":\n" << formatSummary(summary);
    return kExitOk;
}

} // namespace ratelab::cli
