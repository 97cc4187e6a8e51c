#pragma once
// The catalog of algorithms and presets: names, parameters with their defaults and one-line
// help, and the factory that builds a limiter from CLI-syntax parameters. `ratelab-cli list`,
// the scenario loader and the GUI's parameter editor all read this one table.

#include "engine/algorithms/ratelimiter.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

enum class ParamKind { Integer, Duration, Rate, Choice, Boolean };

struct ParamSpec {
    std::string name;
    ParamKind kind;
    std::string defaultValue;  // empty: required
    std::string help;
    std::vector<std::string> choices;  // for ParamKind::Choice, default first
};

struct AlgorithmInfo {
    std::string name;
    std::string family;  // the base algorithm: colours and explanations follow it
    bool preset = false;
    std::string summary;
    std::string reference;  // the project and file it matches
    std::vector<ParamSpec> params;
};

using ParamValues = std::map<std::string, std::string>;

// A bad algorithm name or parameter. `field` names what is wrong ("algorithm",
// "param capacity"); what() is a one-line reason.
class ParamError : public std::runtime_error {
public:
    ParamError(std::string field, const std::string& message) : std::runtime_error(message), m_field(std::move(field)) {}
    const std::string& field() const { return m_field; }

private:
    std::string m_field;
};

const std::vector<AlgorithmInfo>& algorithmCatalog();
const AlgorithmInfo* findAlgorithm(std::string_view name);

struct BuiltLimiter {
    std::unique_ptr<RateLimiter> limiter;
    const AlgorithmInfo* info = nullptr;
    ParamValues params;  // every parameter, defaults filled in
};

// Throws ParamError.
BuiltLimiter makeLimiter(std::string_view name, const ParamValues& params);

}  // namespace ratelab
