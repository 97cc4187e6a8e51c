#pragma once
// The Learn view's lanes for one key's histories (A, then B): each coloured by its algorithm's
// family, A solid and B dashed, labelled "A token_bucket", with what an empty lane says.

#include "app/gui/canvases/lanecanvas.h"

#include <string>
#include <vector>

namespace ratelab {

struct Scenario;

// `otherKey`: the key B follows when it is not A's (its label says so); `editable`: the
// playground's lanes, whose empty text says how to add a request.
QList<LaneCanvas::Lane> lanesFor(const std::vector<KeyHistory>& histories, const Scenario* scenario, bool dark,
                                 const std::string& otherKey, bool editable);

// The colour of each lane after a change of theme.
void recolourLanes(QList<LaneCanvas::Lane>& lanes, const Scenario* scenario, bool dark);

}  // namespace ratelab
