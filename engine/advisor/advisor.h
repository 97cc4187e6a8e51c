#pragma once
// The limit advisor: for each of the six exact algorithms, the smallest value of its
// parameter family (parameterfamily.h) that keeps a chosen share of keys, or of requests,
// never throttled, found by binary search with an exact replay per probe; with the cost of
// that choice (requests rejected, the keys throttled most and when), and the trade-off
// curve over a grid of values. resources/docs/advisor.md defines every number.

#include "engine/advisor/keyrates.h"
#include "engine/advisor/parameterfamily.h"
#include "engine/advisor/replay.h"
#include "engine/advisor/requestset.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

enum class AdvisorTarget {
    Keys,      // share of keys none of whose requests is rejected
    Requests,  // share of requests sent by such keys
};

struct AdvisorOptions {
    std::int64_t targetPpm = 990'000;  // the share to keep never throttled, in parts per million
    AdvisorTarget by = AdvisorTarget::Keys;
    Duration windowUs = kMicrosPerMinute;  // the families' window W
    std::vector<std::string> algorithms;   // empty: all six
    std::size_t topKeys = 10;
    std::size_t curvePoints = 24;  // grid values before adding the recommendation
};

struct CurvePoint {
    std::int64_t value = 0;
    std::int64_t keysUnthrottled = 0;
    std::int64_t requestsRejected = 0;
    std::int64_t requestsOfUnthrottledKeys = 0;
    double keysUnthrottledShare = 0;
    double requestsRejectedShare = 0;
};

struct ThrottledKey {
    KeyId key = 0;
    std::string name;
    std::int64_t requests = 0;
    std::int64_t rejected = 0;
    SimTime firstRejected = kNever;
    KeyWindowRate rateInWindow;  // its peak and p99 cost per window W (keyrates.h)
};

struct Recommendation {
    std::string algorithm;
    std::string parameter;    // the family's parameter ("capacity", "burst", "limit")
    std::int64_t value = 0;   // the smallest value meeting the target
    ParamValues params;       // CLI syntax: pass to `decide --param k=v` as they are
    bool targetMet = true;    // false only if even the largest value searched misses it
    std::int64_t probes = 0;  // replays run by the binary search
    std::int64_t requests = 0;
    std::int64_t keys = 0;
    std::int64_t keysUnthrottled = 0;
    std::int64_t requestsRejected = 0;
    std::int64_t requestsOfUnthrottledKeys = 0;
    double keysUnthrottledShare = 0;
    double requestsRejectedShare = 0;
    double requestsOfUnthrottledKeysShare = 0;
    std::int64_t throttledKeys = 0;
    std::vector<ThrottledKey> topKeys;  // most rejected first (ties: earlier first rejection, then key id)
    double topKeysRejectedShare = 0;    // their share of all rejected requests
    std::vector<CurvePoint> curve;      // by value, ascending
};

struct AdvisorResult {
    AdvisorOptions options;
    std::int64_t requests = 0;
    std::int64_t keys = 0;
    SimTime firstTime = kNever;
    SimTime lastTime = kNever;
    KeyRates rates;
    std::vector<Recommendation> recommendations;
};

// Smallest value v of `family` with the target met, by binary search over exact replays.
Recommendation recommendFor(const RequestSet& set, const ParameterFamily& family, const AdvisorOptions& options,
                            RunControl* control = nullptr);

// Rates and a recommendation per algorithm. Throws std::invalid_argument for an unknown
// algorithm or an inexact window, Cancelled when cancelled.
AdvisorResult advise(const RequestSet& set, const AdvisorOptions& options, RunControl* control = nullptr);

// The same for a new target, given a `previous` result on the same set: when only the target
// (targetPpm, by) differs, its rates and the curves' grid points are reused and each search
// starts between the grid points around the answer, so a target change costs a few replays
// per algorithm. The result equals advise(set, options) but for `probes`. Otherwise, or
// without `previous`, it is advise(set, options).
AdvisorResult advise(const RequestSet& set, const AdvisorOptions& options, const AdvisorResult* previous,
                     RunControl* control = nullptr);

// Targets on the curve (the Logs view's target line). A target of `ppm` out of `total` keys
// (or requests) asks for ceil(ppm x total / 10^6) of them never throttled.
std::int64_t requiredCount(std::int64_t ppm, std::int64_t total);
// What a target counts over: the result's keys, or its requests.
std::int64_t targetTotal(const AdvisorResult& result, AdvisorTarget by);
// What a curve point keeps never throttled: its keys, or the requests of those keys.
std::int64_t keptCount(const CurvePoint& point, AdvisorTarget by);
// The largest target (ppm) the point meets: floor(kept x 10^6 / total); 10^6 when total is 0.
std::int64_t keptPpm(const CurvePoint& point, AdvisorTarget by, std::int64_t total);
// The index of the smallest value on `curve` (non-empty) meeting the target, else the last.
std::size_t firstPointMeeting(const std::vector<CurvePoint>& curve, std::int64_t ppm, AdvisorTarget by, std::int64_t total);

// Parses "99%", "99.9%" or "0.99" to parts per million; std::nullopt if not in [0, 100%].
std::optional<std::int64_t> parseShare(std::string_view text);

}  // namespace ratelab
