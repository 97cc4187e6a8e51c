#!/usr/bin/python3
"""Generate RateLab's reference expectations by replaying deterministic traces
through the real reference implementations (see README.md).

usage (normally via generate.sh):
  /usr/bin/python3 generate.py --out DIR --xtime-driver BIN --redis-port PORT \
      --limits41 DIR_WITH_limits_4.1_PACKAGE

Writes DIR/cases.json and one CSV per case. Prints, per case, the row count,
allowed/rejected counts and how many decisions differ from an exact-arithmetic
model of the same algorithm (a diagnostic for float effects; the CSVs hold
only what the reference itself decided).
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from throttled_gcra import ThrottledGCRA  # noqa: E402

UNIT_S = {"us": Fraction(1, 10**6), "ms": Fraction(1, 1000), "s": Fraction(1), "m": Fraction(60), "h": Fraction(3600)}
UNIT_US = {"us": 1, "ms": 1000, "s": 10**6, "m": 60 * 10**6, "h": 3600 * 10**6}


def parse_rate(text):
    """'2.5/s' -> requests per second as an exact Fraction"""
    n, unit = text.split("/")
    return Fraction(n) / UNIT_S[unit]


def parse_dur_us(text):
    for u in ("us", "ms", "s", "m", "h"):
        if text.endswith(u) and text[: -len(u)].replace(".", "").isdigit():
            if u == "s" and text.endswith(("us", "ms")):
                continue
            if u == "m" and text.endswith("ms"):
                continue
            v = Fraction(text[: -len(u)]) * UNIT_US[u]
            assert v.denominator == 1
            return int(v)
    raise ValueError(text)


# ----------------------------------------------------------------------------
# traces


class Trace:
    def __init__(self):
        self.rows = []  # (t_us, seq, key, cost)

    def add(self, t, key, cost=1):
        assert t >= 0 and cost >= 1
        self.rows.append((int(t), len(self.rows), key, int(cost)))

    def sorted_rows(self):
        return [(t, k, c) for t, _, k, c in sorted(self.rows)]


def spaced(start, period_us, n):
    """n timestamps starting at start, period_us apart (period may be a
    Fraction: timestamps are floor(start + i*period), so the average spacing is
    exact and consecutive gaps differ by at most 1 us)"""
    return [start + int(math.floor(i * Fraction(period_us))) for i in range(n)]


def build_trace(seed, t0, cap, period_us, window_us, poisson_n=450, anchors=8, idle_us=2 * 3600 * 10**6, epoch_probes=True,
                anchor_pick=None):
    """Generic edge-stressing trace.

    cap       : how many cost-1 requests pass at once from idle (burst / limit)
    period_us : Fraction, sustained spacing (1/rate, or window/limit)
    window_us : the span after which the state of a full key is reset
                (window, or cap * period for buckets)
    """
    rng = random.Random(seed)
    tr = Trace()
    t = t0
    # A. burst at the very first timestamp; cost > 1; cost above the capacity
    for _ in range(cap + 3):
        tr.add(t, "a")
    tr.add(t, "b", 2)
    tr.add(t, "b", cap)  # after cost 2 only cap-2 are left: rejected
    tr.add(t, "c", cap + 1)  # above capacity on an idle key
    tr.add(t, "c", cap)  # exactly the capacity
    tr.add(t, "c", 1)
    # B. exact sustained spacing right after the burst, then 1 us early / late
    ts = spaced(t, period_us, 26)[1:]
    for x in ts:
        tr.add(x, "a")
    last = ts[-1]
    p_int = int(Fraction(period_us))
    for off in (p_int - 1, p_int, p_int + 1, 1, p_int):
        last += off
        tr.add(last, "a")
    t = max(last, t) + 2 * window_us + 12345
    # C. boundary probes: fill at an anchor, probe anchor+W-1, +W, +W+1;
    #    and around epoch-aligned multiples of the window
    for i in range(anchors):
        a = t + rng.randrange(0, 10**6)
        if anchor_pick is not None and i % 2 == 0:
            # look for an anchor where the reference's float comparison at
            # anchor + W disagrees with exact integer arithmetic
            # (this only happens where a/1e6 and a/1e6 + W straddle a power of
            # two, so scan ahead coarsely, up to 600 s)
            for cand in range(a, a + 600 * 10**6, 1009):
                if anchor_pick(cand, window_us):
                    a = cand
                    break
        key = "w%d" % (i % 3)
        for _ in range(cap):
            tr.add(a, key)
        for off in (window_us - 1, window_us, window_us + 1):
            tr.add(a + off, key)
        t = a + 3 * window_us + 777
    if epoch_probes:
        k = t // window_us + 2
        for i in range(anchors // 2):
            b = (k + 3 * i) * window_us
            key = "e%d" % (i % 2)
            # the "2x at the boundary" pattern: cap just before, cap at, one after
            for _ in range(cap):
                tr.add(b - 1, key)
            for _ in range(cap):
                tr.add(b, key)
            tr.add(b + 1, key)
            tr.add(b + window_us - 1, key)
            tr.add(b + window_us, key)
        t = (k + 3 * (anchors // 2) + 2) * window_us + 4321
    # D. sub-millisecond spacing
    x = t
    for _ in range(40):
        tr.add(x, "s", 1 if rng.random() < 0.8 else 2)
        x += rng.randrange(1, 700)
    t = x + 2 * window_us
    # E. long idle gap, then the first key again
    t += idle_us
    for _ in range(cap + 2):
        tr.add(t, "a")
    t += 1
    # F. Poisson-ish traffic slightly above the sustained rate on 4 keys
    keys = ["k1", "k2", "k3", "k4"]
    mean_gap = Fraction(period_us) / Fraction(16, 10) * len(keys)
    x = t + 1000
    for _ in range(poisson_n):
        x += max(0, int(rng.expovariate(1.0) * float(mean_gap)))
        if rng.random() < 0.15:
            x += 0  # same-instant arrival
        r = rng.random()
        cost = 1 if r < 0.85 else 2 if r < 0.95 else 3 if r < 0.99 else cap + 1
        tr.add(x, rng.choice(keys), cost)
    return tr.sorted_rows()


# ----------------------------------------------------------------------------
# exact-arithmetic models (diagnostics only)


def exact_token_bucket(rows, r, burst):
    st = {}
    out = []
    for t, k, c in rows:
        if k not in st:
            st[k] = (Fraction(burst), t)
        tok, last = st[k]
        tok = min(Fraction(burst), tok + r * Fraction(t - last, 10**6))
        ok = c <= burst and tok - c >= 0
        if ok:
            st[k] = (tok - c, t)
        out.append(ok)
    return out


def exact_gcra(rows, r, burst):
    T = 1 / r
    tau = T * burst
    tat = {}
    out = []
    for t, k, c in rows:
        now = Fraction(t, 10**6)
        new = max(tat.get(k, now), now) + T * c
        ok = new - now <= tau
        if ok:
            tat[k] = new
        out.append((ok, math.floor((tau - (new - now)) / T) if ok else 0))
    return out


def exact_fixed_first(rows, limit, w_us):
    st = {}
    out = []
    for t, k, c in rows:
        open_at, n = st.get(k, (None, 0))
        if open_at is None or t >= open_at + w_us:
            open_at, n = t, 0
        n += c
        st[k] = (open_at, n)
        out.append(n <= limit)
    return out


def exact_moving_28(rows, limit, w_us):
    log = {}
    out = []
    for t, k, c in rows:
        lst = log.setdefault(k, [])  # newest first, never pruned
        idx = limit - c
        try:
            e = lst[idx]
        except IndexError:
            e = None
        ok = not (e is not None and e >= t - w_us)
        if ok:
            lst[:0] = [t] * c
        out.append(ok)
    return out


def exact_sliding_41(rows, limit, w_us):
    counters = {}  # (key, idx) -> (count, expires_at)
    out = []

    def get(ck, t):
        n, exp = counters.get(ck, (0, 0))
        if exp <= t:
            counters.pop(ck, None)
            return 0
        return n

    for t, k, c in rows:
        if c > limit:
            out.append(False)
            continue
        q = Fraction(t - w_us, w_us)
        prev_idx = int(q)  # truncation toward zero, like Python int()
        cur_idx = t // w_us
        pc = get((k, prev_idx), t)
        cc = get((k, cur_idx), t)
        ttl = 0 if pc == 0 else (1 - (q - math.floor(q))) * w_us
        weighted = pc * Fraction(ttl) / w_us + cc
        if math.floor(weighted) + c > limit:
            out.append(False)
            continue
        n, exp = counters.get((k, cur_idx), (0, 0))
        if n == 0:
            exp = t + 2 * w_us
        counters[(k, cur_idx)] = (n + c, exp)
        out.append(True)
    return out


# ----------------------------------------------------------------------------
# runners


def trace_text(rows):
    return "".join("%d,%s,%d\n" % r for r in rows)


def run_xtime(ctx, rows, p):
    lim = float(parse_rate(p["rate"]))  # the double nearest N / unit-seconds
    res = subprocess.run([ctx.xtime, repr(lim), p["burst"]], input=trace_text(rows), capture_output=True, text=True, check=True)
    allowed = [int(x) for x in res.stdout.split()]
    exact = exact_token_bucket(rows, parse_rate(p["rate"]), int(p["burst"]))
    diff = sum(1 for a, e in zip(allowed, exact) if bool(a) != e)
    return ["allowed"], [[a] for a in allowed], diff


class RedisCtx:
    def __init__(self, port):
        import redis

        self.r = redis.Redis(host="127.0.0.1", port=port)
        self.r.ping()
        self.r.flushall()
        with open(os.path.join(HERE, "redis_rate_gcra.lua")) as f:
            self.gcra = self.r.register_script(f.read())
        with open(os.path.join(HERE, "incr_expire.lua")) as f:
            self.incr = self.r.register_script(f.read())


def run_redis_gcra(ctx, rows, p):
    rr = ctx.redis
    rr.r.flushall()
    r = parse_rate(p["rate"])
    # redis_rate.Limit{Rate int, Period time.Duration}: Rate / Period = r
    rate_i, period_s = p.get("_redis_rate", (r.numerator, r.denominator))
    assert Fraction(rate_i, period_s) == r
    allowed, remaining, out = [], [], []
    for t, k, c in rows:
        sec, usec = divmod(t, 10**6)
        v = rr.gcra(keys=["rate:" + k], args=[p["burst"], rate_i, period_s, c, sec, usec])
        ok = 1 if int(v[0]) > 0 else 0
        out.append([ok, int(v[1])])
    assert float_redis_gcra(rows, rate_i, period_s, int(p["burst"])) == out, "double replica disagrees with Redis"
    exact = exact_gcra(rows, r, int(p["burst"]))
    diff = sum(1 for o, e in zip(out, exact) if bool(o[0]) != e[0])
    rdiff = sum(1 for o, e in zip(out, exact) if o[0] and o[1] != e[1])
    return ["allowed", "remaining"], out, (diff, rdiff)


def run_incr(ctx, rows, p):
    rr = ctx.redis
    rr.r.flushall()
    w = parse_dur_us(p["window"])
    assert w % 1000 == 0
    out = []
    for t, k, c in rows:
        v = rr.incr(keys=["%s:%d" % (k, t // w)], args=[c, p["limit"], w // 1000])
        out.append([int(v[0])])
    return ["allowed"], out, 0


def run_limits(ctx, rows, p, strategy):
    w = parse_dur_us(p["window"])
    assert w % 10**6 == 0
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if strategy == "sliding_counter":
        env["PYTHONPATH"] = ctx.limits41
    res = subprocess.run(
        ["/usr/bin/python3", os.path.join(HERE, "limits_driver.py"), strategy, p["limit"], str(w // 10**6)],
        input=trace_text(rows), capture_output=True, text=True, check=True, env=env)
    ver = res.stderr.strip()
    want = "limits 4.1 " if strategy == "sliding_counter" else "limits 2.8.0 "
    assert ver.startswith(want), ver
    out = [[int(a), int(b)] for a, b in (line.split(",") for line in res.stdout.split())]
    lim = int(p["limit"])
    exact = {"fixed": exact_fixed_first, "moving": exact_moving_28, "sliding_counter": exact_sliding_41}[strategy](rows, lim, w)
    diff = sum(1 for o, e in zip(out, exact) if bool(o[0]) != e)
    return ["allowed", "remaining"], out, diff


def run_throttled(ctx, rows, p):
    r = parse_rate(p["rate"])
    period_ns = (Fraction(10**9) / r).__floor__()  # Go: d / time.Duration(n)
    g = ThrottledGCRA(period_ns, int(p["max_burst"]))
    out = []
    us_exact = True
    for t, k, c in rows:
        limited, rem, retry, _ = g.decide(k, t * 1000, c)
        if not limited:
            retry_us = 0  # throttled reports -1 ("not limited"); our Decision uses 0 (design.md section 3)
        elif retry == -1:
            retry_us = -1  # quantity above the tolerance: can never pass
        else:
            if retry % 1000:
                us_exact = False
            retry_us = retry // 1000
        out.append([0 if limited else 1, rem, retry_us])
    if not us_exact:
        out = [o[:2] for o in out]
        return ["allowed", "remaining"], out, 0
    return ["allowed", "remaining", "retry_after_us"], out, 0


# ----------------------------------------------------------------------------
# the cases

E1 = 1_700_000_000_000_000  # 2023-11-14T22:13:20Z, a whole second
E2 = 1_735_689_600_000_000  # 2025-01-01T00:00:00Z
E3 = 1_767_225_599_000_000  # 2025-12-31T23:59:59Z

XT = "golang.org/x/time/rate v0.3.0 (Debian 12 golang-golang-x-time-dev 0.3.0), rate.NewLimiter + AllowN, run by gen/xtime_driver (Go 1.19, GOPATH mode)"
RR = ("go-redis/redis_rate v10.0.1 allowN GCRA (lua.go; identical in v9.1.x), re-implemented by RateLab in gen/redis_rate_gcra.lua "
      "with the clock as ARGV and run in the real redis-server 7.0.15 (Debian 12)")
IE = "Redis INCRBY + PEXPIRE-on-first-hit fixed window (gen/incr_expire.lua) run in the real redis-server 7.0.15 (Debian 12)"
L28 = "python limits 2.8.0 (Debian 12 python3-limits) MemoryStorage + %s, replayed clock, expiry timer disabled (gen/limits_driver.py)"
L41 = ("python limits 4.1 (first release with SlidingWindowCounterRateLimiter; git tag 4.1, commit aff8ca13e30c9d754690a2931498f023d35dc62f) "
       "MemoryStorage + SlidingWindowCounterRateLimiter, run from a checkout via PYTHONPATH with Debian 12 python3, replayed clock, expiry timer disabled (gen/limits_driver.py)")
TH = ("throttled/throttled v2.13.0 GCRARateLimiterCtx (rate.go) with memstore semantics: NOT run (cannot be built here); "
      "faithful RateLab re-implementation in exact integer nanoseconds, gen/throttled_gcra.py")

STD_NOTE = ("first-instant burst on key a (cap+3), cost 2 / cost=cap / cost>cap on fresh keys, sustained exact spacing after the burst "
            "then -1us/+1us, fill-then-probe at anchor+W-1/W/W+1 on epoch-scale sub-second anchors, 2x burst at epoch-aligned window "
            "boundaries (b-1, b, b+1, b+W-1, b+W), sub-ms spacing, 2h idle gap, Poisson 1.3x the sustained rate on 4 keys with cost 1-3 and cost>cap")


def fixed_float_flip(a, w_us):
    """limits fixed window: the window opened at a is NOT yet expired at a + W"""
    return not (a / 1e6 + w_us // 10**6 <= (a + w_us) / 1e6)


def moving_float_flip(a, w_us):
    """limits moving window: an entry at a is NOT counted at exactly a + W"""
    return not (a / 1e6 >= (a + w_us) / 1e6 - w_us // 10**6)


def float_redis_gcra(rows, rate_i, period_s, burst):
    """IEEE-double replica of the script (diagnostic: must match Redis exactly)"""
    T = float(period_s) / float(rate_i)
    tol = T * burst
    tat = {}
    out = []
    for t, k, c in rows:
        sec, usec = divmod(t, 10**6)
        now = float(sec - 1483228800) + usec / 1000000
        cur = max(tat.get(k, now), now)
        new = cur + T * c
        diff = now - (new - tol)
        left = diff / T
        if left < 0:
            out.append([0, 0])
        else:
            tat[k] = new
            out.append([1, int(left)])
    return out


def case_list():
    C = []

    def add(file, algorithm, params, reference, note, rows, runner):
        C.append(dict(file=file, algorithm=algorithm, params=params, reference=reference, note=note, rows=rows, runner=runner))

    # 1. x_time_rate
    add("x_time_rate_10ps_b5_epoch.csv", "x_time_rate", {"rate": "10/s", "burst": "5"}, XT,
        "Limit(10), burst 5, 2023 epoch timestamps. " + STD_NOTE,
        build_trace(101, E1 + 123_456, 5, Fraction(100_000), 500_000), run_xtime)
    add("x_time_rate_2.5ps_b3_t0.csv", "x_time_rate", {"rate": "2.5/s", "burst": "3"}, XT,
        "Limit(2.5), burst 3, trace starts at t=0 (the limiter's zero 'last' still means full). " + STD_NOTE,
        build_trace(102, 0, 3, Fraction(400_000), 1_200_000), run_xtime)
    add("x_time_rate_600pm_b10_epoch.csv", "x_time_rate", {"rate": "600/m", "burst": "10"}, XT,
        "600/m is Limit(10) (the double nearest 600/60). 2025 timestamps. " + STD_NOTE,
        build_trace(103, E2, 10, Fraction(100_000), 1_000_000), run_xtime)
    add("x_time_rate_3ps_b1_epoch.csv", "x_time_rate", {"rate": "3/s", "burst": "1"}, XT,
        "Limit(3), burst 1: sustained spacing 333333/333333/333334 us (1/3 s not a whole us), float tokens near 1. " + STD_NOTE,
        build_trace(104, E3 + 1, 1, Fraction(10**6, 3), 333_334), run_xtime)
    add("x_time_rate_0.3ps_b2_epoch.csv", "x_time_rate", {"rate": "0.3/s", "burst": "2"}, XT,
        "Limit(0.3) (not exact in binary), burst 2, spacing 3333333/3333333/3333334 us. " + STD_NOTE,
        build_trace(105, E1 + 999_999, 2, Fraction(10**7, 3), 6_666_667, poisson_n=300), run_xtime)
    add("x_time_rate_7ps_b4_t0.csv", "x_time_rate", {"rate": "7/s", "burst": "4"}, XT,
        "Limit(7), burst 4 from t=0, spacing floor(i*10^6/7) us. " + STD_NOTE,
        build_trace(106, 0, 4, Fraction(10**6, 7), 571_429), run_xtime)

    # 2. redis_rate_gcra
    add("redis_rate_gcra_10ps_b5_epoch.csv", "redis_rate_gcra", {"rate": "10/s", "burst": "5"}, RR,
        "Limit{Rate:10, Period:1s, Burst:5}; 2023 timestamps (now = (sec-1483228800)+usec/1e6). " + STD_NOTE,
        build_trace(201, E1 + 123_456, 5, Fraction(100_000), 500_000), run_redis_gcra)
    add("redis_rate_gcra_2.5ps_b3_t0.csv", "redis_rate_gcra", {"rate": "2.5/s", "burst": "3", "_redis_rate": (5, 2)}, RR,
        "Limit{Rate:5, Period:2s, Burst:3}; trace from t=0, so the script's now is about -1.48e9 s. " + STD_NOTE,
        build_trace(202, 0, 3, Fraction(400_000), 1_200_000), run_redis_gcra)
    add("redis_rate_gcra_600pm_b20_epoch.csv", "redis_rate_gcra", {"rate": "600/m", "burst": "20", "_redis_rate": (600, 60)}, RR,
        "PerMinute(600) with Burst 20 (emission interval 60/600 = the double nearest 0.1). 2025 timestamps. " + STD_NOTE,
        build_trace(203, E2 + 500_000, 20, Fraction(100_000), 2_000_000, poisson_n=400), run_redis_gcra)
    add("redis_rate_gcra_7ps_b1_epoch.csv", "redis_rate_gcra", {"rate": "7/s", "burst": "1"}, RR,
        "Limit{Rate:7, Period:1s, Burst:1}: emission interval 1/7 s, spacing floor(i*10^6/7) us; float error decides exact-spacing requests. " + STD_NOTE,
        build_trace(204, E3 + 1, 1, Fraction(10**6, 7), 142_858), run_redis_gcra)

    # 3. redis_incr_expire
    add("redis_incr_expire_5_1s_epoch.csv", "redis_incr_expire", {"limit": "5", "window": "1s"}, IE,
        "epoch-aligned 1 s windows, counter includes rejected cost. " + STD_NOTE,
        build_trace(301, E1 + 123_456, 5, Fraction(200_000), 1_000_000), run_incr)
    add("redis_incr_expire_20_60s_t0.csv", "redis_incr_expire", {"limit": "20", "window": "60s"}, IE,
        "epoch-aligned 60 s windows from t=0. " + STD_NOTE,
        build_trace(302, 0, 20, Fraction(3_000_000), 60_000_000, poisson_n=400), run_incr)

    # 4. limits 2.8.0
    add("limits_fixed_window_5_1s_epoch.csv", "limits_fixed_window", {"limit": "5", "window": "1s"}, L28 % "FixedWindowRateLimiter",
        "window opens at the first hit (float t/1e6 + W) and closes when expiry <= now; rejected cost counted. " + STD_NOTE,
        build_trace(401, E1 + 123_457, 5, Fraction(200_000), 1_000_000), lambda c, r, p: run_limits(c, r, p, "fixed"))
    add("limits_fixed_window_10_10s_t0.csv", "limits_fixed_window", {"limit": "10", "window": "10s"}, L28 % "FixedWindowRateLimiter",
        "from t=0; half the probe anchors a are chosen so that the float test expiry <= now is still False at exactly a + W "
        "(a/1e6 + 10 > (a + 10^7)/1e6): the window stays open 1 us longer than exact arithmetic says. " + STD_NOTE,
        build_trace(402, 0, 10, Fraction(1_000_000), 10_000_000, poisson_n=400, anchor_pick=fixed_float_flip), lambda c, r, p: run_limits(c, r, p, "fixed"))
    add("limits_fixed_window_20_60s_epoch.csv", "limits_fixed_window", {"limit": "20", "window": "60s"}, L28 % "FixedWindowRateLimiter",
        "2025 timestamps, 60 s windows. " + STD_NOTE,
        build_trace(403, E2 + 654_321, 20, Fraction(3_000_000), 60_000_000, poisson_n=400), lambda c, r, p: run_limits(c, r, p, "fixed"))
    add("limits_moving_window_5_1s_epoch.csv", "limits_moving_window", {"limit": "5", "window": "1s"}, L28 % "MovingWindowRateLimiter",
        "an entry exactly W old still counts (atime >= now - W, floats); cost>limit admitted while the log is short or its oldest entries are old "
        "(the log is never pruned without the timer), remaining can be negative. " + STD_NOTE,
        build_trace(501, E1 + 123_457, 5, Fraction(200_000), 1_000_000), lambda c, r, p: run_limits(c, r, p, "moving"))
    add("limits_moving_window_10_60s_t0.csv", "limits_moving_window", {"limit": "10", "window": "60s"}, L28 % "MovingWindowRateLimiter",
        "from t=0, 60 s window; half the probe anchors a are chosen so that an entry at a is NOT counted at exactly a + W "
        "(a/1e6 < (a + 6*10^7)/1e6 - 60 in doubles), i.e. the float comparison makes the window exclusive there. " + STD_NOTE,
        build_trace(502, 0, 10, Fraction(6_000_000), 60_000_000, poisson_n=400, anchor_pick=moving_float_flip), lambda c, r, p: run_limits(c, r, p, "moving"))
    add("limits_moving_window_cost_over_limit.csv", "limits_moving_window", {"limit": "3", "window": "10s"}, L28 % "MovingWindowRateLimiter",
        "cost > limit: events[key][limit - cost] is a negative index = the (cost-limit)-th OLDEST entry ever logged; IndexError on an empty/short log admits it. "
        "Shows admission on an empty log, on a short log, rejection while the whole long log is recent, and admission again once its oldest entries are old.",
        cost_over_limit_trace(), lambda c, r, p: run_limits(c, r, p, "moving"))

    # 5. limits 4.1 sliding window counter
    add("limits_sliding_window_counter_5_1s_epoch.csv", "limits_sliding_window_counter", {"limit": "5", "window": "1s"}, L41,
        "floor(prev * ttl / W + curr) + cost > limit rejects; cost > limit always rejected. " + STD_NOTE,
        build_trace(601, E1 + 123_457, 5, Fraction(200_000), 1_000_000), lambda c, r, p: run_limits(c, r, p, "sliding_counter"))
    add("limits_sliding_window_counter_10_10s_t0.csv", "limits_sliding_window_counter", {"limit": "10", "window": "10s"}, L41,
        "from t=0: during [0, W) the 'previous' key int((t-W)/W) truncates to 0 = the current key, so the current count is also weighted in as previous (keys q1, q2 probe this). " + STD_NOTE,
        with_first_window_probe(build_trace(602, 0, 10, Fraction(1_000_000), 10_000_000, poisson_n=400), 10, 10_000_000), lambda c, r, p: run_limits(c, r, p, "sliding_counter"))
    add("limits_sliding_window_counter_20_60s_epoch.csv", "limits_sliding_window_counter", {"limit": "20", "window": "60s"}, L41,
        "2025 timestamps, 60 s window. " + STD_NOTE,
        build_trace(603, E2 + 654_321, 20, Fraction(3_000_000), 60_000_000, poisson_n=400), lambda c, r, p: run_limits(c, r, p, "sliding_counter"))

    # 6. throttled
    add("throttled_gcra_10ps_mb4_epoch.csv", "throttled_gcra", {"rate": "10/s", "max_burst": "4"}, TH,
        "T = 100 ms, DVT = 5T: 5 at once. " + STD_NOTE,
        build_trace(701, E1 + 123_456, 5, Fraction(100_000), 500_000), run_throttled)
    add("throttled_gcra_3ps_mb0_t0.csv", "throttled_gcra", {"rate": "3/s", "max_burst": "0"}, TH,
        "T = 333333333 ns (Go integer division), DVT = T: 1 at once, cost >= 2 never passes (remaining then reports limit). From t=0. " + STD_NOTE,
        build_trace(702, 0, 1, Fraction(10**6, 3), 333_334), run_throttled)
    add("throttled_gcra_600pm_mb9_epoch.csv", "throttled_gcra", {"rate": "600/m", "max_burst": "9"}, TH,
        "PerMin(600): T = 100 ms, DVT = 10T. 2025 timestamps. " + STD_NOTE,
        build_trace(703, E2 + 1, 10, Fraction(100_000), 1_000_000), run_throttled)
    return C


def with_first_window_probe(rows, limit, w_us):
    """add requests inside [0, W) and just after W on fresh keys q1, q2: the
    first window of the epoch is where limits 4.1's previous-window key
    int((t - W) / W) truncates to 0 and equals the current key"""
    extra = []
    half = limit // 2
    extra += [(w_us // 10, "q1", 1)] * half
    extra += [(w_us // 2, "q1", 1)] * (half + 1)
    extra += [(w_us - 1, "q1", 1), (w_us, "q1", 1), (w_us + 1, "q1", 1), (w_us + w_us // 4, "q1", 1)]
    extra += [(w_us // 4, "q2", 2), (w_us // 4 + 1, "q2", limit - 3), (w_us // 2, "q2", 1), (3 * w_us // 4, "q2", 1),
              (w_us - 1, "q2", 1), (w_us, "q2", 2)]
    tagged = [(t, 1, k, c) for t, k, c in extra] + [(t, 2, k, c) for t, k, c in rows]
    return [(t, k, c) for t, _, k, c in sorted(tagged, key=lambda r: (r[0], r[1]))]


def cost_over_limit_trace():
    tr = Trace()
    t = E2 + 250_000
    W = 10 * 10**6
    tr.add(t, "empty", 5)          # empty log: IndexError -> admitted, 5 entries logged
    tr.add(t, "empty", 1)          # now 5 recent entries >= limit 3: rejected
    tr.add(t + 1, "empty", 4)      # index 3-4 = -1: oldest entry, recent -> rejected
    tr.add(t, "short", 1)          # log of 1
    tr.add(t + 10, "short", 5)     # index -2 on a 1-entry log: IndexError -> admitted
    tr.add(t + 20, "short", 5)     # index -2: 2nd oldest (recent) -> rejected
    # long log: many admitted hits spread out so the oldest ones age out
    x = t + 100
    for i in range(12):
        tr.add(x, "long", 1)
        x += 4 * 10**6             # 4 s apart: at most 3 in any 10 s
    tr.add(x, "long", 6)           # oldest entries are ~48 s old -> admitted (6 > limit 3)
    tr.add(x + 1, "long", 1)       # rejected: 6 recent entries
    tr.add(x + W, "long", 1)       # entries exactly W old still count -> rejected
    tr.add(x + W + 1, "long", 1)   # admitted
    tr.add(x + W + 2, "long", 4)   # index -1 = oldest entry (old) -> admitted although cost 4 > 3 and 1 recent
    # a key whose whole log is recent: cost > limit rejected until the oldest ages out
    y = x + 3 * W
    for _ in range(3):
        tr.add(y, "recent", 1)
    tr.add(y + 1, "recent", 4)     # index -1 = oldest (1 us old) -> rejected
    tr.add(y + W, "recent", 4)     # oldest exactly W old -> still counts -> rejected
    tr.add(y + W + 1, "recent", 4)  # oldest older than W -> admitted
    tr.add(y + W + 2, "recent", 1)  # 4 recent entries -> rejected
    return tr.sorted_rows()


class Ctx:
    pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--xtime-driver", required=True)
    ap.add_argument("--redis-port", type=int, required=True)
    ap.add_argument("--limits41", required=True)
    a = ap.parse_args()
    ctx = Ctx()
    ctx.xtime = a.xtime_driver
    ctx.redis = RedisCtx(a.redis_port)
    ctx.limits41 = a.limits41
    meta = []
    total = 0
    for c in case_list():
        rows = c["rows"]
        params = {k: v for k, v in c["params"].items() if not k.startswith("_")}
        cols, out, diff = c["runner"](ctx, rows, c["params"])
        assert len(out) == len(rows)
        assert all(rows[i][0] <= rows[i + 1][0] for i in range(len(rows) - 1))
        path = os.path.join(a.out, c["file"])
        with open(path, "w", newline="\n") as f:
            f.write(",".join(["t_us", "key", "cost"] + cols) + "\n")
            for (t, k, cost), o in zip(rows, out):
                f.write("%d,%s,%d,%s\n" % (t, k, cost, ",".join(str(v) for v in o)))
        total += os.path.getsize(path)
        n_ok = sum(o[0] for o in out)
        meta.append({"file": c["file"], "algorithm": c["algorithm"], "params": params, "reference": c["reference"], "note": c["note"]})
        print("%-52s rows=%5d allowed=%5d rejected=%5d cols=%s diff_vs_exact=%s" % (c["file"], len(rows), n_ok, len(rows) - n_ok, "+".join(cols[1:]) or "-", diff))
    with open(os.path.join(a.out, "cases.json"), "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    print("total CSV bytes:", total)


if __name__ == "__main__":
    main()
