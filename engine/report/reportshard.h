#pragma once
// The `shard` object of a shard's report.json (schema ratelab.report/1, report.md): what
// `ratelab-cli merge` needs beyond the report's own fields to give the whole run's report
// exactly. Long series are written as text, numbers separated by spaces (a pair as "a:b"),
// so that a shard's report stays about the size of its series.

#include "engine/report/report.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace ratelab {

// Null when the report is not a shard's.
nlohmann::ordered_json shardSectionJson(const Report& report);

// The text forms: "1 2 3", and "a:b c:d" with each a after the first written as the
// difference from the one before (the profile's milliseconds rise).
std::string encodeNumbers(const std::vector<std::int64_t>& values);
std::string encodePairs(const std::vector<std::pair<std::int64_t, std::int64_t>>& pairs, bool deltaFirst);
// Their inverses; false for text that is not of that form.
bool decodeNumbers(const std::string& text, std::vector<std::int64_t>& out);
bool decodePairs(const std::string& text, bool deltaFirst, std::vector<std::pair<std::int64_t, std::int64_t>>& out);

}  // namespace ratelab
