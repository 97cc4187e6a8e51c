#!/usr/bin/env python3
"""Events per second of SimPy (Debian's python3-simpy, SimPy 2) on the model `ratelab-bench
events` times: S sources, each with one event pending at all times, the gap to its next event
exponential of mean G us (at least 1 us); the run stops after N events. Printed as one JSON
object, the best of --repeat runs.

    python3 simpy_events.py [--events 300000] [--sources 100000] [--mean-gap 1000000] [--repeat 3]
"""
import argparse
import json
import random
import sys
import time

from SimPy.Simulation import Process, Simulation, hold


class Source(Process):
    def run(self, sim, rng, mean_gap, budget):
        while True:
            yield hold, self, int(rng.expovariate(1.0 / mean_gap)) + 1
            budget[0] -= 1
            if budget[0] == 0:
                sim.stopSimulation()


def run_once(events, sources, mean_gap, seed):
    sim = Simulation()
    sim.initialize()
    rng = random.Random(seed)
    budget = [events]
    for _ in range(sources):
        s = Source(sim=sim)
        sim.activate(s, s.run(sim, rng, mean_gap, budget))
    start = time.perf_counter()
    sim.simulate(until=10**18)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=300_000)
    parser.add_argument("--sources", type=int, default=100_000)
    parser.add_argument("--mean-gap", type=float, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best = min(run_once(args.events, args.sources, args.mean_gap, 1 + r) for r in range(args.repeat))
    json.dump({"events": args.events, "pending_sources": args.sources, "events_per_s": int(args.events / best)}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
