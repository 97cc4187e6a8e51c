// `ratelab-cli export --algorithm NAME [--param k=v ...] --as redis-lua|nginx|envoy`:
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
                    "redis-lua (six exact algorithms), nginx (leaky_bucket, nginx_limit_req), "
                    "envoy (token_bucket, envoy_local)")
        ->required()
        ->check(CLI::IsMember({"redis-lua", "nginx", "envoy"}));
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
        std::cout << exportLimit(o.algorithm, params, *exportTargetFromName(o.target));
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
