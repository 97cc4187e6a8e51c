// Division by an invariant divisor (engine/core/divisor.h) against the hardware's division, at
// the edges where a multiply-and-shift quotient goes wrong if the magic number or the shift is
// off by one: dividends next to multiples of d, the largest int64, and divisors of every size.

#include "engine/core/divisor.h"

#include <QtTest>

#include <limits>
#include <random>

using namespace ratelab;

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

std::int64_t hardwareCeil(std::int64_t n, std::int64_t d)
{
    return n / d + (n % d != 0 && n > 0);
}

}  // namespace

class TestDivisor : public QObject {
    Q_OBJECT

private slots:
    void quotients_data();
    void quotients();
    void randomDividends();
    void negativeDividends();
};

void TestDivisor::quotients_data()
{
    QTest::addColumn<qint64>("d");
    const std::int64_t divisors[] = {1,
                                     2,
                                     3,
                                     5,
                                     7,
                                     10,
                                     1 << 20,
                                     (1 << 20) + 1,
                                     1'000'000,
                                     100'000,
                                     999'983,
                                     std::int64_t{1} << 31,
                                     (std::int64_t{1} << 32) + 1,
                                     std::int64_t{1} << 62,
                                     (std::int64_t{1} << 62) + 1,
                                     kMax - 1,
                                     kMax};
    for (const std::int64_t d : divisors)
        QTest::addRow("d=%lld", static_cast<long long>(d)) << qint64{d};
}

void TestDivisor::quotients()
{
    QFETCH(qint64, d);
    const Divisor divisor(d);
    QCOMPARE(divisor.value(), d);
    // Around 0, around the first multiples of d, around the multiple nearest the top, and the top.
    // kMax - d + 1 is the largest n whose ceil takes floor(n + d - 1); from kMax - d + 2 on,
    // n + d - 1 overflows and the ceil takes the remainder check instead.
    std::vector<std::int64_t> dividends = {0, 1, 2, kMax, kMax - 1, kMax / 2, kMax / 2 + 1, kMax - d + 1};
    if (d >= 2)
        dividends.push_back(kMax - d + 2);
    for (const std::int64_t k : {std::int64_t{1}, std::int64_t{2}, std::int64_t{3}, std::int64_t{kMax / d}}) {
        const std::int64_t multiple = Int128{k} * d > kMax ? 0 : k * d;
        for (const std::int64_t delta : {-1, 0, 1})
            if (!(delta == 1 && multiple == kMax) && multiple + delta >= 0)
                dividends.push_back(multiple + delta);
    }
    for (const std::int64_t n : dividends) {
        QCOMPARE(divisor.floorOfNonNegative(n), n / d);
        QCOMPARE(divisor.ceilOfNonNegative(n), hardwareCeil(n, d));
        QCOMPARE(divisor.floorOfNonNegative(Int128{n}), Int128{n / d});
        QCOMPARE(divisor.ceilOfNonNegative(Int128{n}), Int128{hardwareCeil(n, d)});
    }
}

void TestDivisor::randomDividends()
{
    std::mt19937_64 rng(7);
    for (int round = 0; round < 2000; ++round) {
        const int bits = 1 + static_cast<int>(rng() % 63);
        const std::int64_t d = static_cast<std::int64_t>(rng() >> (64 - bits)) | 1;
        const Divisor divisor(d);
        for (int i = 0; i < 200; ++i) {
            const std::int64_t n = static_cast<std::int64_t>(rng() >> (1 + rng() % 63));
            QCOMPARE(divisor.floorOfNonNegative(n), n / d);
            QCOMPARE(divisor.ceilOfNonNegative(n), hardwareCeil(n, d));
        }
    }
}

void TestDivisor::negativeDividends()
{
    const Divisor seven(7);
    QCOMPARE(seven.floor(std::int64_t{-1}), std::int64_t{-1});
    QCOMPARE(seven.floor(std::int64_t{-7}), std::int64_t{-1});
    QCOMPARE(seven.floor(std::int64_t{-8}), std::int64_t{-2});
    // Beyond int64: the 128-bit path.
    const Int128 big = Int128{kMax} * 3;
    QCOMPARE(seven.floorOfNonNegative(big), big / 7);
    QCOMPARE(seven.ceilOfNonNegative(big), big / 7 + (big % 7 != 0));
}

QTEST_APPLESS_MAIN(TestDivisor)
#include "tst_divisor.moc"
