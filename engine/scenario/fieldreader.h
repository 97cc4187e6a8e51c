#pragma once
// The scenario's JSON reader: reads one JSON object field by field, each field checked for
// its type and range, collecting every problem with its JSON path instead of stopping at the
// first; a field with a problem reads as its fallback. Internal to engine/scenario/.

#include "engine/core/units.h"
#include "engine/scenario/problemtext.h"
#include "engine/scenario/scenarioerror.h"
#include "engine/scenario/scenarionames.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>
#include <optional>

namespace ratelab {

using Json = nlohmann::json;

class FieldReader {
public:
    explicit FieldReader(std::vector<ScenarioProblem>& problems) : m_problems(problems) {}

    void problem(const std::string& path, const std::string& message) { m_problems.push_back({path, message}); }
    // Problems so far: a check across fields runs only when none of them had one.
    std::size_t count() const { return m_problems.size(); }

    // Complains about fields not in `known`.
    void onlyKnown(const Json& object, const std::string& path, std::initializer_list<const char*> known)
    {
        onlyKnown(object, path, std::vector<std::string_view>(known.begin(), known.end()));
    }

    void onlyKnown(const Json& object, const std::string& path, const std::vector<std::string_view>& known)
    {
        if (!object.is_object()) {
            problem(path, "must be an object");
            return;
        }
        for (const auto& [name, value] : object.items()) {
            (void)value;
            if (std::find(known.begin(), known.end(), name) == known.end())
                problem(join(path, clipText(name)), "unknown field");
        }
    }

    static std::string join(const std::string& path, const std::string& field)
    {
        return path.empty() ? field : path + "." + field;
    }

    std::string text(const Json& o, const std::string& path, const char* field, const std::string& fallback)
    {
        if (!o.contains(field))
            return fallback;
        if (!o[field].is_string()) {
            problem(join(path, field), "must be a string");
            return fallback;
        }
        return o[field].get<std::string>();
    }

    std::int64_t integer(const Json& o, const std::string& path, const char* field, std::int64_t fallback, std::int64_t min,
                         std::int64_t max = std::numeric_limits<std::int64_t>::max())
    {
        if (!o.contains(field))
            return fallback;
        const Json& v = o[field];
        if (!v.is_number_integer()) {
            problem(join(path, field), "must be an integer");
            return fallback;
        }
        // Out of range, the fallback: nothing computed from the value may divide by zero or
        // size a vector by it before the problems are thrown.
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(max)) {
            problem(join(path, field), "must be <= " + std::to_string(max));
            return fallback;
        }
        const auto value = v.get<std::int64_t>();
        if (value < min)
            problem(join(path, field), "must be >= " + std::to_string(min));
        else if (value > max)
            problem(join(path, field), "must be <= " + std::to_string(max));
        else
            return value;
        return fallback;
    }

    double number(const Json& o, const std::string& path, const char* field, double fallback, double min,
                  double max = std::numeric_limits<double>::max())
    {
        if (!o.contains(field))
            return fallback;
        if (!o[field].is_number()) {
            problem(join(path, field), "must be a number");
            return fallback;
        }
        const double value = o[field].get<double>();
        if (!(value >= min))
            problem(join(path, field), "must be >= " + shortNumber(min));
        else if (value > max)
            problem(join(path, field), "must be <= " + shortNumber(max));
        else
            return value;
        return fallback;
    }

    Duration duration(const Json& o, const std::string& path, const char* field, Duration fallback, Duration min = 1)
    {
        if (!o.contains(field))
            return fallback;
        if (!o[field].is_string()) {
            problem(join(path, field), "must be a duration string like \"250ms\" or \"60s\"");
            return fallback;
        }
        std::string error;
        const auto value = parseDuration(o[field].get<std::string>(), error);
        if (!value) {
            problem(join(path, field), error);
            return fallback;
        }
        if (*value < min) {
            problem(join(path, field), "must be at least " + formatDuration(min));
            return fallback;
        }
        return *value;
    }

    Duration signedDuration(const Json& o, const std::string& path, const char* field)
    {
        if (!o.contains(field))
            return 0;
        std::string error;
        const auto value = o[field].is_string() ? parseSignedDuration(o[field].get<std::string>(), error) : std::nullopt;
        if (!value) {
            problem(join(path, field), error.empty() ? "must be a duration string like \"-250ms\"" : error);
            return 0;
        }
        return *value;
    }

    std::optional<Rate> rate(const Json& o, const std::string& path, const char* field, bool required)
    {
        if (!o.contains(field)) {
            if (required)
                problem(join(path, field), "missing: a rate like \"100/s\"");
            return std::nullopt;
        }
        if (!o[field].is_string()) {
            problem(join(path, field), "must be a rate string like \"100/s\"");
            return std::nullopt;
        }
        std::string error;
        auto value = parseRate(o[field].get<std::string>(), error);
        if (!value)
            problem(join(path, field), error);
        return value;
    }

    // The field's array, or an empty one (with a problem when the field is not an array).
    const Json& array(const Json& o, const std::string& path, const char* field)
    {
        static const Json empty = Json::array();
        if (!o.contains(field))
            return empty;
        if (!o[field].is_array()) {
            problem(join(path, field), "must be an array");
            return empty;
        }
        return o[field];
    }

    template <std::size_t N>
    int choice(const Json& o, const std::string& path, const char* field, const Named (&table)[N], int fallback)
    {
        if (!o.contains(field))
            return fallback;
        const std::string value = o[field].is_string() ? o[field].get<std::string>() : std::string();
        for (const Named& n : table) {
            if (value == n.name)
                return n.value;
        }
        std::string options;
        for (const Named& n : table)
            options += (options.empty() ? "" : ", ") + std::string(n.name);
        problem(join(path, field), "must be one of " + options);
        return fallback;
    }

    // A log option as the command line writes it: a string, an integer or a boolean; the
    // trusted proxies may also be an array of strings.
    std::optional<std::string> logOptionText(const Json& v, const std::string& path, std::string_view name)
    {
        if (v.is_string())
            return v.get<std::string>();
        if (v.is_number_integer())
            return integerText(v);
        if (v.is_boolean())
            return v.get<bool>() ? "true" : "false";
        if (name == "trusted" && v.is_array()) {
            std::string joined;
            for (const Json& entry : v) {
                if (!entry.is_string()) {
                    problem(path, "must be an array of strings");
                    return std::nullopt;
                }
                joined.append(joined.empty() ? "" : ",").append(entry.get<std::string>());
            }
            return joined;
        }
        problem(path, "must be a string, an integer or a boolean");
        return std::nullopt;
    }

    // Parameters may be written as strings, numbers or booleans; all become CLI-syntax text.
    ParamValues params(const Json& o, const std::string& path)
    {
        ParamValues out;
        if (!o.is_object()) {
            problem(path, "must be an object of parameter values");
            return out;
        }
        for (const auto& [name, value] : o.items()) {
            if (value.is_string())
                out[name] = value.get<std::string>();
            else if (value.is_number_integer())
                out[name] = integerText(value);
            else if (value.is_boolean())
                out[name] = value.get<bool>() ? "true" : "false";
            else
                problem(join(path, name), "must be a string, an integer or a boolean");
        }
        return out;
    }

private:
    // An integer as written: 2^63 and more are unsigned in the JSON and do not fit an int64.
    static std::string integerText(const Json& v)
    {
        return v.is_number_unsigned() ? std::to_string(v.get<std::uint64_t>()) : std::to_string(v.get<std::int64_t>());
    }

    std::vector<ScenarioProblem>& m_problems;
};

}  // namespace ratelab
