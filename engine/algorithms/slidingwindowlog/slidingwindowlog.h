#pragma once
// Sliding window log, exact: a log of admitted cost (rejected requests are not logged).
// An entry stamped s counts at `now` iff now - s < W (`boundary=exclusive`, a Redis ZSET
// trimmed with ZREMRANGEBYSCORE) or now - s <= W (`boundary=inclusive`, python `limits`'
// moving window). A request passes iff counted + cost <= limit; then cost entries are
// logged at now.
//
// Memory: 8 bytes per logged unit of cost (at most `limit` per key) plus 24 bytes of ring
// bookkeeping. O(1) amortised. A clock that goes back logs at the newest entry's time, so
// the log stays ordered.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/algorithms/limiter/timestamplog.h"
#include "engine/algorithms/slidingwindowlog/slidingwindowlogarithmetic.h"

namespace ratelab {

class SlidingWindowLog final : public RateLimiter {
public:
    enum class Boundary { Exclusive, Inclusive };
    struct Params {
        std::int64_t limit = 0;
        Duration windowUs = 0;
        Boundary boundary = Boundary::Exclusive;
    };

    explicit SlidingWindowLog(const Params& params) : m_params(params) {}

    Decision decide(KeyId key, SimTime now, Cost cost) override;
    void prefetch(std::span<const KeyId> keys) const override;
    void prefetchIndirect(std::span<const KeyId> keys) const override;
    void decideBatch(const Request* requests, std::size_t count, Decision* out) override;
    std::unique_ptr<RateLimiter> clone() const override { return std::make_unique<SlidingWindowLog>(*this); }
    void copyKeyState(const RateLimiter& source, KeyId sourceKey, KeyId targetKey) override;
    std::size_t stateBytesPerKey() const override { return sizeof(TimestampLog); }
    std::size_t stateBytesOf(KeyId key) const override;
    QuotaPolicy policy() const override { return {m_params.limit, m_params.windowUs}; }
    void adoptStateFrom(const SlidingWindowLog& old, StatePolicy policy, SimTime now);
    bool takeStateFrom(const RateLimiter& old, StatePolicy policy, SimTime now) override;
    std::vector<StateValue> inspect(KeyId key, SimTime now) const override;
    std::vector<SimTime> stateBreaks(KeyId key, SimTime from, SimTime to) const override;
    SlidingLogArithmetic arithmeticOf(KeyId key, SimTime now) const;
    std::unique_ptr<DecisionArithmetic> arithmetic(KeyId key, SimTime now) const override
    {
        return std::make_unique<SlidingLogArithmetic>(arithmeticOf(key, now));
    }
    std::vector<StateValue> limits() const override { return {{"limit", static_cast<double>(m_params.limit), "requests"}}; }

private:
    // The first time at which an entry stamped s no longer counts.
    SimTime leavesAt(SimTime s) const { return s + m_params.windowUs + (m_params.boundary == Boundary::Inclusive ? 1 : 0); }
    Decision decideOne(TimestampLog& log, SimTime now, Cost cost);

    Params m_params;
    std::vector<TimestampLog> m_logs;
};

}  // namespace ratelab
