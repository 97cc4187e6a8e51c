#include "tests/bench/workload.h"

#include "engine/core/keyinterner.h"
#include "engine/tracecsv/tracereader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace ratelab::bench {
namespace {

template <class T>
bool parseNumber(std::string_view text, T& value)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

bool parseGenerateSpec(const std::string& text, GenerateSpec& spec, std::string& error)
{
    std::vector<std::string_view> fields;
    std::string_view rest = text;
    for (;;) {
        const auto comma = rest.find(',');
        fields.push_back(rest.substr(0, comma));
        if (comma == std::string_view::npos)
            break;
        rest.remove_prefix(comma + 1);
    }
    error = "--generate " + text + ": ";
    if (fields.size() != 5) {
        error += "expected REQUESTS,KEYS,ZIPF,RATE,SEED";
        return false;
    }
    if (!parseNumber(fields[0], spec.requests) || spec.requests < 1) {
        error += "REQUESTS must be a whole number >= 1";
        return false;
    }
    if (!parseNumber(fields[1], spec.keys) || spec.keys < 1 || spec.keys > std::int64_t{1} << 32) {
        error += "KEYS must be a whole number between 1 and 2^32";
        return false;
    }
    if (!parseNumber(fields[2], spec.zipfExponent) || !(spec.zipfExponent >= 0) || !std::isfinite(spec.zipfExponent)) {
        error += "ZIPF must be a number >= 0";
        return false;
    }
    if (!parseNumber(fields[3], spec.ratePerSecond) || !(spec.ratePerSecond > 0) || !std::isfinite(spec.ratePerSecond)) {
        error += "RATE must be a number of requests per second > 0";
        return false;
    }
    if (!parseNumber(fields[4], spec.seed)) {
        error += "SEED must be a whole number >= 0";
        return false;
    }
    error.clear();
    return true;
}

Workload generateWorkload(const GenerateSpec& spec)
{
    const auto keys = static_cast<std::size_t>(spec.keys);
    std::vector<double> cdf(keys);
    double total = 0;
    for (std::size_t r = 0; r < keys; ++r) {
        total += spec.zipfExponent == 0 ? 1.0 : std::pow(static_cast<double>(r + 1), -spec.zipfExponent);
        cdf[r] = total;
    }
    for (double& c : cdf)
        c /= total;
    cdf.back() = 1.0;  // a draw u < 1 always finds a rank

    std::mt19937_64 rng(spec.seed);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::exponential_distribution<double> gapUs(spec.ratePerSecond / 1e6);

    Workload w;
    const auto n = static_cast<std::size_t>(spec.requests);
    w.requests.resize(n);
    w.keyOfRequest.resize(n);
    // Ids are interned in order of first appearance, as a trace would intern them.
    KeyInterner interner;
    std::vector<KeyId> idOfRank(keys, 0);
    std::vector<bool> ranked(keys, false);
    double offsetUs = 0;  // exact: < 2^53 us for any run shorter than 285 years
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0)
            offsetUs += gapUs(rng);
        const double u = uniform(rng);
        const auto rank = static_cast<std::size_t>(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
        if (!ranked[rank]) {
            std::string name = "k";
            name += std::to_string(rank);  // not "k" + ...: GCC 12 warns falsely (-Wrestrict)
            idOfRank[rank] = interner.intern(name);
            ranked[rank] = true;
        }
        const KeyId id = idOfRank[rank];
        w.requests[i] = Request{kGeneratedStartUs + std::llround(offsetUs), id, 1};
        w.keyOfRequest[i] = interner.name(id);
    }
    w.keyCount = interner.size();
    std::ostringstream d;
    d << "generated: zipf " << spec.zipfExponent << " over " << spec.keys << " keys, Poisson " << spec.ratePerSecond
      << " req/s, seed " << spec.seed;
    w.description = d.str();
    return w;
}

Workload loadTrace(const std::string& fileName)
{
    std::ifstream file(fileName, std::ios::binary);
    if (!file)
        throw InputError(fileName, 0, "file", "cannot open the trace file");
    TraceReader reader(file, fileName);
    KeyInterner interner;
    Workload w;
    TraceRow row;
    while (reader.next(row)) {
        if (row.cost > std::int64_t{0xFFFFFFFF})
            throw InputError(fileName, row.line, "cost", "above 2^32 - 1, the benchmark's request cost");
        const KeyId id = interner.intern(row.key);
        w.requests.push_back(Request{row.t, id, static_cast<std::uint32_t>(row.cost)});
        w.keyOfRequest.push_back(interner.name(id));
    }
    w.keyCount = interner.size();
    w.description = "trace " + fileName;
    return w;
}

void writeTrace(const Workload& w, const std::string& fileName)
{
    std::ofstream out(fileName);
    out << "t_us,key,cost\n";
    for (std::size_t i = 0; i < w.requests.size(); ++i)
        out << w.requests[i].t << ',' << w.keyOfRequest[i] << ',' << w.requests[i].cost << '\n';
    if (!out.flush())
        throw std::runtime_error("cannot write " + fileName);
}

}  // namespace ratelab::bench
