#include "engine/advisor/advisor.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace ratelab {

namespace {

std::int64_t metOf(const ReplayOutcome& o, AdvisorTarget by)
{
    return by == AdvisorTarget::Keys ? o.keysUnthrottled : o.requestsOfUnthrottledKeys;
}

CurvePoint pointOf(std::int64_t value, const ReplayOutcome& o)
{
    return {value,
            o.keysUnthrottled,
            o.requestsRejected,
            o.requestsOfUnthrottledKeys,
            o.keysUnthrottledShare(),
            o.requestsRejectedShare()};
}

void checkCancel(RunControl* control)
{
    if (control && control->cancelled())
        throw Cancelled{};
}

// The idle gaps a replay shortens (replay.h): none for a set spanning at most 2^20 windows
// (12 days of 1 s windows, 2 years of 1 min ones), which every family replays exactly at
// its own times without the copy shortening takes; beyond, a fixed window's 2^31 windows
// would not last, as for a log with one line stamped in year 9999.
IdleGaps gapsToShorten(const RequestSet& set, Duration windowUs)
{
    constexpr std::uint64_t kLongSpanWindows = std::uint64_t{1} << 20;
    if (set.requests.empty())
        return {};
    const std::uint64_t span =
        static_cast<std::uint64_t>(set.requests.back().t) - static_cast<std::uint64_t>(set.requests.front().t);
    return span / static_cast<std::uint64_t>(windowUs) > kLongSpanWindows ? idleGaps(set, windowUs) : IdleGaps{};
}

std::vector<std::int64_t> gridValues(std::int64_t lo, std::int64_t hi, std::size_t points)
{
    std::vector<std::int64_t> grid{lo, hi};
    if (points > 2 && hi > lo) {
        const double a = std::log(static_cast<double>(lo + 1));
        const double b = std::log(static_cast<double>(hi + 1));
        for (std::size_t i = 1; i + 1 < points; ++i) {
            const double x = std::exp(a + (b - a) * static_cast<double>(i) / static_cast<double>(points - 1)) - 1;
            grid.push_back(std::clamp(static_cast<std::int64_t>(std::llround(x)), lo, hi));
        }
    }
    std::sort(grid.begin(), grid.end());
    grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
    return grid;
}

}  // namespace

std::int64_t requiredCount(std::int64_t ppm, std::int64_t total)
{
    return static_cast<std::int64_t>((Int128{ppm} * total + 999'999) / 1'000'000);
}

std::int64_t targetTotal(const AdvisorResult& result, AdvisorTarget by)
{
    return by == AdvisorTarget::Keys ? result.keys : result.requests;
}

std::int64_t keptCount(const CurvePoint& point, AdvisorTarget by)
{
    return by == AdvisorTarget::Keys ? point.keysUnthrottled : point.requestsOfUnthrottledKeys;
}

std::int64_t keptPpm(const CurvePoint& point, AdvisorTarget by, std::int64_t total)
{
    if (total <= 0)
        return 1'000'000;
    return static_cast<std::int64_t>(Int128{keptCount(point, by)} * 1'000'000 / total);
}

std::size_t firstPointMeeting(const std::vector<CurvePoint>& curve, std::int64_t ppm, AdvisorTarget by, std::int64_t total)
{
    const std::int64_t need = requiredCount(ppm, total);
    // Kept counts only grow along the curve (the families are monotone): binary search.
    const auto it =
        std::partition_point(curve.begin(), curve.end(), [&](const CurvePoint& p) { return keptCount(p, by) < need; });
    return it == curve.end() ? curve.size() - 1 : static_cast<std::size_t>(it - curve.begin());
}

std::optional<std::int64_t> parseShare(std::string_view text)
{
    bool percent = !text.empty() && text.back() == '%';
    if (percent)
        text.remove_suffix(1);
    std::string error;
    // Digits with an optional point, scaled exactly: at most 6 decimals past a percent's 4.
    std::int64_t whole = 0;
    std::int64_t frac = 0;
    int fracDigits = 0;
    bool seenPoint = false;
    bool seenDigit = false;
    for (char c : text) {
        if (c == '.' && !seenPoint) {
            seenPoint = true;
        } else if (c >= '0' && c <= '9') {
            seenDigit = true;
            if (seenPoint) {
                if (fracDigits == 6)
                    return std::nullopt;
                frac = frac * 10 + (c - '0');
                ++fracDigits;
            } else {
                if (whole > 1000)
                    return std::nullopt;
                whole = whole * 10 + (c - '0');
            }
        } else {
            return std::nullopt;
        }
    }
    if (!seenDigit)
        return std::nullopt;
    // value = (whole + frac / 10^fracDigits) x (percent ? 10^4 : 10^6) ppm
    std::int64_t scale = percent ? 10'000 : 1'000'000;
    std::int64_t pow = 1;
    for (int i = 0; i < fracDigits; ++i)
        pow *= 10;
    const std::int64_t numerator = frac * scale;
    if (numerator % pow != 0)
        return std::nullopt;  // finer than one part per million
    const std::int64_t ppm = whole * scale + numerator / pow;
    if (ppm > 1'000'000)
        return std::nullopt;
    return ppm;
}

namespace {

using Probes = std::map<std::int64_t, ReplayOutcome>;

std::vector<std::int64_t> totalsPerKey(const RequestSet& set)
{
    std::vector<std::int64_t> totals(set.keyCount(), 0);
    for (const Request& r : set.requests)
        totals[r.key] += r.cost;
    return totals;
}

// With v = the largest total cost of one key, no key can be throttled by any family
// (its whole traffic fits in one full bucket or one window's limit).
std::int64_t familyTop(const ParameterFamily& family, const std::vector<std::int64_t>& totals)
{
    const std::int64_t busiest = totals.empty() ? 1 : *std::max_element(totals.begin(), totals.end());
    return std::clamp(busiest, family.minValue, family.maxValue);
}

// The smallest v in [lo, top] meeting the target, by binary search over exact replays (kept in
// `probed`), with what it costs; everything but the curve. Every value below lo must miss the
// target; when top misses it too, it is the answer with targetMet false.
Recommendation searchBetween(const RequestSet& set, const IdleGaps& gaps, const ParameterFamily& family,
                             const AdvisorOptions& options, std::int64_t lo, std::int64_t top,
                             const std::vector<std::int64_t>& totals, Probes& probed, RunControl* control)
{
    Recommendation rec;
    rec.algorithm = family.algorithm;
    rec.parameter = family.parameter;
    const std::int64_t total = options.by == AdvisorTarget::Keys ? static_cast<std::int64_t>(set.keyCount())
                                                                 : static_cast<std::int64_t>(set.requests.size());
    const std::int64_t need = requiredCount(options.targetPpm, total);
    auto run = [&](std::int64_t v) -> const ReplayOutcome& {
        auto it = probed.find(v);
        if (it == probed.end()) {
            checkCancel(control);
            it = probed.emplace(v, replay(set, gaps, family.algorithm, familyParams(family, v, options.windowUs))).first;
        }
        return it->second;
    };

    rec.targetMet = metOf(run(top), options.by) >= need;
    if (rec.targetMet) {
        while (lo < top) {
            const std::int64_t mid = lo + (top - lo) / 2;
            if (metOf(run(mid), options.by) >= need)
                top = mid;
            else
                lo = mid + 1;
        }
    }
    rec.value = top;
    rec.probes = static_cast<std::int64_t>(probed.size());
    rec.params = familyParams(family, rec.value, options.windowUs);

    const ReplayOutcome& o = run(rec.value);
    rec.requests = o.requests;
    rec.keys = o.keys;
    rec.keysUnthrottled = o.keysUnthrottled;
    rec.requestsRejected = o.requestsRejected;
    rec.requestsOfUnthrottledKeys = o.requestsOfUnthrottledKeys;
    rec.keysUnthrottledShare = o.keysUnthrottledShare();
    rec.requestsRejectedShare = o.requestsRejectedShare();
    rec.requestsOfUnthrottledKeysShare = o.requestsOfUnthrottledKeysShare();
    rec.throttledKeys = o.keys - o.keysUnthrottled;

    std::vector<KeyId> throttled;
    for (KeyId k = 0; k < o.rejectedPerKey.size(); ++k)
        if (o.rejectedPerKey[k] > 0)
            throttled.push_back(k);
    std::sort(throttled.begin(), throttled.end(), [&o](KeyId a, KeyId b) {
        if (o.rejectedPerKey[a] != o.rejectedPerKey[b])
            return o.rejectedPerKey[a] > o.rejectedPerKey[b];
        if (o.firstRejection[a] != o.firstRejection[b])
            return o.firstRejection[a] < o.firstRejection[b];
        return a < b;
    });
    throttled.resize(std::min(options.topKeys, throttled.size()));
    const std::vector<KeyWindowRate> rates = windowRatesOf(set, throttled, options.windowUs);
    std::int64_t topRejected = 0;
    for (std::size_t i = 0; i < throttled.size(); ++i) {
        const KeyId k = throttled[i];
        rec.topKeys.push_back({k, set.keys.name(k), totals[k], o.rejectedPerKey[k], o.firstRejection[k], rates[i]});
        topRejected += o.rejectedPerKey[k];
    }
    rec.topKeysRejectedShare =
        o.requestsRejected == 0 ? 0.0 : static_cast<double>(topRejected) / static_cast<double>(o.requestsRejected);
    return rec;
}

void insertPoint(std::vector<CurvePoint>& curve, const CurvePoint& point)
{
    const auto at = std::lower_bound(curve.begin(), curve.end(), point.value,
                                     [](const CurvePoint& p, std::int64_t v) { return p.value < v; });
    if (at == curve.end() || at->value != point.value)
        curve.insert(at, point);
}

bool sameExceptTarget(const AdvisorOptions& a, const AdvisorOptions& b)
{
    return a.windowUs == b.windowUs && a.algorithms == b.algorithms && a.topKeys == b.topKeys && a.curvePoints == b.curvePoints;
}

// The previous result's recommendations for a new target: its rates and grid points stay
// (they do not depend on the target); each search starts between the two grid points around
// the answer, which the curve already tells apart.
AdvisorResult retarget(const RequestSet& set, const AdvisorResult& previous, const AdvisorOptions& options, RunControl* control)
{
    AdvisorResult result = previous;
    result.options = options;
    result.recommendations.clear();
    const std::vector<std::int64_t> totals = totalsPerKey(set);
    const IdleGaps gaps = gapsToShorten(set, options.windowUs);
    const std::int64_t total = targetTotal(result, options.by);
    const std::int64_t need = requiredCount(options.targetPpm, total);
    for (std::size_t i = 0; i < previous.recommendations.size(); ++i) {
        const Recommendation& before = previous.recommendations[i];
        const ParameterFamily& family = *findFamily(before.algorithm);
        if (control) {
            checkCancel(control);
            control->report(static_cast<int>(1000 * i / previous.recommendations.size()), family.algorithm);
        }
        const std::int64_t hi = familyTop(family, totals);
        const std::vector<std::int64_t> grid = gridValues(family.minValue, hi, options.curvePoints);
        std::vector<CurvePoint> onGrid;
        for (const CurvePoint& p : before.curve)
            if (std::binary_search(grid.begin(), grid.end(), p.value))
                onGrid.push_back(p);
        const std::size_t at = firstPointMeeting(onGrid, options.targetPpm, options.by, total);
        const bool meets = keptCount(onGrid[at], options.by) >= need;
        const std::int64_t lo = meets && at > 0 ? onGrid[at - 1].value + 1 : family.minValue;
        Probes probed;
        Recommendation rec =
            searchBetween(set, gaps, family, options, lo, meets ? onGrid[at].value : hi, totals, probed, control);
        rec.curve = std::move(onGrid);
        insertPoint(rec.curve, pointOf(rec.value, probed.at(rec.value)));
        result.recommendations.push_back(std::move(rec));
    }
    if (control)
        control->report(1000, "done");
    return result;
}

// recommendFor with the set's idle gaps at the options' window already found.
Recommendation recommendOn(const RequestSet& set, const IdleGaps& gaps, const ParameterFamily& family,
                           const AdvisorOptions& options, RunControl* control)
{
    const std::vector<std::int64_t> totals = totalsPerKey(set);
    const std::int64_t hi = familyTop(family, totals);
    Probes probed;
    Recommendation rec = searchBetween(set, gaps, family, options, family.minValue, hi, totals, probed, control);

    std::vector<std::int64_t> grid = gridValues(family.minValue, hi, options.curvePoints);
    if (!std::binary_search(grid.begin(), grid.end(), rec.value))
        grid.insert(std::upper_bound(grid.begin(), grid.end(), rec.value), rec.value);
    for (std::int64_t v : grid) {
        auto it = probed.find(v);
        if (it != probed.end()) {
            rec.curve.push_back(pointOf(v, it->second));
        } else {
            checkCancel(control);
            rec.curve.push_back(pointOf(v, replay(set, gaps, family.algorithm, familyParams(family, v, options.windowUs))));
        }
    }
    return rec;
}

}  // namespace

Recommendation recommendFor(const RequestSet& set, const ParameterFamily& family, const AdvisorOptions& options,
                            RunControl* control)
{
    return recommendOn(set, gapsToShorten(set, options.windowUs), family, options, control);
}

AdvisorResult advise(const RequestSet& set, const AdvisorOptions& options, RunControl* control)
{
    std::vector<const ParameterFamily*> families;
    if (options.algorithms.empty()) {
        for (const ParameterFamily& f : parameterFamilies())
            families.push_back(&f);
    } else {
        for (const std::string& name : options.algorithms) {
            const ParameterFamily* f = findFamily(name);
            if (!f)
                throw std::invalid_argument("the advisor has no parameter family for '" + name
                                            + "' (it searches token_bucket, leaky_bucket, fixed_window, "
                                              "sliding_window_log, sliding_window_counter, gcra)");
            families.push_back(f);
        }
    }
    (void)exactRateText(1, options.windowUs);  // refuse an inexact window before any work

    AdvisorResult result;
    result.options = options;
    result.requests = static_cast<std::int64_t>(set.requests.size());
    result.keys = static_cast<std::int64_t>(set.keyCount());
    if (!set.requests.empty()) {
        result.firstTime = set.requests.front().t;
        result.lastTime = set.requests.back().t;
    }
    result.rates = computeKeyRates(set, defaultRateWindows(), nullptr);
    const IdleGaps gaps = gapsToShorten(set, options.windowUs);
    for (std::size_t i = 0; i < families.size(); ++i) {
        if (control) {
            checkCancel(control);
            control->report(static_cast<int>(1000 * i / families.size()), families[i]->algorithm);
        }
        result.recommendations.push_back(recommendOn(set, gaps, *families[i], options, control));
    }
    if (control)
        control->report(1000, "done");
    return result;
}

AdvisorResult advise(const RequestSet& set, const AdvisorOptions& options, const AdvisorResult* previous, RunControl* control)
{
    if (!previous || !sameExceptTarget(previous->options, options)
        || previous->requests != static_cast<std::int64_t>(set.requests.size())
        || previous->keys != static_cast<std::int64_t>(set.keyCount()))
        return advise(set, options, control);
    return retarget(set, *previous, options, control);
}

}  // namespace ratelab
