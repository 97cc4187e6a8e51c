#pragma once
// Division by a positive integer fixed when a limiter is built (a rate's numerator or
// denominator, a window length), done per request as one multiply and one shift instead of a
// hardware division. Granlund & Montgomery, "Division by invariant integers using
// multiplication" (PLDI 1994), Theorem 4.2 with N = 63: for d > 0, l = ceil(log2 d) and
// m = ceil(2^(63+l) / d), floor(n / d) = floor(m n / 2^(63+l)) for every 0 <= n < 2^63, and
// m < 2^64 (it is at most 2^63 when d is a power of two, and 2^l < 2d otherwise).
// Negative dividends take the ordinary division; they are rare (clocks that step back).

#include "engine/core/simtime.h"

#include <bit>
#include <cassert>

namespace ratelab {

class Divisor {
public:
    constexpr explicit Divisor(std::int64_t d = 1)
        : m_value(d), m_log2(ceilLog2(d)),
          m_magic(static_cast<std::uint64_t>(ceilDivU128(UInt128{1} << (63 + m_log2), static_cast<UInt128>(d))))
    {
        assert(d > 0);
    }

    constexpr std::int64_t value() const { return m_value; }

    // floor(n / d) and ceil(n / d) for 0 <= n.
    constexpr std::int64_t floorOfNonNegative(std::int64_t n) const
    {
        assert(n >= 0);
        // floor(m n / 2^(63+l)) = floor(m 2n / 2^(64+l)): the high word of one 64 x 64-bit
        // product, shifted by l (2n < 2^64 since n < 2^63).
        const std::uint64_t twice = static_cast<std::uint64_t>(n) << 1;
        const auto high = static_cast<std::uint64_t>((UInt128{twice} * m_magic) >> 64);
        return static_cast<std::int64_t>(high >> m_log2);
    }
    constexpr std::int64_t ceilOfNonNegative(std::int64_t n) const
    {
        // ceil(n / d) = floor((n + d - 1) / d), a multiply cheaper than checking the
        // remainder, whenever n + d - 1 fits (anything but the last d values below 2^63).
        std::int64_t bumped = 0;
        if (!__builtin_add_overflow(n, m_value - 1, &bumped)) [[likely]]
            return floorOfNonNegative(bumped);
        const std::int64_t q = floorOfNonNegative(n);
        return q + (q * m_value != n);
    }

    // floor(n / d) for any n (a window index of any time).
    constexpr std::int64_t floor(std::int64_t n) const { return n < 0 ? floorDiv(n, m_value) : floorOfNonNegative(n); }

    // floor and ceil for 0 <= n held in 128 bits: the fast path whenever n fits in int64.
    constexpr Int128 floorOfNonNegative(Int128 n) const
    {
        return n <= kInt64Max ? Int128{floorOfNonNegative(static_cast<std::int64_t>(n))} : n / m_value;
    }
    constexpr Int128 ceilOfNonNegative(Int128 n) const
    {
        return n <= kInt64Max ? Int128{ceilOfNonNegative(static_cast<std::int64_t>(n))} : ceilDiv128(n, m_value);
    }

private:
    __extension__ typedef unsigned __int128 UInt128;

    static constexpr Int128 kInt64Max = std::numeric_limits<std::int64_t>::max();
    static constexpr int ceilLog2(std::int64_t d)
    {
        return d <= 1 ? 0 : 64 - std::countl_zero(static_cast<std::uint64_t>(d - 1));
    }
    static constexpr UInt128 ceilDivU128(UInt128 a, UInt128 b) { return (a + b - 1) / b; }

    std::int64_t m_value;
    int m_log2;  // l = ceil(log2 d)
    std::uint64_t m_magic;
};

}  // namespace ratelab
