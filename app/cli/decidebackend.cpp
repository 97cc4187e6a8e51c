// `ratelab-cli decide --backend redis://HOST[:PORT][/DB]`: the trace decided by our Lua script
// in a live Redis (engine/backend/redisdecider.h), kBatch requests a pipeline, with decide's
// columns, so that its output can be compared with the engine's line for line. The time is
// the trace's (the script's clock argv). A server that cannot be reached or stops answering
// ends the command with one line and exit 1; bad input exits 2 as decide's does.

#include "app/cli/commands.h"
#include "app/cli/interrupt.h"
#include "app/cli/output.h"

#include "engine/backend/redisdecider.h"
#include "engine/limitconfig/limitexport.h"
#include "engine/tracecsv/tracereader.h"

#include <iostream>

namespace ratelab::cli {

namespace {

// Requests a pipeline: enough that the round trip is paid once per thousands of decisions,
// few enough that a slow server is noticed within the timeout.
constexpr std::size_t kBatch = 4096;

// Decides the batch and writes its rows to `out`, flushing whole lines.
void decideBatch(RedisDecider& decider, RequestBatch& batch, std::vector<Decision>& decisions, std::string& out)
{
    decider.decide(batch, decisions);
    for (std::size_t i = 0; i < batch.size(); ++i) {
        appendDecisionRow(out, batch[i].t, batch.key(i), batch[i].cost, decisions[i]);
        out += '\n';
    }
    batch.clear();
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
    out.clear();
    if (!std::cout)
        checkStandardOutput();
    throwIfInterrupted();
}

}  // namespace

int decideThroughRedis(const DecideOptions& options, const ParamValues& params, std::istream& in, const std::string& fileName)
{
    std::string error;
    const std::optional<RedisAddress> address = parseRedisUrl(options.backend, error);
    if (!address) {
        std::cerr << "ratelab-cli: --backend " << options.backend << ": " << error << "\n";
        return kExitBadInput;
    }
    std::string out = "t_us,key,cost,allowed,remaining,retry_after_us,delay_us\n";
    try {
        RedisDecider decider(*address, options.algorithm, params, options.keyPrefix);
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
    } catch (const ExportError& e) {
        std::cerr << "ratelab-cli: --backend: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const InputError& e) {
        throwIfInterrupted();
        std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
        std::cout.flush();
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const RedisError& e) {
        std::cout.flush();
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitInternal;
    }
    std::cout.flush();
    return kExitOk;
}

}  // namespace ratelab::cli
