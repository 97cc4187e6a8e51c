#pragma once
// The arithmetic behind a decision, for the Learn view: what a limiter holds for a key just
// before a request at `now`, in the terms of its rule, and that rule worked through for the
// request and its decision in one sentence: "Held 2.0 at 1.000 s; refilled 0.240 s × 5/s =
// 1.2 → 3.2 tokens; this request costs 1 → allowed, 2.2 left." Each family of algorithms
// gives its own (tokenbucket/tokenbucketarithmetic.h and its five siblings); a preset gives
// its family's, with the values its reference computes. The numbers are written by the front
// end (NumberWords), so the app's sentences read like every other number it shows.
// Learn-only: never made by the simulation loop.

#include "engine/algorithms/limiter/decision.h"
#include "engine/core/simtime.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

// How a front end writes the numbers of a sentence. Minus signs are the front end's too.
class NumberWords {
public:
    virtual ~NumberWords() = default;
    // An instant or a span of time, given in microseconds: "1.250 s".
    virtual std::string seconds(double us) const = 0;
    // A rate per second: "5/s", "1.2k/s".
    virtual std::string perSecond(double rate) const = 0;
    // A count with its noun: "1 fill", "3 fills", "2 entries" (`plural` null: singular + "s").
    virtual std::string count(std::int64_t n, const char* singular, const char* plural = nullptr) const = 0;
    // A value at `decimals` decimals: "2.0", "−0.5".
    virtual std::string fixed(double value, int decimals) const = 0;
    // A value at `digits` significant digits: "0.0023".
    virtual std::string significant(double value, int digits) const = 0;
    // A value with `decimals` decimals, or more where fewer would put it on the other side of
    // `against` (or on it): "4.9" against 5, "4.99" for 4.99.
    virtual std::string decisive(double value, double against, int decimals) const = 0;
};

class DecisionArithmetic {
public:
    virtual ~DecisionArithmetic() = default;
    // The rule worked through for a request of `cost` that got `decision`, ending in the
    // decision ("… → allowed, 2.2 left.").
    virtual std::string sentence(Cost cost, const Decision& decision, const NumberWords& words) const = 0;
    // Moves every instant by -origin (to times from a scenario start).
    virtual void shift(SimTime origin) = 0;
};

// Words every family's sentence ends or builds with.
namespace arithmeticwords {

// "allowed", "allowed, held 0.200 s", "rejected; it fits in 0.100 s", "rejected; it can never
// pass, it costs more than the limit allows".
std::string outcome(const Decision& decision, const NumberWords& words);
// " ≤ " when value <= limit, else " > ".
std::string_view compared(double value, double limit);
// An amount added or taken: a tenth, or two significant digits when a tenth would round a real
// change to 0.0 ("refilled 0.000200 s × 20/s = 0.004", not "= 0.0"); decisive against `against`.
std::string amount(double value, double against, const NumberWords& words);
// The decimals `text` shows (at least 1): the level after an amount shows as many, so that the
// sum reads right ("0.0 + 0.004 → 0.004").
int decimalsOf(std::string_view text);
// Timestamps, equal ones grouped ("0.400 s ×2"), at most `most` groups shown.
std::string stamps(const std::vector<SimTime>& times, std::size_t most, const NumberWords& words);

}  // namespace arithmeticwords

}  // namespace ratelab
