// ClusterLane when the store does not decide: the failure policy's decision (fail_open,
// fail_closed, or each instance's local fallback limiter), and what decided a request, for
// the Learn view's cluster decisions (ClusterLane::Decided).

#include "engine/sim/clusterlane.h"

namespace ratelab {

void ClusterLane::decideByPolicy(SimTime t, const Request& r)
{
    Decision d;
    switch (m_cluster.policy.onFailure) {
    case FailurePolicy::FailOpen: d.allowed = true; break;
    case FailurePolicy::FailClosed: d.allowed = false; break;
    case FailurePolicy::LocalFallback:
        d = m_fallback[r.instance]->decide(r.key, m_clocks[r.instance].read(t), r.cost);
        m_memory->touchInstance(r.instance, r.key, t, d.resetAfterUs);
        break;
    }
    record(t, r, d, true);
}

ClusterDecider ClusterLane::deciderOf(bool byPolicy) const
{
    if (byPolicy) {
        switch (m_cluster.policy.onFailure) {
        case FailurePolicy::FailOpen: return ClusterDecider::FailOpen;
        case FailurePolicy::FailClosed: return ClusterDecider::FailClosed;
        case FailurePolicy::LocalFallback: return ClusterDecider::LocalFallback;
        }
    }
    const bool alone = m_cluster.store.mode == StoreMode::Local || m_cluster.store.mode == StoreMode::LocalSync;
    return alone ? ClusterDecider::Instance : ClusterDecider::Store;
}

}  // namespace ratelab
