#pragma once
// The options of a log import by name, with values as text: how `ratelab-cli import` and
// `recommend` (--log-format x is {"log_format", "x"}) and a scenario's log source
// ("log_format": "x") set ImportOptions. One parser for both, so they read the same names
// and the same values:
//
//   format          auto (detected from the first lines), combined, common, nginx, w3c, alb,
//                   haproxy, jsonl, csv, tsv
//   log_format      an nginx log_format string (implies format nginx)
//   key             what requests are counted under: ip, user, api_key, endpoint, ip_endpoint
//   xff             from a proxy chain, the first or the last untrusted address
//   trusted         trusted proxies: CIDR blocks, addresses or text prefixes, comma-separated
//                   (given again, it adds entries)
//   api_key_param   the query parameter holding the API key (default api_key)
//   api_key_field   the field holding the API key (nginx variable, W3C field, JSON path, CSV column)
//   path_templates  true or false: endpoint keys collapse numeric, hex and UUID segments to :id
//   look_back       how far back out-of-order lines are reordered: seconds ("90", "2.5") or a
//                   duration ("90s", "2m"); default 60 s

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

struct ImportOptions;

struct LogOption {
    std::string name;   // e.g. "log_format"
    std::string value;  // as the command line writes it
};

struct LogOptionProblem {
    std::string option;   // the option's name
    std::string message;  // e.g. "unknown format \"foo\": one of auto, combined, ..."
};

struct LogOptionInfo {
    std::string_view name;
    std::string_view help;  // one line, for the command line's --help
    bool flag;              // true or false; on the command line a switch without a value
};

// Every option, in the order of the table above.
std::span<const LogOptionInfo> logOptionTable();

// The values of an option that takes one of a fixed set ("auto, combined, ..."); empty for
// the others.
std::string logOptionChoices(std::string_view name);

// Sets the given options over `options` (later ones win; `trusted` adds), then checks that
// they fit together (log_format only with format nginx or auto; format nginx needs a
// log_format) and that the log_format and the trusted proxies parse. Returns every problem,
// each naming its option; `options` is only meaningful when there is none. Tier maps, the
// line-length limit and the progress size are not named options.
std::vector<LogOptionProblem> applyLogOptions(std::span<const LogOption> given, ImportOptions& options);

// The named options that set `options` again through applyLogOptions (defaults left out):
// how a scenario's log source is written for options chosen elsewhere (the GUI's import).
// Field mappings and tier maps are not named options and are not carried.
std::vector<LogOption> logOptionsOf(const ImportOptions& options);

}  // namespace ratelab
