// playKey: the playground's requests through a fresh limiter, step by step.

#include "engine/sim/playground.h"

#include "engine/algorithms/catalog/catalog.h"
#include "engine/algorithms/limiter/statecurve.h"

#include <algorithm>
#include <stdexcept>

namespace ratelab {

KeyHistory playKey(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                   const std::vector<PlayRequest>& requests)
{
    const AlgorithmSpec* spec = &scenario.algorithms[laneIndex(scenario, algorithmId)];
    BuiltLimiter built = makeLimiter(spec->algorithm, spec->params);
    RateLimiter& limiter = *built.limiter;

    KeyHistory history;
    history.algorithmId = algorithmId;
    history.key = key;
    history.limits = limiter.limits();
    history.policy = limiter.policy();
    const SimTime start = scenario.start;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const PlayRequest& r = requests[i];
        if (!limiter.acceptsCost(r.cost))
            throw std::invalid_argument("request " + std::to_string(i + 1) + ": " + spec->algorithm + " takes a cost of at most "
                                        + std::to_string(limiter.maxCost()));
        const SimTime t = start + r.atUs;
        if (!history.steps.empty())
            history.steps.back().curve = stateCurve(limiter, 0, start + history.steps.back().atUs, t, start);
        KeyStep step;
        step.atUs = r.atUs;
        step.cost = r.cost;
        std::unique_ptr<DecisionArithmetic> arithmetic = limiter.arithmetic(0, t);
        if (arithmetic)
            arithmetic->shift(start);
        step.arithmetic = std::move(arithmetic);
        step.decision = limiter.decide(0, t, r.cost);
        step.state = limiter.inspect(0, t);
        history.steps.push_back(std::move(step));
    }
    if (!history.steps.empty()) {
        const SimTime last = history.steps.back().atUs;
        const SimTime end = std::max<SimTime>(scenario.duration, last + 1'000'000);
        history.steps.back().curve = stateCurve(limiter, 0, start + last, start + end, start);
    }
    return history;
}

}  // namespace ratelab
