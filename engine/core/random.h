#pragma once
// Seeded, reproducible random streams: one independent stream per (seed, stream id), so a
// source or a lane draws the same numbers whatever else the run contains.

#include <cmath>
#include <cstdint>
#include <random>

namespace ratelab {

// splitmix64: a well-mixed 64-bit value from a seed and a stream number.
constexpr std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t stream)
{
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (stream + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The stream ids of one run, in blocks: a traffic source's is kSourceStreams + its index in
// the scenario, a single-instance lane's kLaneStreams + its index, a cluster lane's
// kClusterLaneStreams + its index. Changing a base changes every seeded run's numbers.
inline constexpr std::uint64_t kSourceStreams = 1000;
inline constexpr std::uint64_t kLaneStreams = 2000;
inline constexpr std::uint64_t kClusterLaneStreams = 3000;

class RandomStream {
public:
    RandomStream(std::uint64_t seed, std::uint64_t stream) : m_engine(mixSeed(seed, stream)) {}

    // Uniform in [0, 1).
    double uniform() { return static_cast<double>(m_engine() >> 11) * 0x1.0p-53; }
    // Uniform integer in [0, n).
    std::uint64_t below(std::uint64_t n) { return static_cast<std::uint64_t>(uniform() * static_cast<double>(n)); }
    // Exponential with the given mean (inverse transform: reproducible across standard libraries).
    double exponential(double mean)
    {
        double u = uniform();
        while (u == 0.0)
            u = uniform();
        return -mean * std::log(u);
    }

private:
    std::mt19937_64 m_engine;
};

}  // namespace ratelab
