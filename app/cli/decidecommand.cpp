#include "app/cli/commands.h"
#include "app/cli/interrupt.h"
#include "app/cli/output.h"

#include "engine/algorithms/catalog/catalog.h"
#include "engine/algorithms/http/httpheaders.h"
#include "engine/algorithms/http/problemdetails.h"
#include "engine/core/inputfile.h"
#include "engine/core/keyinterner.h"
#include "engine/tracecsv/tracereader.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace ratelab::cli {

CLI::App* addDecideCommand(CLI::App& app, DecideOptions& o)
{
    auto* decideCmd = app.add_subcommand("decide", "Replay a trace CSV (t_us,key,cost) through one algorithm or preset");
    decideCmd->add_option("--algorithm", o.algorithm, "Algorithm or preset name (see `list`)")->required();
    decideCmd->add_option("--param", o.params, "Parameter k=v, e.g. capacity=10, refill=5/s, window=60s");
    decideCmd->add_option("--trace", o.trace, "Trace CSV file, or - for standard input")->required();
    decideCmd->add_option("--headers", o.headers, "Append the HTTP headers: x-ratelimit, x-ratelimit-epoch, draft-7 or draft-11")
        ->check(CLI::IsMember({"x-ratelimit", "x-ratelimit-epoch", "draft-7", "draft-11"}));
    decideCmd
        ->add_option("--body", o.body,
                     "Append the body of each 429 response: json (an RFC 9457 problem, application/problem+json)")
        ->check(CLI::IsMember({"json"}));
    decideCmd->add_option("--backend", o.backend,
                          "Decide in a live Redis, redis://HOST[:PORT][/DB], through our Lua script, pipelined");
    decideCmd->add_option("--key-prefix", o.keyPrefix, "With --backend: before each Redis key (default rl:)");
    decideCmd
        ->add_option("--on-failure", o.onFailure,
                     "With --backend: who decides while Redis is unreachable: fail_open, fail_closed, local_fallback")
        ->check(CLI::IsMember({"fail_open", "fail_closed", "local_fallback"}));
    decideCmd->add_option("--breaker", o.breaker,
                          "With --on-failure: FAILURES,COOLDOWN, e.g. 5,2s: after 5 failures in a row wait 2 s to retry");
    return decideCmd;
}

bool splitParams(const std::vector<std::string>& args, std::map<std::string, std::string>& out, std::string& error)
{
    for (const std::string& arg : args) {
        const auto eq = arg.find('=');
        if (eq == std::string::npos || eq == 0) {
            error = "--param " + arg + ": expected k=v";
            return false;
        }
        out[arg.substr(0, eq)] = arg.substr(eq + 1);
    }
    return true;
}

namespace {

void appendInt(std::string& out, std::int64_t value)
{
    char buf[24];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, end);
}

// Quotes a CSV field when it holds a comma or a quote.
void appendCsvField(std::string& out, std::string_view field)
{
    if (field.find_first_of(",\"") == std::string_view::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

// Opens the trace file `path` into `file`; the problem, or empty.
std::string openTrace(const std::string& path, std::ifstream& file)
{
    if (std::string problem = inputFileProblem(path, "trace file"); !problem.empty())
        return problem;
    file.open(path, std::ios::binary);
    return file ? std::string() : std::string("cannot open the trace file");
}

// --headers and --body describe what the engine decided: a script in Redis returns no reset
// time and no policy. The reason, or null when the options have neither.
const char* responseRefusedByBackend(const DecideOptions& options)
{
    if (!options.headers.empty())
        return "--headers: not with --backend (the script returns no reset time)";
    if (!options.body.empty())
        return "--body: not with --backend (the script returns no policy to describe)";
    return nullptr;
}

// The optional columns after delay_us: the headers, then a rejection's 429 body (empty when
// allowed), each one CSV field.
void appendResponseColumns(std::string& out, const std::optional<HeaderStyle>& style, bool withBody, const Decision& d,
                           const QuotaPolicy& policy, const std::string& name, const TraceRow& row)
{
    if (style) {
        out += ',';
        appendCsvField(out, httpHeaders(*style, d, policy, name, row.t));
    }
    if (withBody) {
        out += ',';
        if (const auto problem = problemDetails(d, policy, name, row.cost))
            appendCsvField(out, problemJson(*problem));
    }
}

}  // namespace

// One output row's contract columns, t_us to delay_us, without the line end.
void appendDecisionRow(std::string& out, SimTime t, std::string_view key, Cost cost, const Decision& d)
{
    appendInt(out, t);
    out += ',';
    appendCsvField(out, key);
    out += ',';
    appendInt(out, cost);
    out += d.allowed ? ",1," : ",0,";
    appendInt(out, d.remaining);
    out += ',';
    appendInt(out, d.retryAfterUs);
    out += ',';
    appendInt(out, d.delayUs);
}

int runDecide(const DecideOptions& options)
{
    std::map<std::string, std::string> params;
    std::string error;
    if (!splitParams(options.params, params, error)) {
        std::cerr << "ratelab-cli: " << error << "\n";
        return kExitBadInput;
    }
    BuiltLimiter built;
    try {
        built = makeLimiter(options.algorithm, params);
    } catch (const ParamError& e) {
        std::cerr << "ratelab-cli: " << e.field() << ": " << e.what() << "\n";
        return kExitBadInput;
    }
    std::optional<HeaderStyle> style;
    if (!options.headers.empty())
        style = parseHeaderStyle(options.headers);
    const bool withBody = options.body == "json";

    std::ifstream file;
    std::istream* in = &std::cin;
    const std::string fileName = options.trace == "-" ? "<stdin>" : options.trace;
    if (options.trace != "-") {
        if (const std::string problem = openTrace(options.trace, file); !problem.empty()) {
            std::cerr << "ratelab-cli: " << options.trace << ": " << problem << "\n";
            return kExitBadInput;
        }
        in = &file;
    }

    if (!options.backend.empty()) {
        if (const char* refused = responseRefusedByBackend(options)) {
            std::cerr << "ratelab-cli: " << refused << "\n";
            return kExitBadInput;
        }
        return decideThroughRedis(options, built.params, *in, fileName);
    }
    RateLimiter& limiter = *built.limiter;
    const QuotaPolicy policy = limiter.policy();
    KeyInterner keys;
    std::string out = "t_us,key,cost,allowed,remaining,retry_after_us,delay_us";
    out += style ? ",headers" : "";
    out += withBody ? ",body\n" : "\n";
    try {
        TraceReader reader(*in, fileName);
        TraceRow row;
        while (reader.next(row)) {
            if (!limiter.acceptsCost(row.cost))
                throw InputError(fileName, row.line, "cost",
                                 limiter.maxCost() == 1
                                     ? options.algorithm + " has no request cost: cost must be 1"
                                     : options.algorithm + " takes a cost of at most " + std::to_string(limiter.maxCost()));
            Decision d;
            try {
                d = limiter.decide(keys.intern(row.key), row.t, row.cost);
            } catch (const std::overflow_error& e) {  // a run longer than the limiter's span
                throw InputError(fileName, row.line, "t_us", options.algorithm + ": " + e.what());
            }
            appendDecisionRow(out, row.t, row.key, row.cost, d);
            appendResponseColumns(out, style, withBody, d, policy, options.algorithm, row);
            out += '\n';
            if (out.size() > (1 << 16)) {  // whole lines only, so an error never cuts one
                std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
                out.clear();
                if (!std::cout)
                    checkStandardOutput();  // stop at the first failed write: throws its reason
                throwIfInterrupted();
            }
        }
    } catch (const InputError& e) {
        throwIfInterrupted();  // a read cut short by Ctrl-C, not bad input
        std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
        std::cout.flush();
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitBadInput;
    }
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
    std::cout.flush();
    return kExitOk;
}

}  // namespace ratelab::cli
