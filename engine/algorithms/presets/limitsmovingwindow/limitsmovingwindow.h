#pragma once
// Preset limits_moving_window: python `limits` 2.8.0 (Debian 12) MovingWindowRateLimiter on
// its memory storage (limits/storage/memory.py, acquire_entry), in float seconds
// (time.time() = t_us / 1e6):
//  - events[key] lists admitted entries newest first, one per unit of cost;
//  - entry = events[key][limit - amount]; the hit is refused iff that entry exists and
//    entry.atime >= now - expiry (an entry exactly W old still counts: inclusive);
//  - otherwise `amount` entries stamped now are prepended.
// With amount > limit the index is negative and Python counts it from the oldest end: the
// hit passes on a log shorter than amount - limit (IndexError), else it is judged by that
// old entry. We keep 2.8.0's quirk. Entries the float test no longer counts are dropped from
// our log (their count is kept), which changes no decision while time moves forward.
// Time that goes back: the hit is judged by the entries as Python lists them (arrival order)
// and logged at its own time; entries dropped at a later time stay dropped. State: 8 bytes
// per logged unit plus 40 bytes of bookkeeping per key.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/algorithms/limiter/timestamplog.h"
#include "engine/algorithms/slidingwindowlog/slidingwindowlogarithmetic.h"

namespace ratelab {

class LimitsMovingWindow final : public RateLimiter {
public:
    struct Params {
        std::int64_t limit = 0;
        Duration windowUs = 0;  // whole seconds, as limits' granularities
    };

    explicit LimitsMovingWindow(const Params& params) : m_params(params) {}

    Decision decide(KeyId key, SimTime now, Cost cost) override;
    void decideBatch(const Request* requests, std::size_t count, Decision* out) override;
    std::unique_ptr<RateLimiter> clone() const override { return std::make_unique<LimitsMovingWindow>(*this); }
    void copyKeyState(const RateLimiter& source, KeyId sourceKey, KeyId targetKey) override;
    std::size_t stateBytesPerKey() const override { return sizeof(KeyLog); }
    std::size_t stateBytesOf(KeyId key) const override;
    QuotaPolicy policy() const override { return {m_params.limit, m_params.windowUs}; }
    // One entry per unit of cost, and the cost > limit quirk admits a cost above the limit:
    // a cost is at most 2^24 (the largest limit), so one hit never logs billions of entries.
    Cost maxCost() const override { return Cost{1} << 24; }
    std::vector<StateValue> inspect(KeyId key, SimTime now) const override;
    std::vector<SimTime> stateBreaks(KeyId key, SimTime from, SimTime to) const override;
    SlidingLogArithmetic arithmeticOf(KeyId key, SimTime now) const;
    std::unique_ptr<DecisionArithmetic> arithmetic(KeyId key, SimTime now) const override
    {
        return std::make_unique<SlidingLogArithmetic>(arithmeticOf(key, now));
    }
    std::vector<StateValue> limits() const override;

private:
    struct KeyLog {
        TimestampLog live;          // entries still possibly counted, oldest first
        std::uint64_t dropped = 0;  // entries before `live`, all too old to count
        // The newest stamp logged: the last entry to stop counting. Python lists entries in
        // arrival order, so after time went back the newest entry need not be the latest.
        SimTime latest = kNever;
    };
    // entry.atime >= now - expiry, in Python floats.
    bool counts(SimTime entry, SimTime now) const;
    bool refused(const KeyLog& log, SimTime now, Cost cost) const;

    Params m_params;
    std::vector<KeyLog> m_logs;
};

}  // namespace ratelab
