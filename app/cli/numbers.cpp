#include "app/cli/numbers.h"

#include <cstdio>

namespace ratelab::cli {

std::string percent(double share, int decimals)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.*f%%", decimals, share * 100.0);
    return text;
}

}  // namespace ratelab::cli
