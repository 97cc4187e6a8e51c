#include "engine/algorithms/limiter/params.h"

#include "engine/core/cliptext.h"

#include <algorithm>
#include <cstdio>

namespace ratelab {

Duration durationParam(const ParamValues& params, const std::string& name)
{
    std::string error;
    return parseDuration(params.at(name), error).value_or(0);
}

namespace {

// Appended to every message about the valid range of durations (simtime.h).
constexpr const char* kValidRange = " (2^50 us, about 35.7 years; see the valid range in algorithms.md)";

std::string yearsOf(Int128 micros)
{
    const double years = static_cast<double>(micros) / (365.25 * 24 * static_cast<double>(kMicrosPerHour));
    char text[32];
    std::snprintf(text, sizeof text, "%.1f years", years);
    return text;
}

}  // namespace

namespace param {

ParamSpec integer(std::string name, std::string help, std::string def)
{
    return {std::move(name), ParamKind::Integer, std::move(def), std::move(help), {}};
}
ParamSpec duration(std::string name, std::string help, std::string def)
{
    return {std::move(name), ParamKind::Duration, std::move(def), std::move(help), {}};
}
ParamSpec rate(std::string name, std::string help)
{
    return {std::move(name), ParamKind::Rate, {}, std::move(help), {}};
}
ParamSpec choice(std::string name, std::string help, std::vector<std::string> choices)
{
    std::string def = choices.front();
    return {std::move(name), ParamKind::Choice, std::move(def), std::move(help), std::move(choices)};
}
ParamSpec boolean(std::string name, std::string help, std::string def)
{
    return {std::move(name), ParamKind::Boolean, std::move(def), std::move(help), {}};
}
ParamSpec limit()
{
    return integer("limit", "Most cost admitted per window.");
}
ParamSpec window()
{
    return duration("window", "Length of the window, e.g. 1s, 60s, 1m.");
}
ParamSpec wholeSecondWindow()
{
    return duration("window", "Length of the window in whole seconds, e.g. 1s, 60s.");
}

}  // namespace param

Int128 timeFor(std::int64_t amount, const Rate& r)
{
    return ceilDiv128(Int128{std::max<std::int64_t>(amount, 1)} * r.den, r.num);
}

ParamReader::ParamReader(const AlgorithmInfo& info, const ParamValues& given) : m_info(info)
{
    for (const auto& entry : given) {
        const std::string& name = entry.first;  // a structured binding cannot be captured before clang 16
        const auto& specs = info.params;
        if (std::none_of(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; }))
            throw ParamError("param " + clipText(name),
                             "unknown parameter '" + clipText(name) + "' for " + info.name + " (see ratelab-cli list)");
    }
    for (const ParamSpec& spec : info.params) {
        auto it = given.find(spec.name);
        if (it != given.end())
            m_values[spec.name] = it->second;
        else if (!spec.defaultValue.empty())
            m_values[spec.name] = spec.defaultValue;
        else
            throw ParamError("param " + spec.name, "missing parameter " + spec.name + " for " + info.name);
    }
}

std::int64_t ParamReader::integer(const std::string& name, std::int64_t min, std::int64_t max) const
{
    std::string error;
    const auto value = parseInteger(m_values.at(name), error);
    const std::string range = "must be between " + std::to_string(min) + " and " + std::to_string(max);
    if (!value)  // beyond int64 is beyond the range too
        fail(name, error.rfind("integer out of range", 0) == 0 ? range : error);
    if (*value < min || *value > max)
        fail(name, range);
    return *value;
}

Duration ParamReader::duration(const std::string& name, Duration min) const
{
    std::string error;
    auto value = parseDuration(m_values.at(name), error);
    if (!value)
        fail(name, error);
    if (*value < min)
        fail(name, "must be at least " + formatDuration(min));
    if (*value > kMaxDurationUs)
        fail(name, "must be at most " + formatDuration(kMaxDurationUs) + kValidRange);
    return *value;
}

Duration ParamReader::wholeSeconds(const std::string& name) const
{
    const Duration value = duration(name, kMicrosPerSecond);
    if (value % kMicrosPerSecond != 0)
        fail(name, "must be a whole number of seconds (python limits' windows are)");
    return value;
}

Rate ParamReader::rate(const std::string& name) const
{
    std::string error;
    auto value = parseRate(m_values.at(name), error);
    if (!value)
        fail(name, error);
    return *value;
}

bool ParamReader::boolean(const std::string& name) const
{
    std::string error;
    auto value = parseBool(m_values.at(name), error);
    if (!value)
        fail(name, error);
    return *value;
}

std::string ParamReader::choice(const std::string& name) const
{
    const std::string& value = m_values.at(name);
    for (const ParamSpec& spec : m_info.params) {
        if (spec.name == name && std::find(spec.choices.begin(), spec.choices.end(), value) != spec.choices.end())
            return value;
    }
    std::string options;
    for (const ParamSpec& spec : m_info.params) {
        if (spec.name == name) {
            for (const auto& c : spec.choices)
                options += (options.empty() ? "" : "|") + c;
        }
    }
    fail(name, "must be one of " + options);
}

void ParamReader::checkScaled(const std::string& name, std::int64_t amount, const Rate& r) const
{
    if (Int128{amount} * r.den > (Int128{1} << 62))
        fail(name, "too large for exact arithmetic at rate " + r.text);
}

void ParamReader::checkTimeScale(const std::string& name, Int128 micros, const std::string& what) const
{
    if (micros > kMaxDurationUs)
        fail(name, what + " takes about " + yearsOf(micros) + ", more than " + formatDuration(kMaxDurationUs) + kValidRange);
}

std::pair<Rate, std::int64_t> ParamReader::rateAndBurst() const
{
    const Rate r = rate("rate");
    const std::int64_t burst = integer("burst", 0);
    checkTimeScale("rate", timeFor(burst, r), "refilling burst " + std::to_string(std::max<std::int64_t>(burst, 1)));
    return {r, burst};
}

void ParamReader::fail(const std::string& name, const std::string& why) const
{
    throw ParamError("param " + name, m_info.name + " " + name + "=" + clipText(m_values.at(name)) + ": " + why);
}

}  // namespace ratelab
