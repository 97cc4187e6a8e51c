#include "engine/report/reportio.h"

#include "engine/core/atomicfile.h"
#include "engine/report/reportshard.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace ratelab {

using OrderedJson = nlohmann::ordered_json;

namespace {

OrderedJson examplesJson(const std::vector<ShadowExample>& examples)
{
    OrderedJson out = OrderedJson::array();
    for (const ShadowExample& e : examples)
        out.push_back({{"at_us", e.atUs}, {"key", e.key}});
    return out;
}

OrderedJson endpointsJson(const std::vector<EndpointStats>& endpoints)
{
    OrderedJson out = OrderedJson::array();
    for (const EndpointStats& e : endpoints) {
        const double acceptance = e.requests ? static_cast<double>(e.allowed) / static_cast<double>(e.requests) : 0.0;
        out.push_back({{"endpoint", e.endpoint},
                       {"limit", e.limit.empty() ? OrderedJson(nullptr) : OrderedJson(e.limit)},
                       {"requests", e.requests},
                       {"allowed", e.allowed},
                       {"rejected", e.rejected},
                       {"allowed_cost", e.allowedCost},
                       {"rejected_cost", e.rejectedCost},
                       {"acceptance", acceptance}});
    }
    return out;
}

OrderedJson clusterJson(const ClusterStats& c)
{
    return {
        {"instances", c.instances},
        {"store", c.store},
        {"policy", c.policy},
        {"global_limit_overshoot", c.globalLimitOvershoot},
        {"wrongly_rejected", c.wronglyRejected},
        {"allowed_during_outage", c.allowedDuringOutage},
        {"rejected_during_outage", c.rejectedDuringOutage},
        {"store_round_trips", c.storeRoundTrips},
        {"round_trips_per_decision", c.roundTripsPerDecision},
        {"cas_retries", c.casRetries},
        {"cas_exhausted", c.casExhausted},
        {"store_failures", c.storeFailures},
        {"breaker_opened", c.breakerOpened},
        {"calls_skipped_by_breaker", c.callsSkipped},
        {"waited_on_store", c.waitedOnStore},
        {"decision_latency_us", {{"p50", c.decisionLatencyP50}, {"p99", c.decisionLatencyP99}, {"max", c.decisionLatencyMax}}},
        {"instance_requests", c.instanceRequests},
        {"instance_allowed", c.instanceAllowed}};
}

OrderedJson heldJson(const HeldState& h)
{
    return {{"peak_live_keys", h.peakLiveKeys}, {"peak_state_bytes", h.peakStateBytes}};
}

OrderedJson memoryJson(const MemoryStats& m)
{
    OrderedJson instances = OrderedJson(nullptr);
    if (!m.instances.empty()) {
        instances = OrderedJson::array();
        for (const HeldState& h : m.instances)
            instances.push_back(heldJson(h));
    }
    return {{"state_bytes_per_key", m.stateBytesPerKey},
            {"peak_live_keys", m.peakLiveKeys},
            {"peak_state_bytes", m.peakStateBytes},
            {"redis_bytes_per_key", m.redisBytesPerKey ? OrderedJson(*m.redisBytesPerKey) : OrderedJson(nullptr)},
            {"held_by", m.heldBy},
            {"store", m.store ? heldJson(*m.store) : OrderedJson(nullptr)},
            {"instances", instances}};
}

OrderedJson importJson(const SourceImport& i)
{
    OrderedJson byReason = OrderedJson::object();
    for (const auto& [reason, lines] : i.skippedByReason)
        byReason[reason] = lines;
    OrderedJson first = OrderedJson::array();
    for (const SkippedLine& l : i.firstSkipped)
        first.push_back({{"line", l.line}, {"reason", l.reason}, {"field", l.field}});
    return {{"format", i.format},
            {"complete", i.complete},
            {"lines_read", i.linesRead},
            {"requests_imported", i.requestsImported},
            {"blank_lines", i.blankLines},
            {"directive_lines", i.directiveLines},
            {"skipped", i.skipped},
            {"skipped_by_reason", byReason},
            {"first_skipped", first},
            {"reordered_lines", i.reorderedLines},
            {"shrank",
             i.shrankFrom < 0 ? OrderedJson(nullptr) : OrderedJson{{"from_bytes", i.shrankFrom}, {"to_bytes", i.shrankTo}}}};
}

OrderedJson percentilesJson(const Percentiles& p)
{
    return {{"p50", p.p50}, {"p99", p.p99}, {"max", p.max}};
}

// Only with a scenario backend, so that the reports of scenarios without one stay as they were.
void addBackendModel(OrderedJson& j, const BackendStats& b)
{
    j["placement"] = b.placement;
    j["workers"] = b.workers;
    j["entered"] = b.entered;
    j["entered_rejected"] = b.enteredRejected;
    j["entered_after_end"] = b.enteredAfterEnd;
    j["utilization"] = b.utilization;
    j["queue_wait_us"] = percentilesJson(b.queueWaitUs);
    j["latency_us"] = percentilesJson(b.latencyUs);
    j["max_queue_length"] = b.maxQueueLength;
    j["utilization_series"] = b.utilizationSeries;
    j["queue_wait_p99_series_us"] = b.queueWaitP99Series;
    j["latency_p99_series_us"] = b.latencyP99Series;
}

OrderedJson algorithmJson(const AlgorithmReport& a)
{
    OrderedJson j;
    j["id"] = a.id;
    j["algorithm"] = a.algorithm;
    j["family"] = a.family;
    j["preset"] = a.preset ? OrderedJson(*a.preset) : OrderedJson(nullptr);
    OrderedJson params = OrderedJson::object();
    for (const auto& [k, v] : a.params)
        params[k] = v;
    j["params"] = params;
    j["keys"] = a.keys;
    j["requests"] = a.requests;
    j["allowed"] = a.allowed;
    j["rejected"] = a.rejected;
    j["allowed_cost"] = a.allowedCost;
    j["rejected_cost"] = a.rejectedCost;
    j["acceptance"] = a.acceptance;
    j["never_admissible"] = a.neverAdmissible;
    j["peak_burst"] = {{"window_us", a.peakBurst.windowUs}, {"allowed_cost", a.peakBurst.allowedCost},
                       {"limit", a.peakBurst.limit},        {"ratio", a.peakBurst.ratio},
                       {"at_us", a.peakBurst.atUs},         {"key", a.peakBurst.key}};
    j["disagreement_vs_log"] = a.disagreement
        ? OrderedJson{{"false_allow", a.disagreement->falseAllow}, {"false_reject", a.disagreement->falseReject}}
        : OrderedJson(nullptr);
    j["memory"] = memoryJson(a.memory);
    j["delay_us"] =
        a.delay ? OrderedJson{{"p50", a.delay->p50}, {"p99", a.delay->p99}, {"max", a.delay->max}} : OrderedJson(nullptr);
    j["cluster"] = a.cluster ? clusterJson(*a.cluster) : OrderedJson(nullptr);
    j["closed_loop"] = a.closedLoop ? OrderedJson{{"amplification", a.closedLoop->amplification},
                                                  {"retry_after_success", a.closedLoop->retryAfterSuccess},
                                                  {"unique_requests", a.closedLoop->uniqueRequests},
                                                  {"attempts", a.closedLoop->attempts},
                                                  {"retries", a.closedLoop->retries},
                                                  {"retries_at_retry_after", a.closedLoop->retriesAtRetryAfter},
                                                  {"gave_up", a.closedLoop->gaveUp}}
                                    : OrderedJson(nullptr);
    j["clients"] = a.clients ? OrderedJson{{"clients", a.clients->clients},
                                           {"throttled", a.clients->throttled},
                                           {"wrongly_throttled", a.clients->wronglyThrottled}}
                             : OrderedJson(nullptr);
    // Only with a connections source, so that other reports keep their shape.
    if (a.connections)
        j["connections"] = {{"handshakes_refused", a.connections->handshakesRefused},
                            {"never_sent", a.connections->neverSent},
                            {"unchecked", a.connections->unchecked}};
    j["backend"] = {{"limiter_before", a.backend.limiterBefore}, {"limiter_after", a.backend.limiterAfter}};
    if (a.backendModel)
        addBackendModel(j["backend"], *a.backendModel);
    if (!a.endpoints.empty())  // scenarios with one endpoint keep their reports as they were
        j["endpoints"] = endpointsJson(a.endpoints);
    return j;
}

}  // namespace

std::string reportJson(const Report& report)
{
    OrderedJson root;
    root["schema"] = report.schema;
    root["scenario"] = {{"name", report.scenario.name},
                        {"seed", report.scenario.seed},
                        {"duration_us", report.scenario.durationUs},
                        {"start_us", report.scenario.startUs},
                        {"sources", OrderedJson::array()}};
    for (const SourceInfo& s : report.scenario.sources)
        root["scenario"]["sources"].push_back(
            {{"kind", s.kind}, {"label", s.label}, {"import", s.import ? importJson(*s.import) : OrderedJson(nullptr)}});
    root["bucket_us"] = report.bucketUs;
    root["unique_requests"] = report.uniqueRequests;
    root["distinct_clients"] = report.distinctClients;
    root["algorithms"] = OrderedJson::array();
    for (const AlgorithmReport& a : report.algorithms)
        root["algorithms"].push_back(algorithmJson(a));
    root["shadow"] = OrderedJson::array();
    for (const ShadowPair& p : report.shadow) {
        root["shadow"].push_back({{"a", p.a},
                                  {"b", p.b},
                                  {"a_rejects_b_allows", p.aRejectsBAllows},
                                  {"b_rejects_a_allows", p.bRejectsAAllows},
                                  {"a_rejects_b_allows_examples", examplesJson(p.aRejectsBAllowsExamples)},
                                  {"b_rejects_a_allows_examples", examplesJson(p.bRejectsAAllowsExamples)}});
    }
    if (report.shard)  // a whole run's report has no such field
        root["shard"] = shardSectionJson(report);
    return root.dump(2) + "\n";
}

std::string seriesCsv(const Report& report)
{
    std::string out = "t_us,id,allowed,rejected\n";
    for (const AlgorithmReport& a : report.algorithms) {
        for (std::size_t b = 0; b < a.allowedSeries.size(); ++b) {
            out += std::to_string(report.scenario.startUs + static_cast<SimTime>(b) * report.bucketUs);
            out += ',';
            if (a.id.find_first_of(",\"") == std::string::npos) {
                out += a.id;
            } else {
                out += '"';
                for (char c : a.id)
                    out += c == '"' ? std::string("\"\"") : std::string(1, c);
                out += '"';
            }
            out += ',' + std::to_string(a.allowedSeries[b]) + ',' + std::to_string(a.rejectedSeries[b]) + '\n';
        }
    }
    return out;
}

void writeReportFiles(const Report& report, const std::string& dir)
{
    writeReportTexts(reportJson(report), seriesCsv(report), dir);
}

void writeReportTexts(const std::string& reportText, const std::string& seriesText, const std::string& dir)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        throw FileError("creating", dir, ec.value(), isSystemFault(ec.value()));
    AtomicFile json((std::filesystem::path(dir) / "report.json").string());
    AtomicFile series((std::filesystem::path(dir) / "series.csv").string());
    json.write(reportText);
    series.write(seriesText);
    json.sync();
    series.sync();
    json.commit();
    series.commit();
}

}  // namespace ratelab
