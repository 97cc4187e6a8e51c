// `ratelab-cli decide --backend redis://HOST[:PORT][/DB]`: the trace decided by our Lua script
// in a live Redis (engine/backend/redisdecider.h), kBatch requests a pipeline, with decide's
// columns, so that its output can be compared with the engine's line for line. The time is
// the trace's (the script's clock argv). A server that cannot be reached or stops answering
// ends the command with one line and exit 1, unless --on-failure names the policy that decides
// meanwhile (engine/backend/failoverdecider.h; a summary line on standard error counts who
// decided); bad input exits 2 as decide's does, and so does a server that refuses the
// configuration (a password, a command, a database), whatever the policy.

#include "app/cli/commands.h"
#include "app/cli/interrupt.h"
#include "app/cli/output.h"

#include "engine/backend/failoverdecider.h"
#include "engine/backend/redisdecider.h"
#include "engine/core/plural.h"
#include "engine/core/units.h"
#include "engine/limitconfig/limitexport.h"
#include "engine/tracecsv/tracereader.h"

#include <iostream>

namespace ratelab::cli {

namespace {

// Requests a pipeline: enough that the round trip is paid once per thousands of decisions,
// few enough that a slow server is noticed within the timeout.
constexpr std::size_t kBatch = 4096;

// Decides the batch and writes its rows to `out`, flushed: a trace read from a pipe shows each
// batch's decisions as they are made.
template <class Decider>
void decideBatch(Decider& decider, RequestBatch& batch, std::vector<Decision>& decisions, std::string& out)
{
    throwIfInterrupted();  // no new connection once Ctrl-C has shut the last ones down
    decider.decide(batch, decisions);
    for (std::size_t i = 0; i < batch.size(); ++i) {
        appendDecisionRow(out, batch[i].t, batch.key(i), batch[i].cost, decisions[i]);
        out += '\n';
    }
    batch.clear();
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
    std::cout.flush();
    out.clear();
    if (!std::cout)
        checkStandardOutput();
    throwIfInterrupted();
}

template <class Decider>
void decideAll(Decider& decider, std::istream& in, const std::string& fileName, std::string& out)
{
    TraceReader reader(in, fileName);
    TraceRow row;
    RequestBatch batch;
    std::vector<Decision> decisions;
    while (reader.next(row)) {
        batch.add(row.t, row.key, row.cost, row.line);
        if (batch.size() == kBatch)
            decideBatch(decider, batch, decisions, out);
    }
    decideBatch(decider, batch, decisions, out);
}

// "decided 12288: 8192 by redis://127.0.0.1:6379/0, 4096 by fail_open (1 failure, 1
// reconnect; last: <reason>)"
std::string summary(const FailoverDecider::Counts& c, const std::string& server, const std::string& policy)
{
    std::string text = "decided " + std::to_string(c.byRedis + c.byPolicy) + ": " + std::to_string(c.byRedis) + " by " + server
        + ", " + std::to_string(c.byPolicy) + " by " + policy + " (" + counted(c.failures, "failure") + ", "
        + counted(c.reconnects, "reconnect");
    if (!c.lastFailure.empty())
        text += "; last: " + c.lastFailure;
    return text + ")";
}

// "5,2s" -> 5 failures in a row, then 2 s before trying again.
bool parseBreaker(const std::string& text, FailoverSettings& settings, std::string& error)
{
    const auto comma = text.find(',');
    std::string problem;
    const auto failures = comma == std::string::npos ? std::nullopt : parseInteger(text.substr(0, comma), problem);
    const auto cooldown = comma == std::string::npos ? std::nullopt : parseDuration(text.substr(comma + 1), problem);
    if (!failures || *failures < 1 || *failures > 1'000'000 || !cooldown || *cooldown < 0) {
        error = "--breaker " + text + ": expected FAILURES,COOLDOWN, e.g. 5,2s";
        return false;
    }
    settings.breakerFailures = static_cast<int>(*failures);
    settings.cooldown = std::chrono::milliseconds(*cooldown / 1000);
    return true;
}

}  // namespace

int decideThroughRedis(const DecideOptions& options, const ParamValues& params, std::istream& in, const std::string& fileName)
{
    std::string error;
    const std::optional<RedisAddress> address = parseRedisUrl(options.backend, error);
    if (!address) {
        std::cerr << "ratelab-cli: --backend " << maskedRedisUrl(options.backend) << ": " << error << "\n";
        return kExitBadInput;
    }
    FailoverSettings settings;
    if (!options.onFailure.empty()) {
        settings.policy = options.onFailure == "fail_closed" ? FailurePolicy::FailClosed
            : options.onFailure == "local_fallback"          ? FailurePolicy::LocalFallback
                                                             : FailurePolicy::FailOpen;
        if (!options.breaker.empty() && !parseBreaker(options.breaker, settings, error)) {
            std::cerr << "ratelab-cli: " << error << "\n";
            return kExitBadInput;
        }
    } else if (!options.breaker.empty()) {
        std::cerr << "ratelab-cli: --breaker: needs --on-failure\n";
        return kExitBadInput;
    }
    std::string out = "t_us,key,cost,allowed,remaining,retry_after_us,delay_us\n";
    try {
        if (options.onFailure.empty()) {
            RedisDecider decider(*address, options.algorithm, params, options.keyPrefix);
            decideAll(decider, in, fileName, out);
            if (decider.redirections() > 0)  // a cluster resharded under the replay: say it was followed
                std::cerr << "ratelab-cli: " << decider.redirections()
                          << " requests redirected (MOVED or ASK) while the cluster's slots moved; each decided once, in order\n";
        } else {
            FailoverDecider decider(*address, options.algorithm, params, options.keyPrefix, settings);
            decideAll(decider, in, fileName, out);
            std::cerr << "ratelab-cli: " << summary(decider.counts(), address->text, options.onFailure) << "\n";
        }
    } catch (const ExportError& e) {
        std::cerr << "ratelab-cli: --backend: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const InputError& e) {
        throwIfInterrupted();
        std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
        std::cout.flush();
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const RedisConfigError& e) {  // no policy applies: the run is misconfigured
        throwIfInterrupted();
        std::cout.flush();
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const RedisError& e) {
        throwIfInterrupted();  // the connections were shut down by Ctrl-C: not a failure
        std::cout.flush();
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitInternal;
    }
    std::cout.flush();
    return kExitOk;
}

}  // namespace ratelab::cli
