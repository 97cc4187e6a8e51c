#pragma once
// Preset nginx_limit_req: nginx's limit_req, as in src/http/modules/
// ngx_http_limit_req_module.c (ngx_http_limit_req_lookup and ngx_http_limit_req_account):
//  - rate in milli-requests per second = floor(N x 1000 / unit-seconds) ("1r/m" is 16);
//  - the clock is whole milliseconds, floor(t_us / 1000);
//  - a new key is admitted with excess 0 and last = now;
//  - otherwise ms = now - last (ms < -60000 counts as 1, other negative ms as 0),
//    excess = max(0, excess - rate x ms / 1000 + 1000) in integer arithmetic; the request is
//    rejected iff excess > burst x 1000 (nothing stored), else excess is stored, and `last`
//    only when ms != 0;
//  - the accepted request waits (excess - delay x 1000) x 1000 / rate ms when positive
//    (`nodelay` never waits; `delay=N` forwards the first N excess requests at once).
// nginx has no request cost: the preset accepts cost 1 only. State: 16 bytes per key.

#include "engine/algorithms/leakybucket/leakybucketarithmetic.h"
#include "engine/algorithms/limiter/ratelimiter.h"

namespace ratelab {

struct NginxLimitReqState {
    std::int64_t excess = 0;  // milli-requests
    std::int64_t lastMs = kNever;
};

class NginxLimitReq final : public FlatStateLimiter<NginxLimitReq, NginxLimitReqState> {
public:
    struct Params {
        std::int64_t rateMilli = 0;  // milli-requests per second
        std::int64_t burst = 0;
        bool nodelay = false;
        std::int64_t delay = 0;
    };

    explicit NginxLimitReq(const Params& params) : m_params(params) {}

    Decision decideOne(NginxLimitReqState& state, SimTime now, Cost cost);
    QuotaPolicy policy() const override;
    std::vector<StateValue> inspectState(const NginxLimitReqState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const NginxLimitReqState& state, SimTime from, SimTime to) const;
    LeakyBucketArithmetic arithmeticOf(const NginxLimitReqState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;
    Cost maxCost() const override { return 1; }

private:
    // nginx's ms since `last`: whole milliseconds; a step back of over 60 s counts as 1, any
    // other step back as 0.
    static std::int64_t elapsedMs(std::int64_t lastMs, SimTime now);
    // floor(rate x ms / 1000): the milli-requests drained in `ms` (128 bits: a key idle for
    // years at a high rate passes int64).
    Int128 drainedIn(std::int64_t ms) const { return Int128{m_params.rateMilli} * ms / 1000; }

    Params m_params;
};

}  // namespace ratelab
