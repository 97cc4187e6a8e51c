#pragma once
// Checking an algorithm's parameters by building its limiter. Internal to engine/scenario/.

#include "engine/algorithms/limiter/params.h"
#include "engine/core/simtime.h"
#include "engine/scenario/scenarioerror.h"

namespace ratelab {

// A limiter's parameters, checked by building it: a bad parameter's problem carries its path
// under `paramsPath`, a bad algorithm name `algorithmPath`.
// `span`: how far apart the run's times may lie (runSpan), which the limiter must cover.
void checkParams(const std::string& algorithm, const ParamValues& params, const std::string& algorithmPath,
                 const std::string& paramsPath, Duration span, std::vector<ScenarioProblem>& problems);

}  // namespace ratelab
