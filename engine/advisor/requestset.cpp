#include "engine/advisor/requestset.h"

#include "engine/logs/reading/parallelimport.h"
#include "engine/tracecsv/tracereader.h"

#include <limits>

namespace ratelab {

void keepShard(RequestSet& set, ShardSpec shard)
{
    constexpr KeyId kElsewhere = ~KeyId{0};
    KeyInterner kept;
    std::vector<KeyId> renumbered(set.keys.size(), kElsewhere);
    for (KeyId key = 0; key < set.keys.size(); ++key) {
        if (shardOfKey(set.keys.name(key), shard.count) == shard.index)
            renumbered[key] = kept.intern(set.keys.name(key));
    }
    std::size_t out = 0;
    for (const Request& r : set.requests) {
        if (renumbered[r.key] != kElsewhere)
            set.requests[out++] = {r.t, renumbered[r.key], r.cost};
    }
    set.requests.resize(out);
    set.keys = std::move(kept);
}

std::int64_t RequestSet::totalCost() const
{
    std::int64_t total = 0;
    for (const Request& r : requests)
        total += r.cost;
    return total;
}

RequestSet loadRequestsFromLog(const std::string& path, const ImportOptions& options, RunControl* control, unsigned threads)
{
    RequestSet set;
    const RequestSink sink = [&set](const ImportedRequest& r) { set.requests.push_back({r.t, r.key, 1}); };
    set.importSummary = importLogFile(path, options, set.keys, sink, control, threads);
    return set;
}

RequestSet loadRequestsFromLog(std::istream& in, const ImportOptions& options, RunControl* control)
{
    RequestSet set;
    const RequestSink sink = [&set](const ImportedRequest& r) { set.requests.push_back({r.t, r.key, 1}); };
    set.importSummary = importLog(in, options, set.keys, sink, control);
    return set;
}

RequestSet requestSetFromImport(const std::vector<ImportedRequest>& requests, const KeyInterner& keys,
                                const ImportSummary& summary)
{
    RequestSet set;
    set.requests.reserve(requests.size());
    for (const ImportedRequest& r : requests)
        set.requests.push_back({r.t, r.key, 1});
    set.keys = keys;
    set.importSummary = summary;
    return set;
}

RequestSet loadRequestsFromTrace(std::istream& in, const std::string& fileName, RunControl* control)
{
    constexpr std::size_t kCheckEvery = 1 << 16;
    RequestSet set;
    TraceReader reader(in, fileName);
    TraceRow row;
    while (reader.next(row)) {
        if (row.cost > std::numeric_limits<std::uint32_t>::max())
            throw InputError(fileName, row.line, "cost", "too large");
        set.requests.push_back({row.t, set.keys.intern(row.key), static_cast<std::uint32_t>(row.cost)});
        if (control && set.requests.size() % kCheckEvery == 0) {
            if (control->cancelled())
                throw Cancelled{};
            control->report(0, "read");
        }
    }
    return set;
}

bool isTraceHeader(std::string first)
{
    if (!first.empty() && first.back() == '\r')
        first.pop_back();
    if (first.rfind("\xEF\xBB\xBF", 0) == 0)  // UTF-8 byte order mark
        first.erase(0, 3);
    return first == "t_us,key,cost" || first == "t_us,key";
}

}  // namespace ratelab
