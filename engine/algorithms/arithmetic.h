#pragma once
// The arithmetic behind a decision, as values (no text): what a limiter holds for a key just
// before a request at `now`, in the terms of its rule. The Learn view words it
// (app/models/text/decisiontext.h) beside the decision and the state after it. Learn-only.

#include "engine/core/simtime.h"

#include <vector>

namespace ratelab {

struct DecisionArithmetic {
    enum class Kind { None, TokenBucket, LeakyBucket, FixedWindow, SlidingLog, SlidingCounter, Gcra };
    Kind kind = Kind::None;  // None: a limiter that gives no arithmetic
    SimTime nowUs = 0;

    // Buckets. Token bucket: `held` tokens stored at `heldAtUs`, `change` tokens refilled
    // since (after the cap), `level` at now. Leaky bucket: the excess `held` at `heldAtUs`,
    // `change` drained (negative), `level` = max(0, held + 1 - drain) - 1, the excess a
    // request of cost c turns into level + c (nginx's rule, so it may fall to -1).
    bool newKey = false;  // never seen: a full bucket, an empty excess
    double held = 0;
    SimTime heldAtUs = 0;
    Duration elapsedUs = 0;    // now - heldAt, 0 when time went back (nginx: its whole ms)
    double ratePerSecond = 0;  // refill or drain
    Duration intervalUs = 0;   // token bucket interval mode: whole fills only (else 0)
    std::int64_t fills = 0;
    double change = 0;
    double level = 0;
    double capacity = 0;  // tokens; the leaky bucket's burst

    // Windows (fixed, counter): the window [windowStartUs, windowEndUs) the request counts
    // in, what it has counted before it, and whether it opened since the key's last request.
    SimTime windowStartUs = 0;
    SimTime windowEndUs = 0;
    std::int64_t count = 0;
    std::int64_t limit = 0;
    Duration windowUs = 0;
    bool windowOpened = false;
    bool countsRejected = false;  // fixed window count_rejected

    // Sliding log: the entries counted at now, oldest first, one per unit of cost; those
    // that stopped counting since the key's last request; whether an entry exactly a window
    // old still counts.
    std::vector<SimTime> entries;
    std::vector<SimTime> leftEntries;
    bool inclusive = false;

    // Sliding counter: the previous window's count, the time into this window, the
    // previous count's weighted part floor(previous x (W - elapsed) / W), this window's count
    // (`count`), and estimate = weighted + count.
    std::int64_t previous = 0;
    Duration intoWindowUs = 0;
    std::int64_t weighted = 0;
    std::int64_t estimate = 0;

    // GCRA: the stored TAT - now (negative when it is past; the key is not new), the same
    // after max(TAT, now), the emission interval T and tau, in microseconds (fractional when
    // 1/rate is). Relative to now, so exact at epoch instants.
    double tatFromNowUs = 0;
    double tatAheadUs = 0;
    double emissionUs = 0;
    double tauUs = 0;
};

// The same arithmetic with every instant moved by -origin (to times from a scenario start).
void shiftArithmetic(DecisionArithmetic& a, SimTime origin);

}  // namespace ratelab
