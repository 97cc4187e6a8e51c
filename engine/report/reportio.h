#pragma once
// The report on disk: report.json (schema ratelab.report/1, resources/docs/report.md) and
// series.csv (t_us,id,allowed,rejected: one row per time bucket and algorithm, cost units).
// Deterministic: the same report always gives the same bytes.

#include "engine/report/report.h"

#include <string>

namespace ratelab {

std::string reportJson(const Report& report);
std::string seriesCsv(const Report& report);

// DIR/report.json and DIR/series.csv (DIR created if missing), each complete or not
// replaced: both are written whole to temporary files before either is renamed into place
// (engine/core/atomicfile.h). Throws FileError.
void writeReportFiles(const Report& report, const std::string& dir);
// The same for a report already written out (a merge of shards' reports).
void writeReportTexts(const std::string& reportJson, const std::string& seriesCsv, const std::string& dir);

}  // namespace ratelab
