#include "app/models/plotdata/lanestate.h"

#include <algorithm>
#include <cmath>

namespace ratelab {
namespace {

const StateCurve* curveNamed(const KeyStep& step, const std::string& name)
{
    for (const StateCurve& c : step.curve)
        if (c.name == name)
            return &c;
    return nullptr;
}

}  // namespace

int stepAtOrBefore(const KeyHistory& history, SimTime atUs)
{
    const auto& steps = history.steps;
    const auto after = std::upper_bound(steps.begin(), steps.end(), atUs, [](SimTime t, const KeyStep& s) { return t < s.atUs; });
    return int(after - steps.begin()) - 1;
}

std::optional<double> stateAt(const KeyHistory& history, const std::string& name, SimTime atUs)
{
    const int i = stepAtOrBefore(history, atUs);
    if (i < 0)
        return std::nullopt;
    const StateCurve* curve = curveNamed(history.steps[std::size_t(i)], name);
    if (!curve || curve->points.empty())
        return std::nullopt;
    const double v = curveValueAt(*curve, atUs);
    if (std::isnan(v))
        return std::nullopt;
    return v;
}

std::pair<int, int> stepsCovering(const KeyHistory& history, SimTime fromUs, SimTime toUs)
{
    const int last = stepAtOrBefore(history, toUs);
    // The step at or before fromUs covers it up to the next request.
    const int first = std::max(0, stepAtOrBefore(history, fromUs));
    return {first, last};
}

std::vector<SimTime> windowStarts(const KeyHistory& history, SimTime fromUs, SimTime toUs)
{
    std::vector<SimTime> out;
    const auto [first, last] = stepsCovering(history, fromUs, toUs);
    bool havePrevious = false;
    StatePoint previous;
    for (int i = first; i <= last; ++i) {
        const KeyStep& step = history.steps[std::size_t(i)];
        const StateCurve* start = curveNamed(step, "window_start_us");
        const StateCurve* weight = start ? nullptr : curveNamed(step, "previous_weight");
        const StateCurve* curve = start ? start : weight;
        if (!curve)
            return out;
        for (const StatePoint& p : curve->points) {
            // A window starts where the start moves on, or where the previous window's weight
            // jumps back up (it only falls within a window).
            const bool starts = havePrevious && p.value > previous.value && (start || p.t == previous.t);
            if (starts && p.t >= fromUs && p.t <= toUs && (out.empty() || out.back() != p.t))
                out.push_back(p.t);
            previous = p;
            havePrevious = true;
        }
    }
    return out;
}

}  // namespace ratelab

namespace ratelab {

std::size_t decisiveValue(const std::vector<StateValue>& state)
{
    for (std::size_t i = 0; i < state.size(); ++i)
        for (const char* name : {"tokens", "excess", "count", "estimate", "tat_minus_now"})
            if (state[i].name == name)
                return i;
    return 0;
}

double displayValue(double value, const std::string& unit)
{
    return unit == "us" ? value / 1000.0 : value;
}

QString displayUnit(const std::string& unit)
{
    return unit == "us" ? QStringLiteral("ms") : QString::fromStdString(unit);
}

QString stateTitle(const std::string& name)
{
    if (name == "tat_minus_now")
        return QStringLiteral("TAT − now");
    QString s = QString::fromStdString(name);
    s.replace(QLatin1Char('_'), QLatin1Char(' '));
    return s;
}

}  // namespace ratelab
