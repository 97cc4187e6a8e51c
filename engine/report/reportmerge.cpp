#include "engine/report/reportmerge.h"

#include "engine/metrics/delayhistogram.h"
#include "engine/report/report.h"
#include "engine/report/reportshard.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <tuple>

namespace ratelab {

using OrderedJson = nlohmann::ordered_json;

namespace {

struct Shard {
    std::string name;
    OrderedJson report;   // without its "shard" object
    OrderedJson section;  // its "shard" object
    std::string series;
};

[[noreturn]] void refuse(const std::string& message)
{
    throw MergeError(message);
}

std::string text(const OrderedJson& j)
{
    return j.is_string() ? j.get<std::string>() : j.dump();
}

double share(std::int64_t part, std::int64_t whole)
{
    return whole ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

Shard parseShard(const ShardFiles& files)
{
    Shard s{files.name, OrderedJson::parse(files.reportJson, nullptr, false), {}, files.seriesCsv};
    if (s.report.is_discarded() || !s.report.is_object())
        refuse(files.name + ": report.json is not JSON");
    if (!s.report.contains("schema") || s.report["schema"] != kReportSchema)
        refuse(files.name + ": report.json is not a " + kReportSchema + " report");
    if (!s.report.contains("shard") || !s.report["shard"].is_object())
        refuse(files.name + ": report.json is a whole run's report, not a shard's (run it with --shard i/N)");
    s.section = s.report["shard"];
    s.report.erase("shard");
    return s;
}

// What every shard of one run has alike: the run's header and traffic, and each algorithm's.
OrderedJson runIdentity(const Shard& s)
{
    OrderedJson algorithms = OrderedJson::array();
    for (const OrderedJson& a : s.report.at("algorithms"))
        algorithms.push_back({a.at("id"), a.at("algorithm"), a.at("params"), a.at("keys")});
    return {{"scenario settings", s.report.at("scenario")},
            {"metric buckets", s.report.at("bucket_us")},
            {"traffic (unique requests)", s.report.at("unique_requests")},
            {"traffic (distinct clients)", s.report.at("distinct_clients")},
            {"algorithms", algorithms},
            {"shard keys", s.section.at("key")},
            {"shadow examples", s.section.at("shadow_examples")}};
}

void checkSameRun(const std::vector<Shard>& shards)
{
    const Shard& first = shards.front();
    const OrderedJson identity = runIdentity(first);
    for (const Shard& s : shards) {
        const auto differs = [&](const char* what, const OrderedJson& a, const OrderedJson& b) {
            if (a != b)
                refuse("cannot merge " + first.name + " and " + s.name + ": different " + what + " (" + text(a) + " vs " + text(b)
                       + ")");
        };
        differs("scenarios", first.report.at("scenario").at("name"), s.report.at("scenario").at("name"));
        differs("seeds", first.report.at("scenario").at("seed"), s.report.at("scenario").at("seed"));
        differs("shard counts", first.section.at("count"), s.section.at("count"));
        const OrderedJson other = runIdentity(s);
        for (const auto& item : identity.items()) {
            if (item.value() != other.at(item.key()))
                refuse("cannot merge " + first.name + " and " + s.name + ": different " + item.key());
        }
    }
}

// The shards in index order, each index 0 .. count-1 exactly once.
std::vector<Shard> inIndexOrder(std::vector<Shard> shards)
{
    const auto count = shards.front().section.at("count").get<std::uint32_t>();
    std::vector<std::optional<Shard>> byIndex(count);
    for (Shard& s : shards) {
        const auto index = s.section.at("index").get<std::uint32_t>();
        const std::string which = "shard " + std::to_string(index) + "/" + std::to_string(count);
        if (index >= count)
            refuse(s.name + ": " + which + " is out of range");
        if (byIndex[index])
            refuse(which + " given twice: " + byIndex[index]->name + " and " + s.name);
        byIndex[index] = std::move(s);
    }
    std::vector<Shard> ordered;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (!byIndex[i])
            refuse("shard " + std::to_string(i) + "/" + std::to_string(count) + " is missing: a merge needs all "
                   + std::to_string(count) + " shards of the run");
        ordered.push_back(std::move(*byIndex[i]));
    }
    return ordered;
}

// One algorithm as every shard reported it, with the shard's extra figures.
struct Parts {
    std::vector<const OrderedJson*> reports;
    std::vector<const OrderedJson*> extras;

    std::int64_t sum(const OrderedJson::json_pointer& field) const
    {
        std::int64_t total = 0;
        for (const OrderedJson* p : reports)
            total += p->at(field).get<std::int64_t>();
        return total;
    }
    void add(OrderedJson& out, const std::string& object, std::initializer_list<const char*> fields) const
    {
        for (const char* f : fields) {
            std::string path = "/";  // appended, not "/" + ...: GCC 12 warns of a false overlap (-Wrestrict)
            if (!object.empty())
                path.append(object).append("/");
            path.append(f);
            out[OrderedJson::json_pointer(path)] = sum(OrderedJson::json_pointer(path));
        }
    }
};

// The largest ratio, the earliest of equal ones, as one run's strict ">" in time order keeps it.
OrderedJson mergePeakBurst(const Parts& parts)
{
    const OrderedJson* best = nullptr;
    for (const OrderedJson* p : parts.reports) {
        if (p->at("allowed").get<std::int64_t>() == 0)
            continue;  // no admitted request: no peak of its own
        const OrderedJson& b = p->at("peak_burst");
        if (!best) {
            best = &b;
            continue;
        }
        const double ratio = b.at("ratio").get<double>(), bestRatio = best->at("ratio").get<double>();
        const std::int64_t at = b.at("at_us").get<std::int64_t>(), bestAt = best->at("at_us").get<std::int64_t>();
        if (ratio == bestRatio && at == bestAt)
            refuse("cannot merge the peak burst of " + parts.reports.front()->at("id").get<std::string>()
                   + ": two shards reach it at the same microsecond (" + std::to_string(at)
                   + " us), and which came first "
                     "is not recorded");
        if (ratio > bestRatio || (ratio == bestRatio && at < bestAt))
            best = &b;
    }
    return best ? *best : parts.reports.front()->at("peak_burst");
}

std::vector<std::pair<std::int64_t, std::int64_t>> pairsOf(const OrderedJson& extra, const char* field)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    if (!decodePairs(extra.at(field).get<std::string>(), std::string(field) == "live_keys_profile", out))
        refuse(std::string("malformed shard report: ") + field);
    return out;
}

std::vector<std::int64_t> numbersOf(const OrderedJson& extra, const char* field)
{
    std::vector<std::int64_t> out;
    if (!decodeNumbers(extra.at(field).get<std::string>(), out))
        refuse(std::string("malformed shard report: ") + field);
    return out;
}

// The most keys live at once: the shards' counts added millisecond by millisecond.
std::int64_t peakLiveKeys(const Parts& parts)
{
    std::vector<std::tuple<std::int64_t, std::size_t, std::int64_t>> changes;  // (ms, shard, count)
    for (std::size_t s = 0; s < parts.extras.size(); ++s) {
        for (const auto& [ms, count] : pairsOf(*parts.extras[s], "live_keys_profile"))
            changes.emplace_back(ms, s, count);
    }
    std::sort(changes.begin(), changes.end());
    std::vector<std::int64_t> current(parts.extras.size(), 0);
    std::int64_t total = 0, peak = 0;
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const auto& [ms, s, count] = changes[i];
        total += count - current[s];
        current[s] = count;
        if (i + 1 == changes.size() || std::get<0>(changes[i + 1]) != ms)
            peak = std::max(peak, total);
    }
    return peak;
}

void mergeMemory(OrderedJson& a, const Parts& parts)
{
    OrderedJson& memory = a.at("memory");
    const std::int64_t peak = peakLiveKeys(parts);
    memory["peak_live_keys"] = peak;
    if (a.at("family") != "sliding_window_log") {  // a fixed size per key: its peak is the keys' peak
        memory["peak_state_bytes"] = peak * static_cast<std::int64_t>(memory.at("state_bytes_per_key").get<double>());
        return;
    }
    // The sliding log's bytes vary per key: its peak is over the buckets' ends, as one run takes it.
    std::vector<std::int64_t> bytes, live;
    for (const OrderedJson* extra : parts.extras) {
        const std::vector<std::int64_t> b = numbersOf(*extra, "state_bytes_at_bucket_end");
        const std::vector<std::int64_t> l = numbersOf(*extra, "live_keys_at_bucket_end");
        bytes.resize(std::max(bytes.size(), b.size()), 0);
        live.resize(std::max(live.size(), l.size()), 0);
        for (std::size_t i = 0; i < b.size(); ++i)
            bytes[i] += b[i];
        for (std::size_t i = 0; i < l.size(); ++i)
            live[i] += l[i];
    }
    std::int64_t peakBytes = 0;
    double perKey = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (bytes[i] > peakBytes) {
            peakBytes = bytes[i];
            if (i < live.size() && live[i] > 0)
                perKey = static_cast<double>(bytes[i]) / static_cast<double>(live[i]);
        }
    }
    memory["peak_state_bytes"] = peakBytes;
    memory["state_bytes_per_key"] = perKey;
}

OrderedJson mergeDelay(const Parts& parts)
{
    DelayHistogram histogram;
    for (const OrderedJson* extra : parts.extras) {
        std::int64_t before = 0;
        for (const auto& [upper, upTo] : pairsOf(*extra, "delay_histogram")) {
            histogram.add(upper, upTo - before);
            before = upTo;
        }
    }
    return {{"p50", histogram.percentile(0.50)}, {"p99", histogram.percentile(0.99)}, {"max", histogram.max()}};
}

void mergeClosedLoop(OrderedJson& a, const Parts& parts)
{
    parts.add(a, "closed_loop", {"unique_requests", "attempts", "retries", "retries_at_retry_after", "gave_up"});
    OrderedJson& loop = a.at("closed_loop");
    std::int64_t passed = 0;
    for (const OrderedJson* extra : parts.extras)
        passed += extra->at("retry_after_passed").get<std::int64_t>();
    const auto unique = loop.at("unique_requests").get<std::int64_t>();
    loop["amplification"] =
        unique ? static_cast<double>(loop.at("attempts").get<std::int64_t>()) / static_cast<double>(unique) : 1.0;
    loop["retry_after_success"] = share(passed, loop.at("retries_at_retry_after").get<std::int64_t>());
}

void mergeEndpoints(OrderedJson& a, const Parts& parts)
{
    for (std::size_t e = 0; e < a.at("endpoints").size(); ++e) {
        const std::string object = "endpoints/" + std::to_string(e);
        parts.add(a, object, {"requests", "allowed", "rejected", "allowed_cost", "rejected_cost"});
        OrderedJson& endpoint = a.at("endpoints").at(e);
        endpoint["acceptance"] = share(endpoint.at("allowed").get<std::int64_t>(), endpoint.at("requests").get<std::int64_t>());
    }
}

void mergeAlgorithm(OrderedJson& a, const Parts& parts)
{
    const std::string id = a.at("id").get<std::string>();
    if (!a.at("cluster").is_null() || a.at("backend").size() != 2)
        refuse("cannot merge " + id + ": a cluster's or a backend model's figures couple keys");
    parts.add(a, "", {"requests", "allowed", "rejected", "allowed_cost", "rejected_cost", "never_admissible"});
    a["acceptance"] = share(a.at("allowed").get<std::int64_t>(), a.at("requests").get<std::int64_t>());
    a["peak_burst"] = mergePeakBurst(parts);
    if (!a.at("disagreement_vs_log").is_null())
        parts.add(a, "disagreement_vs_log", {"false_allow", "false_reject"});
    mergeMemory(a, parts);
    if (!a.at("delay_us").is_null())
        a["delay_us"] = mergeDelay(parts);
    if (!a.at("closed_loop").is_null())
        mergeClosedLoop(a, parts);
    if (!a.at("clients").is_null())
        parts.add(a, "clients", {"clients", "throttled", "wrongly_throttled"});
    if (a.contains("connections"))
        parts.add(a, "connections", {"handshakes_refused", "never_sent", "unchecked"});
    a["backend"]["limiter_before"] = a.at("allowed_cost");
    a["backend"]["limiter_after"] = a.at("allowed_cost").get<std::int64_t>() + a.at("rejected_cost").get<std::int64_t>();
    if (a.contains("endpoints"))
        mergeEndpoints(a, parts);
}

// One side of a shadow pair: its examples, the first `keep` of every shard's in traffic order.
OrderedJson mergeExamples(const std::vector<Shard>& shards, std::size_t pair, const std::string& side, std::int64_t keep)
{
    std::vector<std::pair<std::int64_t, const OrderedJson*>> all;
    for (const Shard& s : shards) {
        const OrderedJson& examples = s.report.at("shadow").at(pair).at(side + "_examples");
        const OrderedJson& seqs = s.section.at("shadow").at(pair).at(side + "_seq");
        if (examples.size() != seqs.size())
            refuse(s.name + ": malformed shard report: shadow examples");
        for (std::size_t i = 0; i < examples.size(); ++i)
            all.emplace_back(seqs.at(i).get<std::int64_t>(), &examples.at(i));
    }
    std::sort(all.begin(), all.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    OrderedJson out = OrderedJson::array();
    for (std::size_t i = 0; i < all.size() && static_cast<std::int64_t>(i) < keep; ++i)
        out.push_back(*all[i].second);
    return out;
}

void mergeShadow(OrderedJson& merged, const std::vector<Shard>& shards)
{
    const auto keep = shards.front().section.at("shadow_examples").get<std::int64_t>();
    for (std::size_t p = 0; p < merged.at("shadow").size(); ++p) {
        OrderedJson& pair = merged["shadow"][p];
        for (const std::string side : {"a_rejects_b_allows", "b_rejects_a_allows"}) {
            std::int64_t total = 0;
            for (const Shard& s : shards)
                total += s.report.at("shadow").at(p).at(side).get<std::int64_t>();
            pair[side] = total;
            pair[side + "_examples"] = mergeExamples(shards, p, side, keep);
        }
    }
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t from = 0;
    while (from < text.size()) {
        const std::size_t end = text.find('\n', from);
        out.push_back(text.substr(from, end == std::string::npos ? std::string::npos : end - from));
        from = end == std::string::npos ? text.size() : end + 1;
    }
    return out;
}

// series.csv: the same rows in every shard (bucket, id); allowed and rejected add.
std::string mergeSeries(const std::vector<Shard>& shards)
{
    std::vector<std::vector<std::string>> rows;
    for (const Shard& s : shards) {
        rows.push_back(lines(s.series));
        if (rows.back().size() != rows.front().size() || rows.back().empty() || rows.back()[0] != rows.front()[0])
            refuse("cannot merge " + shards.front().name + " and " + s.name + ": their series.csv differ in rows");
    }
    std::string out = rows.front()[0] + "\n";
    for (std::size_t r = 1; r < rows.front().size(); ++r) {
        std::string prefix;
        std::int64_t allowed = 0, rejected = 0;
        for (std::size_t s = 0; s < rows.size(); ++s) {
            const std::string& row = rows[s][r];
            const std::size_t second = row.rfind(','), first = second == 0 ? std::string::npos : row.rfind(',', second - 1);
            std::vector<std::int64_t> values;
            if (second == std::string::npos || first == std::string::npos
                || !decodeNumbers(row.substr(first + 1, second - first - 1) + " " + row.substr(second + 1), values)
                || values.size() != 2 || (s > 0 && row.compare(0, first, prefix) != 0))
                refuse(shards[s].name + ": series.csv line " + std::to_string(r + 1) + " does not match the other shards'");
            prefix = row.substr(0, first);
            allowed += values[0];
            rejected += values[1];
        }
        out += prefix + "," + std::to_string(allowed) + "," + std::to_string(rejected) + "\n";
    }
    return out;
}

MergedFiles merge(const std::vector<ShardFiles>& files)
{
    std::vector<Shard> shards;
    for (const ShardFiles& f : files)
        shards.push_back(parseShard(f));
    checkSameRun(shards);
    shards = inIndexOrder(std::move(shards));
    OrderedJson merged = shards.front().report;
    for (std::size_t k = 0; k < merged.at("algorithms").size(); ++k) {
        Parts parts;
        for (const Shard& s : shards) {
            parts.reports.push_back(&s.report.at("algorithms").at(k));
            parts.extras.push_back(&s.section.at("algorithms").at(k));
        }
        mergeAlgorithm(merged["algorithms"][k], parts);
    }
    mergeShadow(merged, shards);
    return {merged.dump(2) + "\n", mergeSeries(shards)};
}

}  // namespace

MergedFiles mergeShardReports(const std::vector<ShardFiles>& shards)
{
    if (shards.empty())
        refuse("no shard reports to merge");
    try {
        return merge(shards);
    } catch (const OrderedJson::exception& e) {
        throw MergeError(std::string("malformed shard report: ") + e.what());
    }
}

}  // namespace ratelab
