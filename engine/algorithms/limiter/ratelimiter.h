#pragma once
// The one interface every algorithm and preset implements.
//
// A limiter holds the state of every key in flat arrays indexed by KeyId (grown on demand)
// and answers decide(key, now, cost). Time is an argument, never read from a clock
// (as golang.org/x/time/rate's AllowN(t, n)). Not thread-safe: one limiter per thread.

#include "engine/algorithms/limiter/arithmetic.h"
#include "engine/algorithms/limiter/decision.h"
#include "engine/algorithms/limiter/inspection.h"
#include "engine/core/growtohold.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

namespace ratelab {

// What happens to existing per-key state when a limit changes mid-run.
enum class StatePolicy { Keep, Scale, Reset };

struct Request {
    SimTime t = 0;
    KeyId key = 0;
    std::uint32_t cost = 1;
};

// For a loop over a run of requests: starts loading those kRequestsAhead on. The hardware's
// stream prefetchers stop at every 4 KiB page, and on a trace of millions of requests the loop
// then waits at each page for its next requests from memory (the token bucket bench: 10.4 ns
// per decision without this, 8.7 with it). A cache line holds four requests: call it with
// every index, it fetches on every fourth. The address is formed as an integer, so reading
// past the end of the run is not pointer arithmetic out of bounds, and a prefetch never faults.
inline void prefetchRequestsAhead(const Request* requests, std::size_t i)
{
    constexpr std::size_t kRequestsAhead = 128;
    if (i % 4 == 0)
        __builtin_prefetch(
            reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(requests + i) + kRequestsAhead * sizeof(Request)));
}

class RateLimiter {
public:
    virtual ~RateLimiter() = default;

    virtual Decision decide(KeyId key, SimTime now, Cost cost) = 0;
    // Hints that `keys` will be decided soon: start loading their state into the cache, so a
    // caller that knows the next keys overlaps their memory latency. Changes nothing.
    // prefetch() loads the keys' slots in the per-key array; prefetchIndirect(), called a
    // little later when those have arrived, what the slots point to (a log's entries).
    virtual void prefetch(std::span<const KeyId> keys) const { (void)keys; }
    virtual void prefetchIndirect(std::span<const KeyId> keys) const { (void)keys; }
    // The same decisions for a run of requests, without a virtual call per request.
    virtual void decideBatch(const Request* requests, std::size_t count, Decision* out) = 0;
    // The allow-only path: whether the request passes, with exactly the state change decide()
    // makes, but without remaining, retry-after or reset-after (a bool, as
    // golang.org/x/time/rate's AllowN), for a caller that reads nothing else. Limiters whose
    // decision has a cheaper form without the header fields override it (allowOne below);
    // the others answer decide()'s flag.
    virtual bool allow(KeyId key, SimTime now, Cost cost) { return decide(key, now, cost).allowed; }
    // The same for a run of requests: out[i] is allow() of requests[i]. The default decides
    // runs of kStep requests into a buffer on the stack (10 KiB), long enough that a batch
    // loop's look-ahead (16 requests in the sliding log's) covers nearly all of each run.
    virtual void allowBatch(const Request* requests, std::size_t count, bool* out)
    {
        constexpr std::size_t kStep = 256;
        Decision decisions[kStep];
        for (std::size_t i = 0; i < count; i += kStep) {
            const std::size_t m = std::min(kStep, count - i);
            decideBatch(requests + i, m, decisions);
            for (std::size_t j = 0; j < m; ++j)
                out[i + j] = decisions[j].allowed;
        }
    }

    virtual std::unique_ptr<RateLimiter> clone() const = 0;
    // Bytes of fixed per-key state in the flat arrays (the model's memory per key).
    virtual std::size_t stateBytesPerKey() const = 0;
    // Bytes of per-key state currently held for `key` (variable for logs).
    virtual std::size_t stateBytesOf(KeyId key) const
    {
        (void)key;
        return stateBytesPerKey();
    }
    virtual QuotaPolicy policy() const = 0;
    // The state of `key` as seen at `now`, without changing it (the Learn view's lanes).
    virtual std::vector<StateValue> inspect(KeyId key, SimTime now) const
    {
        (void)key;
        (void)now;
        return {};
    }
    // The dashed lines of the Learn view: capacity, burst, limit, tau.
    virtual std::vector<StateValue> limits() const { return {}; }
    // The times in (from, to] where inspect(key, t), with no decision for `key` in between,
    // stops being linear in t: a jump (at that time the value is after it), a kink, or the
    // last microsecond before a kink between two microseconds. statecurve.h draws the state
    // through them: the first kMaxStateBreaks of them at most. Empty for a limiter without
    // inspect().
    virtual std::vector<SimTime> stateBreaks(KeyId key, SimTime from, SimTime to) const
    {
        (void)key;
        (void)from;
        (void)to;
        return {};
    }
    // What `key` holds just before a request at `now`, in its rule's terms, and that rule
    // worked through in words (arithmetic.h); null for a limiter that gives none.
    virtual std::unique_ptr<DecisionArithmetic> arithmetic(KeyId key, SimTime now) const
    {
        (void)key;
        (void)now;
        return nullptr;
    }
    // Takes over every key's state from `old`, a limiter of the same algorithm with other
    // parameters, as a limit change with `policy` at `now` does (statetransfer.h). False, and
    // nothing taken, for an algorithm that carries no state across a change (the presets).
    virtual bool takeStateFrom(const RateLimiter& old, StatePolicy policy, SimTime now)
    {
        (void)old;
        (void)policy;
        (void)now;
        return false;
    }

    // Fixes the time origin of limiters that keep times relative to one (GCRA, the epoch
    // fixed window) so that clones agree on it; without it the first decision sets it.
    virtual void setTimeOrigin(SimTime origin) { (void)origin; }
    // Copies the state of `sourceKey` in `source` (a limiter of the same algorithm, parameters
    // and origin) into `targetKey` here: a simulated store read or write (GET/SET, CAS).
    virtual void copyKeyState(const RateLimiter& source, KeyId sourceKey, KeyId targetKey) = 0;

    // How far apart the times of one run may lie. gcra holds its TAT as an int64 offset from
    // the first request in units of 1/rate.num us, which may cover less than the engine's
    // time horizon; it throws std::overflow_error beyond (the valid range, algorithms.md).
    virtual Duration maxSpanUs() const { return kTimeHorizonUs; }
    // The largest request cost this limiter models: 1 for nginx's limit_req, which has no cost.
    virtual Cost maxCost() const { return kMaxCost; }
    bool acceptsCost(Cost cost) const { return cost >= 1 && cost <= maxCost(); }
};

// CRTP base for limiters whose per-key state is one small POD. A value-initialised State
// is the state of a key never seen. Derived implements
//     Decision decideOne(State&, SimTime now, Cost cost);
// and may implement the allow-only path (RateLimiter::allow)
//     bool allowOne(State&, SimTime now, Cost cost);
// which must return decideOne's `allowed` and leave the state exactly as decideOne does
// (tst_allowonly runs the two side by side); without it allow() is decideOne's flag.
template <class Derived, class State>
class FlatStateLimiter : public RateLimiter {
public:
    Decision decide(KeyId key, SimTime now, Cost cost) final { return self().decideOne(stateFor(key), now, cost); }
    bool allow(KeyId key, SimTime now, Cost cost) final { return allowIn(stateFor(key), now, cost); }

    void decideBatch(const Request* requests, std::size_t count, Decision* out) final { forEachRequest(requests, count, out); }
    void allowBatch(const Request* requests, std::size_t count, bool* out) final { forEachRequest(requests, count, out); }

    void prefetch(std::span<const KeyId> keys) const final
    {
        for (const KeyId key : keys) {
            if (key < m_states.size())
                __builtin_prefetch(&m_states[key]);
        }
    }

    std::unique_ptr<RateLimiter> clone() const final { return std::make_unique<Derived>(self()); }
    std::size_t stateBytesPerKey() const final { return sizeof(State); }

    // Every key's state, for carrying state across a limit change (statetransfer.h).
    std::vector<State>& states() { return m_states; }
    const std::vector<State>& states() const { return m_states; }

    void copyKeyState(const RateLimiter& source, KeyId sourceKey, KeyId targetKey) final
    {
        const auto& from = static_cast<const Derived&>(source).m_states;
        stateFor(targetKey) = sourceKey < from.size() ? from[sourceKey] : kNewKey;
    }

    std::vector<StateValue> inspect(KeyId key, SimTime now) const override
    {
        const State& state = key < m_states.size() ? m_states[key] : kNewKey;
        if constexpr (requires(const Derived& d) { d.inspectState(state, now); })
            return self().inspectState(state, now);
        else
            return {};
    }

    std::vector<SimTime> stateBreaks(KeyId key, SimTime from, SimTime to) const override
    {
        const State& state = key < m_states.size() ? m_states[key] : kNewKey;
        if constexpr (requires(const Derived& d) { d.breaksOfState(state, from, to); })
            return self().breaksOfState(state, from, to);
        else
            return {};
    }

    std::unique_ptr<DecisionArithmetic> arithmetic(KeyId key, SimTime now) const override
    {
        const State& state = key < m_states.size() ? m_states[key] : kNewKey;
        if constexpr (requires(const Derived& d) { d.arithmeticOf(state, now); })
            return std::make_unique<decltype(self().arithmeticOf(state, now))>(self().arithmeticOf(state, now));
        else
            return nullptr;
    }

    // Through Derived's adoptStateFrom(const Derived&, StatePolicy, SimTime), where it has one.
    bool takeStateFrom(const RateLimiter& old, StatePolicy policy, SimTime now) override
    {
        if constexpr (requires(Derived & d, const Derived& o) { d.adoptStateFrom(o, policy, now); }) {
            const auto* same = dynamic_cast<const Derived*>(&old);
            if (!same)
                return false;
            self().adoptStateFrom(*same, policy, now);
            return true;
        } else {
            return false;
        }
    }

protected:
    State& stateFor(KeyId key)
    {
        growToHold(m_states, key);
        return m_states[key];
    }

private:
    Derived& self() { return static_cast<Derived&>(*this); }
    const Derived& self() const { return static_cast<const Derived&>(*this); }

    bool allowIn(State& state, SimTime now, Cost cost)
    {
        if constexpr (requires(Derived & d) { d.allowOne(state, now, cost); })
            return self().allowOne(state, now, cost);
        else
            return self().decideOne(state, now, cost).allowed;  // the header fields, computed and dropped
    }

    // decideBatch (Out = Decision) or allowBatch (Out = bool): one loop, so that both prefetch
    // alike, and no lambda between it and decideOne(), which then stopped inlining into it.
    template <class Out>
    void forEachRequest(const Request* requests, std::size_t count, Out* out)
    {
        // The key kPrefetchAhead requests on is fetched while this one is decided: with many
        // keys their states miss the cache, and the loads would otherwise wait one by one.
        // The array's start and size are kept in locals, refreshed only when it grows, rather
        // than read from the vector at each request. A prefetch never faults, so the key ahead
        // needs no bounds check (its address is formed as an integer, as in
        // prefetchRequestsAhead, since it may lie past the array).
        State* states = m_states.data();
        std::size_t size = m_states.size();
        for (std::size_t i = 0; i < count; ++i) {
            const KeyId ahead = requests[std::min(i + kPrefetchAhead, count - 1)].key;
            __builtin_prefetch(
                reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(states) + std::uintptr_t{ahead} * sizeof(State)),
                1);
            prefetchRequestsAhead(requests, i);
            const KeyId key = requests[i].key;
            if (key >= size) [[unlikely]] {
                stateFor(key);
                states = m_states.data();
                size = m_states.size();
            }
            if constexpr (std::is_same_v<Out, Decision>)
                storeDecision(out[i], self().decideOne(states[key], requests[i].t, requests[i].cost));
            else
                out[i] = allowIn(states[key], requests[i].t, requests[i].cost);
        }
    }

    static constexpr std::size_t kPrefetchAhead = 8;  // requests; ~8 decisions cover a miss to L3
    std::vector<State> m_states;
    static inline const State kNewKey{};
};

}  // namespace ratelab
