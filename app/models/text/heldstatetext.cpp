#include "app/models/text/heldstatetext.h"

#include "app/models/text/formatting.h"

#include <algorithm>

namespace ratelab::heldstate {
namespace {

qint64 mostPerInstance(const MemoryStats& memory)
{
    qint64 most = 0;
    for (const HeldState& h : memory.instances)
        most = std::max<qint64>(most, h.peakLiveKeys);
    return most;
}

QString placeLine(const QString& place, const HeldState& h)
{
    return QStringLiteral("%1: %2, %3").arg(place, fmt::compactCount(h.peakLiveKeys, "key"), fmt::bytes(h.peakStateBytes));
}

}  // namespace

QString where(const MemoryStats& memory)
{
    const bool store = memory.store.has_value();
    const bool instances = !memory.instances.empty();
    if (store && instances)
        return QStringLiteral(": store %1, up to %2 per instance")
            .arg(fmt::compact(double(memory.store->peakLiveKeys)), fmt::compact(double(mostPerInstance(memory))));
    if (store)
        return QStringLiteral(" in the store");
    if (instances)
        return QStringLiteral(", up to %1 per instance").arg(fmt::compact(double(mostPerInstance(memory))));
    return {};
}

QStringList places(const MemoryStats& memory)
{
    QStringList lines;
    if (memory.store)
        lines << placeLine(QStringLiteral("store"), *memory.store);
    constexpr std::size_t kListed = 8;
    const auto& instances = memory.instances;
    if (instances.size() <= kListed) {
        for (std::size_t i = 0; i < instances.size(); ++i)
            lines << placeLine(QStringLiteral("instance %1").arg(i), instances[i]);
    } else {
        const auto [fewest, most] =
            std::minmax_element(instances.begin(), instances.end(),
                                [](const HeldState& a, const HeldState& b) { return a.peakStateBytes < b.peakStateBytes; });
        lines << QStringLiteral("%1 instances: %2 to %3 each")
                     .arg(instances.size())
                     .arg(fmt::bytes(fewest->peakStateBytes), fmt::bytes(most->peakStateBytes));
    }
    return lines;
}

}  // namespace ratelab::heldstate
