"""RateLab's own re-implementation of throttled/throttled v2.13.0 GCRA
(rate.go, GCRARateLimiterCtx.RateLimitCtx), written from the logic, in exact
integer nanoseconds like Go's time.Duration. Used because throttled cannot be
built here (module mode, no downloads).

Rate{period}: period = unit / n in integer nanoseconds (Go integer division,
e.g. PerSec(3) = 333333333 ns). RateQuota{MaxRate, MaxBurst}:
  emission interval T = period
  delay variation tolerance DVT = T * (MaxBurst + 1)
  limit = MaxBurst + 1
Per request (quantity q, store = memstore semantics: a missing key means tat = now):
  increment = q * T
  new_tat = (now + increment) if now > tat else (tat + increment)
  diff = now - (new_tat - DVT)
  if diff < 0: limited; if increment <= DVT: retry_after = -diff, ttl = tat - now
               (else retry_after stays -1 and ttl stays 0)
  else: ttl = new_tat - now; store new_tat
  next = DVT - ttl; remaining = next // T (Go truncation) if next > -T else 0
"""


class ThrottledGCRA:
    def __init__(self, period_ns: int, max_burst: int):
        assert period_ns > 0 and max_burst >= 0
        self.T = period_ns
        self.dvt = period_ns * (max_burst + 1)
        self.tat = {}

    def decide(self, key: str, now_ns: int, quantity: int):
        """returns (limited, remaining, retry_after_ns (-1 when not set), reset_after_ns)"""
        tat = self.tat.get(key, now_ns)
        increment = quantity * self.T
        new_tat = now_ns + increment if now_ns > tat else tat + increment
        diff = now_ns - (new_tat - self.dvt)
        retry_after = -1
        ttl = 0
        limited = diff < 0
        if limited:
            if increment <= self.dvt:
                retry_after = -diff
                ttl = tat - now_ns
        else:
            ttl = new_tat - now_ns
            self.tat[key] = new_tat
        nxt = self.dvt - ttl
        remaining = 0
        if nxt > -self.T:
            # Go's Duration division truncates toward zero
            q = abs(nxt) // self.T
            remaining = q if nxt >= 0 else -q
        return limited, remaining, retry_after, ttl
