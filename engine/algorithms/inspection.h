#pragma once
// A named value of a limiter's per-key state, for the Learn view's state lanes and the
// decision sentences ("tokens" 3.2, "excess" 4.0, "count" 9, "tat_minus_now" 460000 us).

#include <string>

namespace ratelab {

struct StateValue {
    std::string name;
    double value = 0;
    std::string unit;  // "tokens", "requests", "us"
};

} // namespace ratelab
