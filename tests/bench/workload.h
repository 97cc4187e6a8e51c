#pragma once
// The benchmark's workload, held entirely in memory before anything is timed: the requests
// with interned key ids (what the engine reads) and, per request, the key's string (what the
// naive string-map baseline reads).

#include "engine/algorithms/limiter/ratelimiter.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ratelab::bench {

struct Workload {
    std::vector<Request> requests;
    std::vector<std::string> keyOfRequest;  // keyOfRequest[i] is the key of requests[i]
    std::size_t keyCount = 0;               // distinct keys present
    std::string description;
};

// `--generate REQUESTS,KEYS,ZIPF,RATE,SEED`.
struct GenerateSpec {
    std::int64_t requests = 0;
    std::int64_t keys = 0;
    double zipfExponent = 0;   // s of Zipf(s) key popularity; 0 = uniform
    double ratePerSecond = 0;  // mean of the Poisson arrival process
    std::uint64_t seed = 0;
};

// The first request's time: 1.7e15 us, so the engine's arithmetic runs at epoch scale.
inline constexpr SimTime kGeneratedStartUs = 1'700'000'000'000'000;

// Parses "REQUESTS,KEYS,ZIPF,RATE,SEED"; false with a one-line reason in `error`.
bool parseGenerateSpec(const std::string& text, GenerateSpec& spec, std::string& error);

// `requests` requests over keys "k0".."k<keys-1>": key rank r (0 = most popular) drawn with
// probability proportional to 1 / (r + 1)^s from a CDF computed once and binary-searched;
// exponential gaps of mean 1e6 / rate us from kGeneratedStartUs; cost 1; everything drawn
// from one std::mt19937_64 seeded with `seed`, so a spec always yields the same trace.
Workload generateWorkload(const GenerateSpec& spec);

// Writes `w` as a trace CSV (t_us,key,cost), for programs other than ours to read the same requests.
void writeTrace(const Workload& w, const std::string& fileName);

// Reads a whole trace CSV (t_us,key,cost) through TraceReader; throws its InputError.
Workload loadTrace(const std::string& fileName);

}  // namespace ratelab::bench
