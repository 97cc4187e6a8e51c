#include "app/cli/commands.h"
#include "app/cli/interrupt.h"
#include "app/cli/output.h"

#include "engine/algorithms/catalog.h"
#include "engine/algorithms/httpheaders.h"
#include "engine/core/inputfile.h"
#include "engine/core/keyinterner.h"
#include "engine/tracecsv/tracereader.h"

#include <charconv>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace ratelab::cli {

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

    std::ifstream file;
    std::istream* in = &std::cin;
    const std::string fileName = options.trace == "-" ? "<stdin>" : options.trace;
    if (options.trace != "-") {
        if (const std::string problem = inputFileProblem(options.trace, "trace file"); !problem.empty()) {
            std::cerr << "ratelab-cli: " << options.trace << ": " << problem << "\n";
            return kExitBadInput;
        }
        file.open(options.trace, std::ios::binary);
        if (!file) {
            std::cerr << "ratelab-cli: " << options.trace << ": cannot open the trace file\n";
            return kExitBadInput;
        }
        in = &file;
    }

    if (!options.backend.empty()) {
        if (style) {
            std::cerr << "ratelab-cli: --headers: not with --backend (the script returns no reset time)\n";
            return kExitBadInput;
        }
        return decideThroughRedis(options, built.params, *in, fileName);
    }
    RateLimiter& limiter = *built.limiter;
    const QuotaPolicy policy = limiter.policy();
    KeyInterner keys;
    std::string out = "t_us,key,cost,allowed,remaining,retry_after_us,delay_us";
    out += style ? ",headers\n" : "\n";
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
            if (style) {
                out += ',';
                appendCsvField(out, httpHeaders(*style, d, policy, options.algorithm, row.t));
            }
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
