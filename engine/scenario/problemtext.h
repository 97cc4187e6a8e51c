#pragma once
// How scenario problems write where and what: a JSON path with an index ("traffic[2]"), a
// quoted value, a bound. Internal to engine/scenario/.

#include "engine/core/cliptext.h"

#include <cstdio>
#include <string>
#include <string_view>

namespace ratelab {

// "path[i]": the JSON path of an array's entry.
inline std::string pathAt(const std::string& path, std::size_t i)
{
    return path + "[" + std::to_string(i) + "]";
}

// 'text', at most ~120 characters of it.
inline std::string quotedText(std::string_view text)
{
    std::string out = "'";
    return out.append(clipText(text)).append("'");
}

// 0, 1.5, 1e+06: a bound in a message.
inline std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

}  // namespace ratelab
