#pragma once
// The report on disk: report.json (schema ratelab.report/1, resources/docs/report.md) and
// series.csv (t_us,id,allowed,rejected: one row per time bucket and algorithm, cost units).
// Deterministic: the same report always gives the same bytes.

#include "engine/report.h"

#include <string>

namespace ratelab {

std::string reportJson(const Report& report);
std::string seriesCsv(const Report& report);

} // namespace ratelab
