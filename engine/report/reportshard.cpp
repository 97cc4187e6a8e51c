#include "engine/report/reportshard.h"

#include <cmath>
#include <sstream>

namespace ratelab {

using OrderedJson = nlohmann::ordered_json;

std::string encodeNumbers(const std::vector<std::int64_t>& values)
{
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i)
            out += ' ';
        out += std::to_string(values[i]);
    }
    return out;
}

std::string encodePairs(const std::vector<std::pair<std::int64_t, std::int64_t>>& pairs, bool deltaFirst)
{
    std::string out;
    std::int64_t previous = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (i)
            out += ' ';
        out += std::to_string(deltaFirst && i ? pairs[i].first - previous : pairs[i].first);
        out += ':' + std::to_string(pairs[i].second);
        previous = pairs[i].first;
    }
    return out;
}

bool decodeNumbers(const std::string& text, std::vector<std::int64_t>& out)
{
    out.clear();
    std::istringstream in(text);
    for (std::string word; in >> word;) {
        std::size_t used = 0;
        try {
            out.push_back(std::stoll(word, &used));
        } catch (const std::exception&) {
            return false;
        }
        if (used != word.size())
            return false;
    }
    return true;
}

bool decodePairs(const std::string& text, bool deltaFirst, std::vector<std::pair<std::int64_t, std::int64_t>>& out)
{
    out.clear();
    std::istringstream in(text);
    std::int64_t previous = 0;
    for (std::string word; in >> word;) {
        const std::size_t colon = word.find(':');
        if (colon == std::string::npos)
            return false;
        std::vector<std::int64_t> two;
        if (!decodeNumbers(word.substr(0, colon) + " " + word.substr(colon + 1), two) || two.size() != 2)
            return false;
        const std::int64_t first = deltaFirst && !out.empty() ? previous + two[0] : two[0];
        out.emplace_back(first, two[1]);
        previous = first;
    }
    return true;
}

namespace {

OrderedJson shardAlgorithmJson(const AlgorithmReport& a)
{
    OrderedJson j;
    j["id"] = a.id;
    j["live_keys_profile"] = encodePairs(a.liveKeysProfile, true);
    j["live_keys_at_bucket_end"] = encodeNumbers(a.liveKeysAtBucketEnd);
    j["state_bytes_at_bucket_end"] = encodeNumbers(a.stateBytesSeries);
    j["delay_histogram"] = a.delay ? OrderedJson(encodePairs(a.delay->cumulative, false)) : OrderedJson(nullptr);
    // The retries at Retry-After that passed: closed_loop.retry_after_success is their share.
    j["retry_after_passed"] = a.closedLoop
        ? OrderedJson(std::llround(a.closedLoop->retryAfterSuccess * static_cast<double>(a.closedLoop->retriesAtRetryAfter)))
        : OrderedJson(nullptr);
    return j;
}

std::vector<std::int64_t> seqsOf(const std::vector<ShadowExample>& examples)
{
    std::vector<std::int64_t> seqs;
    for (const ShadowExample& e : examples)
        seqs.push_back(e.seq);
    return seqs;
}

}  // namespace

OrderedJson shardSectionJson(const Report& report)
{
    if (!report.shard)
        return OrderedJson(nullptr);
    OrderedJson j;
    j["index"] = report.shard->index;
    j["count"] = report.shard->count;
    j["key"] = report.shard->key;
    j["shadow_examples"] = report.shard->shadowExamples;
    j["algorithms"] = OrderedJson::array();
    for (const AlgorithmReport& a : report.algorithms)
        j["algorithms"].push_back(shardAlgorithmJson(a));
    j["shadow"] = OrderedJson::array();
    for (const ShadowPair& p : report.shadow)
        j["shadow"].push_back({{"a_rejects_b_allows_seq", seqsOf(p.aRejectsBAllowsExamples)},
                               {"b_rejects_a_allows_seq", seqsOf(p.bRejectsAAllowsExamples)}});
    return j;
}

}  // namespace ratelab
