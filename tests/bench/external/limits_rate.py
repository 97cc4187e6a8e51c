#!/usr/bin/env python3
"""Decisions per second of python `limits` (Debian's python3-limits) in-memory strategies on a
trace CSV (t_us,key,cost), for `ratelab-bench all`: MemoryStorage, one hit() per request with the
request's key and cost. limits reads the wall clock itself, so the trace gives the keys and costs
and the call rate is what is measured, not the trace's decisions. The trace is read before the
clock starts; the best of --repeat runs (fresh storage each) is printed as one JSON object.

    python3 limits_rate.py --trace FILE [--requests N] [--limit "20/2 seconds"] [--repeat 3]
"""
import argparse
import csv
import json
import sys
import time

import limits
from limits import storage, strategies


def read_trace(path, count):
    with open(path, newline="") as f:
        rows = csv.reader(f)
        next(rows)
        out = []
        for row in rows:
            out.append((row[1], int(row[2])))
            if len(out) == count:
                break
    return out


def run(strategy_class, item, requests):
    limiter = strategy_class(storage.MemoryStorage())
    hit = limiter.hit
    allowed = 0
    start = time.perf_counter()
    for key, cost in requests:
        allowed += hit(item, key, cost=cost)
    return time.perf_counter() - start, allowed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trace", required=True)
    parser.add_argument("--requests", type=int, default=200_000)
    parser.add_argument("--limit", default="20/2 seconds")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    requests = read_trace(args.trace, args.requests)
    item = limits.parse(args.limit)
    result = {"requests": len(requests), "limits_version": limits.__version__}
    for name, strategy in (("fixed_window", strategies.FixedWindowRateLimiter),
                           ("moving_window", strategies.MovingWindowRateLimiter)):
        best = min(run(strategy, item, requests)[0] for _ in range(args.repeat))
        result[name + "_decisions_per_s"] = int(len(requests) / best)
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
