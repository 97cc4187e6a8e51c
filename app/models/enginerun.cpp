// The controller's default run function, in its own translation unit so code that injects
// its own run (the model tests) does not pull the whole engine in.
#include "app/models/simulationcontroller.h"

#include "engine/engine.h"

namespace ratelab {

SimulationController::SimulationController(QObject* parent)
    : SimulationController([](const Scenario& s, RunControl& c) { return runScenario(s, c); }, parent)
{
}

} // namespace ratelab
