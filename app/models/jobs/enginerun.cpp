// The controllers' default engine functions, in their own translation unit so code that
// injects its own (the model tests) does not pull the whole engine in.
#include "app/models/jobs/bucketcountscontroller.h"
#include "app/models/jobs/learncontroller.h"
#include "app/models/jobs/simulationcontroller.h"
#include "app/models/text/decisiontext.h"

#include "engine/engine.h"

namespace ratelab {

SimulationController::SimulationController(QObject* parent)
    : SimulationController(
        [](const Scenario& s, RunControl& c) {
            return runScenario(s, c, RunOptions{.limit = WorkLimit::Capped, .threads = defaultRunThreads(), .shard = {}});
        },
        parent)
{}

LearnController::LearnController(QObject* parent)
    : LearnController([](const Scenario& s, std::size_t count, RunControl& c) { return busiestKeys(s, count, c); },
                      [](const Scenario& s, const std::string& id, const std::string& key, SimTime fromUs, std::size_t maxSteps,
                         RunControl& c) {
                          KeyHistory history = keyHistory(s, id, key, fromUs, maxSteps, c);
                          wordDecisions(history);
                          return history;
                      },
                      parent)
{}

BucketCountsController::BucketCountsController(QObject* parent)
    : BucketCountsController([](const Scenario& s, std::size_t count, RunControl& c) { return busiestKeys(s, count, c); },
                             [](const Scenario& s, const std::optional<std::string>& key, Duration bucketUs, RunControl& c) {
                                 return bucketCounts(s, key, bucketUs, c);
                             },
                             parent)
{}

}  // namespace ratelab
