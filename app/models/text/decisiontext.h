#pragma once
// A Learn step's decision in words with its arithmetic: the sentence the step's arithmetic
// gives (engine arithmetic.h, one per family of algorithms), every number in it written
// through the app's one formatter (formatting.h): "Held 2.0 at 1.000 s; refilled 0.240 s ×
// 5/s = 1.2 → 3.2 tokens; this request costs 1 → allowed, 2.2 left." Numbers a decision
// compares show as many decimals as keep them on their side of the limit.

#include "engine/engine.h"

#include <QString>

namespace ratelab {

QString decisionSentence(const KeyStep& step);

// In a cluster scenario, what the cluster decided beside the exact limiter: "The cluster
// allowed it on inst-2 at 20.100 s (the store did not answer: fail_open let it through),
// unlike the exact limiter." Empty without a cluster decision. decisionSentence ends with it.
QString clusterClause(const KeyStep& step);

// Fills every step's `sentence` (the histories the Learn view shows).
void wordDecisions(KeyHistory& history);

}  // namespace ratelab
