#pragma once
// The subcommands of ratelab-cli. Each returns the process exit code:
// 0 success, 2 bad usage or bad input (one line on stderr naming file, line and field),
// 1 internal failure.

#include <map>
#include <string>
#include <vector>

namespace ratelab::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;

struct DecideOptions {
    std::string algorithm;
    std::vector<std::string> params;  // k=v
    std::string trace;                // a path, or "-" for stdin
    std::string headers;              // empty, x-ratelimit, draft-7 or draft-11
};

int runDecide(const DecideOptions& options);
int runList();

// Splits "k=v" arguments; false with `error` set on a malformed one.
bool splitParams(const std::vector<std::string>& args, std::map<std::string, std::string>& out, std::string& error);

} // namespace ratelab::cli
