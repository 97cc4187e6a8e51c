#include "engine/scenario/workestimate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ratelab {
namespace {

double perMicro(const Rate& rate)
{
    return static_cast<double>(rate.num) / static_cast<double>(rate.den);
}

// A connections source's handshakes and messages: each connection's handshake and its mean
// lifetime's messages (at most the run's), the messages thinned by a burst pattern's off time.
double connectionRequests(const ConnectionSpec& c, double span)
{
    const double connections = c.openRate ? perMicro(*c.openRate) * span : static_cast<double>(c.count);
    const double lifetime = c.lifetime == LifetimeKind::Uniform
        ? (static_cast<double>(c.lifetimeUs) + static_cast<double>(c.lifetimeMaxUs)) / 2
        : static_cast<double>(c.lifetimeUs);
    double messages = perMicro(c.messageRate) * std::min(lifetime, span);
    if (c.pattern == MessagePattern::Bursty)
        messages *= static_cast<double>(c.on) / (static_cast<double>(c.on) + static_cast<double>(c.off));
    return connections * (1 + messages);
}

// Requests one source generates in [0, duration).
double sourceRequests(const SourceSpec& src, Duration duration)
{
    const auto span = static_cast<double>(duration);
    switch (src.kind) {
    case SourceKind::Constant:
    case SourceKind::Poisson:
    case SourceKind::Diurnal:  // the mean rate
        return perMicro(src.rate) * span;
    case SourceKind::OnOff:
        return perMicro(src.rate) * span * static_cast<double>(src.on)
            / (static_cast<double>(src.on) + static_cast<double>(src.off));
    case SourceKind::FlashCrowd: {
        // The base rate throughout, and the crowd's extra: half the ramp, the hold, half the
        // decay (at most the whole run at the peak).
        const double extra = src.peak ? perMicro(*src.peak) - perMicro(src.rate) : 0.0;
        const double crowd =
            extra * (static_cast<double>(src.ramp) / 2 + static_cast<double>(src.hold) + static_cast<double>(src.decay) / 2);
        return std::min(perMicro(src.rate) * span + crowd, (perMicro(src.rate) + extra) * span);
    }
    case SourceKind::BoundaryAttack:
        return 2.0 * static_cast<double>(src.count) * (std::floor(span / static_cast<double>(src.period)) + 1);
    case SourceKind::Trace:
    case SourceKind::Log: return 0;
    case SourceKind::Connections: return connectionRequests(src.connections, span);
    }
    return 0;
}

// 1234567 -> "1,234,567"; beyond 10^15, "1.2e+18".
std::string grouped(double value)
{
    if (value >= 1e15) {
        char text[32];
        std::snprintf(text, sizeof text, "%.2g", value);
        return text;
    }
    const std::string digits = std::to_string(std::llround(value));
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace

WorkEstimate estimateWork(const Scenario& scenario)
{
    WorkEstimate estimate;
    estimate.algorithms = scenario.algorithms.size();
    for (std::size_t i = 0; i < scenario.traffic.size(); ++i) {
        const double requests = sourceRequests(scenario.traffic[i], scenario.duration);
        estimate.requests += requests;
        if (requests > estimate.largestRequests) {
            estimate.largestRequests = requests;
            estimate.largestSource = i;
        }
    }
    return estimate;
}

std::optional<ScenarioProblem> workOverCap(const Scenario& scenario)
{
    const WorkEstimate estimate = estimateWork(scenario);
    if (estimate.decisions() <= kMaxDecisions)
        return std::nullopt;
    const std::string source = "traffic[" + std::to_string(estimate.largestSource) + "]";
    return ScenarioProblem{"traffic",
                           "about " + grouped(estimate.requests) + " requests in " + formatDuration(scenario.duration) + " ("
                               + source + " alone " + grouped(estimate.largestRequests) + ") x "
                               + std::to_string(estimate.algorithms) + (estimate.algorithms == 1 ? " algorithm" : " algorithms")
                               + " = " + grouped(estimate.decisions()) + " decisions, over the cap of " + grouped(kMaxDecisions)};
}

}  // namespace ratelab
