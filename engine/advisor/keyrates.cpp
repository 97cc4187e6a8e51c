#include "engine/advisor/keyrates.h"

#include <algorithm>

namespace ratelab {

KeyGroups groupByKey(const RequestSet& set)
{
    KeyGroups g;
    g.offsets.assign(set.keyCount() + 1, 0);
    for (const Request& r : set.requests)
        ++g.offsets[r.key + 1];
    for (std::size_t k = 1; k < g.offsets.size(); ++k)
        g.offsets[k] += g.offsets[k - 1];
    std::vector<std::size_t> next(g.offsets.begin(), g.offsets.end() - 1);
    g.order.resize(set.requests.size());
    for (std::size_t i = 0; i < set.requests.size(); ++i)
        g.order[next[set.requests[i].key]++] = static_cast<std::uint32_t>(i);
    return g;
}

const std::vector<Duration>& defaultRateWindows()
{
    static const std::vector<Duration> windows{kMicrosPerSecond, 10 * kMicrosPerSecond, kMicrosPerMinute, kMicrosPerHour};
    return windows;
}

std::int64_t maxInWindow(const RequestSet& set, const std::uint32_t* order, std::size_t count, Duration windowUs)
{
    std::int64_t best = 0;
    std::int64_t inWindow = 0;
    std::size_t tail = 0;
    for (std::size_t head = 0; head < count; ++head) {
        const Request& r = set.requests[order[head]];
        inWindow += r.cost;
        // Drop the requests at or before t - W: the window is (t - W, t].
        while (set.requests[order[tail]].t <= r.t - windowUs) {
            inWindow -= set.requests[order[tail]].cost;
            ++tail;
        }
        best = std::max(best, inWindow);
    }
    return best;
}

std::vector<KeyWindowRate> windowRatesOf(const RequestSet& set, const std::vector<KeyId>& keys, Duration windowUs)
{
    // Each wanted key's requests, in time order (the set is sorted by time).
    constexpr std::size_t kNotWanted = static_cast<std::size_t>(-1);
    std::vector<std::size_t> slot(set.keyCount(), kNotWanted);
    for (std::size_t k = 0; k < keys.size(); ++k)
        if (keys[k] < slot.size())
            slot[keys[k]] = k;
    std::vector<std::vector<std::uint32_t>> orders(keys.size());
    for (std::size_t i = 0; i < set.requests.size(); ++i)
        if (const std::size_t k = slot[set.requests[i].key]; k != kNotWanted)
            orders[k].push_back(static_cast<std::uint32_t>(i));
    std::vector<KeyWindowRate> rates(keys.size());
    std::vector<std::int64_t> trailing;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const std::vector<std::uint32_t>& order = orders[k];
        trailing.clear();
        std::int64_t inWindow = 0;
        std::size_t tail = 0;
        for (const std::uint32_t index : order) {
            const Request& r = set.requests[index];
            inWindow += r.cost;
            while (set.requests[order[tail]].t <= r.t - windowUs) {
                inWindow -= set.requests[order[tail]].cost;
                ++tail;
            }
            trailing.push_back(inWindow);
        }
        if (trailing.empty())
            continue;
        std::sort(trailing.begin(), trailing.end());
        rates[k] = {trailing.back(), nearestRank(trailing, 0.99)};
    }
    return rates;
}

KeyRates computeKeyRates(const RequestSet& set, const std::vector<Duration>& windows, RunControl* control)
{
    const KeyGroups groups = groupByKey(set);
    const std::size_t keys = set.keyCount();
    KeyRates rates;
    rates.requestsPerKey.assign(keys, 0);
    for (const Request& r : set.requests)
        rates.requestsPerKey[r.key] += r.cost;
    rates.totals = describe(rates.requestsPerKey);
    for (std::size_t w = 0; w < windows.size(); ++w) {
        if (control) {
            if (control->cancelled())
                throw Cancelled{};
            control->report(static_cast<int>(1000 * w / windows.size()), "rates");
        }
        WindowRates wr;
        wr.windowUs = windows[w];
        wr.maxPerKey.resize(keys);
        for (std::size_t k = 0; k < keys; ++k)
            wr.maxPerKey[k] =
                maxInWindow(set, groups.order.data() + groups.offsets[k], groups.offsets[k + 1] - groups.offsets[k], windows[w]);
        wr.distribution = describe(wr.maxPerKey);
        rates.windows.push_back(std::move(wr));
    }
    return rates;
}

}  // namespace ratelab
