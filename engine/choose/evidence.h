#pragma once
// The figures behind each branch of the decision tree (choicetree.h), measured by running
// the shipped scenario that shows them: nothing here is a stored number.
//   LocalLeak       cluster-local-leak: admitted / limit with local state on four instances
//   GetSetRace      cluster-get-set-race: overshoot of GET-then-SET against the atomic script
//   BoundaryAttack  boundary-attack: each algorithm's worst window / its limit
//   ZipfMemory      zipf-keys: bytes of state per live key, by algorithm (and, beside them, what
//                   a key of our GCRA and sliding counter scripts holds in Redis, as measured)
//   RowLockLatency  cluster-get-set-race: the SQL row lock's queueing against the atomic script

#include "engine/choose/choicetree.h"
#include "engine/core/runcontrol.h"
#include "engine/core/simtime.h"
#include "engine/report/report.h"

#include <map>
#include <string>
#include <vector>

namespace ratelab::choose {

struct EvidenceRow {
    std::string label;  // a lane's id
    double value = 0;
    std::string unit;  // "x the limit", "bytes/key", ...
};

struct EvidenceFigure {
    Evidence evidence = Evidence::None;
    std::string scenario;  // the embedded scenario's name, e.g. "cluster-local-leak"
    std::string headline;  // one sentence with the figure
    std::vector<EvidenceRow> rows;
    Duration ranUs = 0;       // how long the run simulated
    Duration scenarioUs = 0;  // the scenario's own duration; longer when the run was shortened
};

// The embedded scenario behind `e` (empty for None).
std::string evidenceScenario(Evidence e);

// Runs the scenario (at most `maxDurationUs` of it when that is > 0 and shorter) and reads
// the figure off its report. Throws Cancelled when `control` is cancelled.
EvidenceFigure measureEvidence(Evidence e, RunControl& control, Duration maxDurationUs = 0);

// The figure of every step of `w` that has evidence, in path order; a scenario two steps
// share runs once.
std::vector<EvidenceFigure> measurePath(const Walk& w, RunControl& control, Duration maxDurationUs = 0);

// The figure from a report of evidenceScenario(e)'s run.
EvidenceFigure evidenceFromReport(Evidence e, const Report& report, Duration scenarioUs);

}  // namespace ratelab::choose
