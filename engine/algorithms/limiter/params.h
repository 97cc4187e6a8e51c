#pragma once
// What the catalog knows of one algorithm or preset (catalog/catalog.h): its name, family,
// parameters with their defaults and one-line help, and how a limiter is built from typed
// parameters (AlgorithmEntry). Each algorithm's folder gives its entry (its *entry.cpp);
// ParamReader reads the parameters there, so that every failure names the parameter alike.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/core/units.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
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
    bool transfersState = false;  // keeps its state across a limit change (statetransfer.h)
};

using ParamValues = std::map<std::string, std::string>;

// A validated duration parameter's value (0 if it does not parse), for code that reads a
// limiter's parameters after makeLimiter accepted them: exports, nominal limits.
Duration durationParam(const ParamValues& params, const std::string& name);

// A bad algorithm name or parameter. `field` names what is wrong ("algorithm",
// "param capacity"); what() is a one-line reason.
class ParamError : public std::runtime_error {
public:
    ParamError(std::string field, const std::string& message) : std::runtime_error(message), m_field(std::move(field)) {}
    const std::string& field() const { return m_field; }

private:
    std::string m_field;
};

// The specs of parameters, for an entry's list.
namespace param {
ParamSpec integer(std::string name, std::string help, std::string def = {});
ParamSpec duration(std::string name, std::string help, std::string def = {});
ParamSpec rate(std::string name, std::string help);
ParamSpec choice(std::string name, std::string help, std::vector<std::string> choices);
ParamSpec boolean(std::string name, std::string help, std::string def = "false");
// The window algorithms' own: "limit" (most cost per window) and "window".
ParamSpec limit();
ParamSpec window();
ParamSpec wholeSecondWindow();  // python limits' windows
}  // namespace param

// Reads one algorithm's typed parameters from CLI-syntax values, defaults filled in; every
// failure throws ParamError naming the parameter.
class ParamReader {
public:
    ParamReader(const AlgorithmInfo& info, const ParamValues& given);

    const ParamValues& values() const { return m_values; }

    std::int64_t integer(const std::string& name, std::int64_t min, std::int64_t max = (std::int64_t{1} << 31) - 1) const;
    Duration duration(const std::string& name, Duration min = 1) const;
    Duration wholeSeconds(const std::string& name) const;
    Rate rate(const std::string& name) const;
    bool boolean(const std::string& name) const;
    std::string choice(const std::string& name) const;

    // Scaled levels must stay inside int64: amount x rate.den.
    void checkScaled(const std::string& name, std::int64_t amount, const Rate& r) const;
    // Every time scale a limit implies (a full bucket's refill, a burst's drain) must stay
    // within the valid range of durations (simtime.h). `micros` is in Int128: it may not fit
    // in int64. `what` names it: "refilling capacity 5".
    void checkTimeScale(const std::string& name, Int128 micros, const std::string& what) const;

    // "rate" and "burst" as the float presets take them (x/time/rate, redis_rate: a burst of 0
    // allowed), with the time a burst takes to refill checked.
    std::pair<Rate, std::int64_t> rateAndBurst() const;

    [[noreturn]] void fail(const std::string& name, const std::string& why) const;

private:
    const AlgorithmInfo& m_info;
    ParamValues m_values;
};

// Microseconds for `amount` units (at least 1) at rate `r`, rounded up: the time scale
// checkTimeScale() is given.
Int128 timeFor(std::int64_t amount, const Rate& r);

// One algorithm's or preset's entry in the catalog: what it is and how to build it.
struct AlgorithmEntry {
    AlgorithmInfo info;
    std::unique_ptr<RateLimiter> (*build)(const ParamReader& params) = nullptr;
};

}  // namespace ratelab
