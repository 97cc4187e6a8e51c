#pragma once
// How the Compare view words where a run held its per-key state (report.md,
// algorithms[].memory): one instance, a cluster's shared store, its instances, or both.

#include "engine/report/report.h"

#include <QString>
#include <QStringList>

namespace ratelab::heldstate {

// What follows the total in an annotation: "" (one instance), " in the store",
// ", up to 1 per instance", ": store 1, up to 1 per instance".
QString where(const MemoryStats& memory);
// One line per place with its peaks, for a tooltip: "store: 1 key, 16 B",
// "instance 0: 1 key, 16 B", ...; more than 8 instances read as one line of their range.
// Empty for a single-instance run.
QStringList places(const MemoryStats& memory);

}  // namespace ratelab::heldstate
