#!/usr/bin/python3
"""Replay a trace through python `limits` (MemoryStorage) with a replayed clock.

usage: limits_driver.py STRATEGY LIMIT WINDOW_SECONDS < trace > decisions
  STRATEGY: fixed | moving | sliding_counter   (sliding_counter needs limits >= 4.1)
  trace lines: t_us,key,cost   output lines: allowed,remaining

Whatever `limits` is first on sys.path is used (Debian's 2.8.0 by default; put a
4.1 checkout first on PYTHONPATH for sliding_counter). Run with /usr/bin/python3.

Determinism:
  * limits.storage.memory reads the clock as `time.time()` through its own
    module-level `time` name; it is replaced by an object whose time() returns
    t_us / 1e6 (a Python float, exactly that expression) for the request being
    replayed.
  * MemoryStorage starts a threading.Timer that prunes expired entries every
    10 ms of wall time; the module's `threading` name is replaced by a shim whose
    Timer never runs (is_alive() stays True so no new timer is scheduled).
  * remaining = strategy.get_window_stats(item, key)[1], asked right after the
    hit at the same replayed instant (what e.g. flask-limiter puts in
    X-RateLimit-Remaining).
"""
import sys
import threading
import types

import limits
import limits.storage.memory as memory
from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits import strategies

CLOCK = [0.0]
memory.time = types.SimpleNamespace(time=lambda: CLOCK[0])


class _NoTimer:
    def __init__(self, *args, **kwargs):
        pass

    def start(self):
        pass

    def cancel(self):
        pass

    def is_alive(self):
        return True


memory.threading = types.SimpleNamespace(
    Timer=_NoTimer, RLock=threading.RLock, _RLock=threading._RLock, Lock=threading.Lock
)


def main():
    strategy_name, limit, window = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    storage = MemoryStorage()
    cls = {
        "fixed": "FixedWindowRateLimiter",
        "moving": "MovingWindowRateLimiter",
        "sliding_counter": "SlidingWindowCounterRateLimiter",
    }[strategy_name]
    limiter = getattr(strategies, cls)(storage)
    item = RateLimitItemPerSecond(limit, window)
    out = []
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        t_us, key, cost = line.split(",")
        CLOCK[0] = int(t_us) / 1e6
        ok = limiter.hit(item, key, cost=int(cost))
        remaining = limiter.get_window_stats(item, key)[1]
        out.append("%d,%d" % (1 if ok else 0, remaining))
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    sys.stderr.write("limits %s from %s\n" % (limits.__version__, limits.__file__))


if __name__ == "__main__":
    main()
