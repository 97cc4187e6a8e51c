#pragma once
// The engine's front door: a scenario goes in, a report comes out (runScenario,
// sim/runner.h); one key's decision history for the Learn view (keyHistory, busiestKeys,
// sim/keyhistory.h); one key's or every key's requests counted per bucket of any width for
// Compare (bucketCounts, sim/bucketcounts.h). Front ends include this, the engine's parts
// include what they need.

#include "engine/sim/bucketcounts.h"
#include "engine/sim/keyhistory.h"
#include "engine/sim/playground.h"
#include "engine/sim/runner.h"
