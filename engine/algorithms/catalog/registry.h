#pragma once
// Every algorithm and preset, in the order `ratelab-cli list` shows them: one line each, naming
// the function in its folder that gives its catalog entry (its *entry.cpp, an AlgorithmEntry).
// A new algorithm is its own folder and one line here.

#define RATELAB_FOR_EACH_ALGORITHM(X)                                                                                            \
    X(tokenBucketEntry)                                                                                                          \
    X(leakyBucketEntry)                                                                                                          \
    X(fixedWindowEntry)                                                                                                          \
    X(slidingWindowLogEntry)                                                                                                     \
    X(slidingWindowCounterEntry)                                                                                                 \
    X(gcraEntry)                                                                                                                 \
    X(xTimeRateEntry)                                                                                                            \
    X(envoyLocalEntry)                                                                                                           \
    X(nginxLimitReqEntry)                                                                                                        \
    X(redisIncrExpireEntry)                                                                                                      \
    X(limitsFixedWindowEntry)                                                                                                    \
    X(limitsMovingWindowEntry)                                                                                                   \
    X(limitsSlidingWindowCounterEntry)                                                                                           \
    X(redisRateGcraEntry)                                                                                                        \
    X(throttledGcraEntry)
