// ClusterLane when the store does not decide: the failure policy's decision (fail_open,
// fail_closed, or each instance's local fallback limiter).

#include "engine/sim/clusterlane.h"

namespace ratelab {

void ClusterLane::decideByPolicy(SimTime t, const Request& r)
{
    Decision d;
    switch (m_cluster.policy.onFailure) {
    case FailurePolicy::FailOpen: d.allowed = true; break;
    case FailurePolicy::FailClosed: d.allowed = false; break;
    case FailurePolicy::LocalFallback:
        d = m_instances.fallback(r.instance).decide(r.key, m_instances.clock(r.instance).read(t), r.cost);
        m_memory.touchInstance(r.instance, r.key, t, d.resetAfterUs);
        break;
    }
    record(t, r, d, true);
}

}  // namespace ratelab
