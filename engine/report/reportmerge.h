#pragma once
// `ratelab-cli merge`: the reports of the N shards of one run (`run --shard i/N --out DIR`)
// combined into exactly the report of the whole run, report.json and series.csv byte for byte
// (resources/docs/scale.md). Counts add; the peak burst is the largest of the shards'
// (the earliest of equal ones); the live keys add millisecond by millisecond before their peak
// is taken; delay histograms add before their percentiles are read; the shadow comparison's
// pairs add and its examples are the first of all the shards' in traffic order; series add
// bucket by bucket. Nothing is estimated: what cannot be merged exactly is refused.

#include <stdexcept>
#include <string>
#include <vector>

namespace ratelab {

// One line: why the reports cannot be merged (different runs, a shard missing, ...).
class MergeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ShardFiles {
    std::string name;        // for messages: the directory
    std::string reportJson;  // report.json's text
    std::string seriesCsv;   // series.csv's text
};

struct MergedFiles {
    std::string reportJson;
    std::string seriesCsv;
};

// Throws MergeError.
MergedFiles mergeShardReports(const std::vector<ShardFiles>& shards);

}  // namespace ratelab
