// `ratelab-cli export --algorithm NAME [--param k=v ...] --as redis-lua|nginx|envoy
// [--clock argv|redis]`:
// the limit as a Redis Lua script, an nginx limit_req snippet or an Envoy local rate limit
// config (engine/limitconfig/limitexport.h).

#include "app/cli/commands.h"

#include "engine/limitconfig/limitexport.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace ratelab::cli {

CLI::App* addExportCommand(CLI::App& app, ExportOptions& o)
{
    auto* cmd =
        app.add_subcommand("export", "Write a limit as a Redis Lua script, an nginx limit_req snippet or an Envoy config");
    cmd->add_option("--algorithm", o.algorithm, "Algorithm or preset name")->required();
    cmd->add_option("--param", o.params, "Parameter k=v, as for decide");
    cmd->add_option("--as", o.target,
                    "redis-lua (six exact algorithms, redis_rate_gcra, redis_incr_expire), "
                    "nginx (leaky_bucket, token_bucket, gcra, nginx_limit_req), envoy (token_bucket, envoy_local)")
        ->required()
        ->check(CLI::IsMember({"redis-lua", "nginx", "envoy"}));
    cmd->add_option("--clock", o.clock,
                    "redis-lua: where the script takes the time from: argv (passed in, for replays; the default) "
                    "or redis (the server's TIME, one clock for every instance)")
        ->check(CLI::IsMember({"argv", "redis"}));
    return cmd;
}

int runExport(const ExportOptions& o)
{
    std::map<std::string, std::string> params;
    std::string error;
    if (!splitParams(o.params, params, error)) {
        std::cerr << "ratelab-cli: " << error << "\n";
        return kExitBadInput;
    }
    try {
        const ExportTarget target = *exportTargetFromName(o.target);
        if (!o.clock.empty() && target != ExportTarget::RedisLua) {
            std::cerr << "ratelab-cli: export: --clock is for --as redis-lua only\n";
            return kExitBadInput;
        }
        std::cout << exportLimit(o.algorithm, params, target, o.clock == "redis" ? RedisClock::Server : RedisClock::Argv);
    } catch (const ParamError& e) {
        std::cerr << "ratelab-cli: export: " << e.field() << ": " << e.what() << "\n";
        return kExitBadInput;
    } catch (const ExportError& e) {
        std::cerr << "ratelab-cli: export: " << e.what() << "\n";
        return kExitBadInput;
    }
    return kExitOk;
}

}  // namespace ratelab::cli
