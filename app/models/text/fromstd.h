#pragma once
// The engine's text (UTF-8 std::string) as a QString, where the app shows it.

#include <QString>

#include <string>

namespace ratelab {

inline QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

}  // namespace ratelab
