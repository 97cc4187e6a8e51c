#include "engine/sim/explain.h"

#include "engine/algorithms/httpheaders.h"

#include <cmath>
#include <cstdio>

namespace ratelab {
namespace {

double valueOf(const std::vector<StateValue>& values, const char* name, double fallback = 0)
{
    for (const StateValue& v : values) {
        if (v.name == name)
            return v.value;
    }
    return fallback;
}

bool has(const std::vector<StateValue>& values, const char* name)
{
    for (const StateValue& v : values) {
        if (v.name == name)
            return true;
    }
    return false;
}

std::string number(double v, int decimals = 1)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string duration(double us)
{
    if (std::abs(us) < 1000)
        return number(us, 0) + " us";
    if (std::abs(us) < 1'000'000)
        return number(us / 1000, 1) + " ms";
    return number(us / 1e6, 3) + " s";
}

std::string retryText(const Decision& d)
{
    if (d.retryAfterUs == kNeverPasses)
        return " It can never pass: its cost is above what the limit ever allows.";
    return " It fits in " + duration(static_cast<double>(d.retryAfterUs)) + ": Retry-After "
        + std::to_string(secondsRoundedUp(d.retryAfterUs)) + ".";
}

} // namespace

std::string formatSeconds(Duration us)
{
    return number(static_cast<double>(us) / 1e6, 3) + " s";
}

std::string explainDecision(const ExplainInput& in)
{
    const Decision& d = in.decision;
    std::string s = "t = ";
    s += formatSeconds(in.atUs);
    s += ": ";
    s += d.allowed ? (d.delayUs > 0 ? "accepted, delayed " + duration(static_cast<double>(d.delayUs)) + ". " : "allowed. ")
                   : "rejected. ";
    const std::string cost = std::to_string(in.cost);

    if (has(in.before, "tokens")) {
        const double before = valueOf(in.before, "tokens");
        const double capacity = valueOf(in.limits, "capacity");
        s += "The bucket holds " + number(before) + " of " + number(capacity, 0) + " tokens; this request costs " + cost;
        if (d.allowed)
            s += ", leaving " + number(valueOf(in.after, "tokens")) + ". Remaining: " + std::to_string(d.remaining) + ".";
        else
            s.append(".").append(retryText(d));
    } else if (has(in.before, "excess")) {
        const double before = valueOf(in.before, "excess");
        const double burst = valueOf(in.limits, "burst");
        const double after = d.allowed ? valueOf(in.after, "excess") : before + static_cast<double>(in.cost);
        s += "The excess had drained to " + number(before) + "; this request adds " + cost + ": excess " + number(after)
            + (d.allowed ? ", not above" : ", above") + " burst " + number(burst, 0) + ".";
        if (d.allowed && d.delayUs > 0)
            s += " Shape mode holds it until the excess drains.";
        if (!d.allowed)
            s += retryText(d);
    } else if (has(in.before, "estimate")) {
        const double prev = valueOf(in.before, "previous");
        const double curr = valueOf(in.before, "current");
        const double weight = valueOf(in.before, "previous_weight");
        const double estimate = valueOf(in.before, "estimate");
        const double limit = valueOf(in.limits, "limit");
        s += "The last window counted " + number(prev, 0) + ", this one " + number(curr, 0) + "; the last one still weighs "
            + number(weight * 100, 0) + "%: floor(" + number(prev, 0) + " x " + number(weight, 2) + ") + " + number(curr, 0)
            + " = " + number(estimate, 0) + ", and " + number(estimate, 0) + " + " + cost
            + (d.allowed ? " is within " : " exceeds ") + number(limit, 0) + ".";
        if (!d.allowed)
            s += retryText(d);
    } else if (has(in.before, "tat_minus_now")) {
        const double ahead = valueOf(in.before, "tat_minus_now");
        const double tau = valueOf(in.limits, "tau");
        const double interval = valueOf(in.limits, "emission_interval");
        const double moved = ahead + interval * static_cast<double>(in.cost);
        s += "The TAT is " + duration(ahead) + " ahead of now; this request would move it to " + duration(moved) + " ahead, "
            + (d.allowed ? "within" : "beyond") + " tau = " + duration(tau) + ".";
        if (!d.allowed)
            s += retryText(d);
    } else if (has(in.before, "count")) {
        const double count = valueOf(in.before, "count");
        const double limit = valueOf(in.limits, "limit");
        if (has(in.before, "window_start_us")) {
            s += "This window has counted " + number(count, 0) + " of " + number(limit, 0) + "; this request costs " + cost + ".";
        } else {
            s += number(count, 0) + " admitted requests lie in the last window, limit " + number(limit, 0)
                + "; this request costs " + cost + ".";
        }
        if (!d.allowed)
            s += retryText(d);
        else
            s += " Remaining: " + std::to_string(d.remaining) + ".";
    } else {
        s += d.allowed ? "Remaining: " + std::to_string(d.remaining) + "." : retryText(d).substr(1);
    }
    return s;
}

} // namespace ratelab
