// ClusterLane on memcached, which runs no script on the server: what it can do atomically is
// add (store a key only if it is absent), incr (add to a counter, answer the new value) and
// gets then cas (read a value with its version, write only if the version is unchanged).
//
// A counter per window (a fixed window aligned on the epoch: fixed_window with align epoch,
// redis_incr_expire) is the one state incr can keep. The client is django-ratelimit's
// (jsocol/django-ratelimit, django_ratelimit/core.py, get_usage; python limits'
// limits/storage/memcached.py, MemcachedStorage.incr, calls the same two commands): it names
// the key after the window it is in, sends `add key cost exptime`, and when the key was
// absent the request is decided on `cost` after that one round trip; when the key was there
// (NOT_STORED) it sends `incr key cost` and decides on the count incr returns: allowed when
// count <= limit. Nothing is decremented back, so incr counts rejected cost too: on memcached
// every epoch window counts as count_rejected would have it. Every request but a window's
// first therefore takes two round trips. A key, once added, lives until its window ends, so an
// incr never meets NOT_FOUND here.
//
// Any other state (token and leaky buckets, GCRA, sliding log and counter, windows that open
// at the first request) takes the cas path, the same as the `cas` mode's (clusterlane.cpp).
// The counter and the window each key was added for live in the store (clusterstore.h).
// memcached has no TIME command: the instance's clock decides (validateScenario refuses
// store.clock "store").

#include "engine/sim/clusterlane.h"

#include <algorithm>

namespace ratelab {

// The add (attempt 0) or the incr (attempt 1) reaches memcached. The key is the window the
// instance's clock read when the request arrived; r.allowed says whether the command counted
// (an add that found the key counts nothing, and onReply sends the incr).
void ClusterLane::memcachedCommand(SimTime t, Request& r)
{
    const SimTime named = m_instances.clock(r.instance).read(r.arrivedAt);
    const KeyId key = m_store.keyOf(r.key, named);
    const bool absent = m_store.addCounter(key, floorDiv(named, m_nominal.windowUs));
    r.allowed = r.attempt > 0 || absent;
    if (!r.allowed)
        return;  // NOT_STORED
    r.decision = m_store.count(key, named, r.cost);
    r.exactAllows = m_accounting.exactAllows(r.key, t, r.cost);
    // The decision's times run from the arrival; the key lives until its window ends.
    const Duration sinceNamed = m_instances.clock(r.instance).read(t) - named;
    m_memory.touchStore(key, t, std::max<Duration>(0, r.decision.resetAfterUs - sinceNamed));
}

}  // namespace ratelab
