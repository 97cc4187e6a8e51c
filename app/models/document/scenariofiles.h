#pragma once
// Scenarios and reports as files (engine/scenario/scenarioio.h, engine/report/reportio.h) as the app
// reads and writes them: the shipped examples by name, a scenario file loaded with its
// problems as values instead of thrown, and the JSON that Save and Export report write.

#include "engine/report/report.h"
#include "engine/scenario/scenario.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace ratelab::scenariofiles {

// What loading a scenario gave: the scenario, or why there is none.
struct Loaded {
    std::optional<Scenario> scenario;  // empty when it did not load
    // The engine listed problems (a file it cannot open, JSON that does not validate); otherwise
    // something else failed and `problems` holds its one reason.
    bool invalid = false;
    QString source;        // the input the engine names in its problems; empty when it names none
    QStringList problems;  // "json.path: message", one a problem; the engine's reason when it lists none
};

// The scenarios shipped in resources/scenarios, in the engine's order ("boundary-attack", ...).
QStringList exampleNames();
// Those that run a cluster ("cluster-..."), in the same order.
QStringList clusterExampleNames();
// The shipped scenario of this name; an unknown name is not invalid, with the reason as its problem.
Loaded loadExample(const QString& name);
Loaded loadFile(const QString& path);
// The shipped default scenario (resources/scenarios/default.json), which `ratelab` opens without a file.
Loaded loadDefault();

// A scenario as its JSON file (schema ratelab.scenario/1), as `ratelab-cli` reads it.
QByteArray scenarioJson(const Scenario& scenario);
// A report as report.json (schema ratelab.report/1), as `ratelab-cli run --out` writes it.
QByteArray reportJson(const Report& report);

}  // namespace ratelab::scenariofiles
