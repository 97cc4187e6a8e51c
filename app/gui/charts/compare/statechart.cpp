#include "app/gui/charts/compare/statechart.h"

#include "app/models/text/formatting.h"
#include "app/models/text/heldstatetext.h"

#include <cmath>

namespace ratelab {

StateChart::StateChart(QWidget* parent)
    : BarsChart([](double v, double) { return fmt::bytes(qint64(std::llround(v))); }, NiceAxis::Scale::Log2, parent)
{
    setChartTitle(tr("C  State per key"));
}

void StateChart::setInput(const ChartInput& input)
{
    QList<Bar> bars;
    if (input.report) {
        const auto& algorithms = input.report->algorithms;
        for (std::size_t i = 0; i < algorithms.size(); ++i) {
            const AlgorithmReport& a = algorithms[i];
            const MemoryStats& m = a.memory;
            const QString perKey = m.stateBytesPerKey < 1024
                ? QString::number(m.stateBytesPerKey, 'f', m.stateBytesPerKey == std::floor(m.stateBytesPerKey) ? 0 : 1)
                    + QStringLiteral(" B")
                : fmt::bytes(qint64(m.stateBytesPerKey));
            Bar bar;
            bar.id = QString::fromStdString(a.id);
            bar.value = std::max(1.0, m.stateBytesPerKey);
            bar.annotation =
                tr("%1/key · %2, %3%4")
                    .arg(perKey, fmt::bytes(m.peakStateBytes), fmt::compactCount(m.peakLiveKeys, "key"), heldstate::where(m));
            bar.tooltip = tr("<b>%1</b><br>%2 per live key (model)<br>peak total state %3<br>peak live keys %4")
                              .arg(bar.id.toHtmlEscaped(), perKey, fmt::bytes(m.peakStateBytes), fmt::exact(m.peakLiveKeys));
            if (m.redisBytesPerKey) {
                // Our script's key in a real Redis: its object, keyspace and expiry entries.
                const QString redis = fmt::bytes(qint64(std::llround(*m.redisBytesPerKey)));
                const bool log = a.family == "sliding_window_log";
                bar.annotation += tr(" · in Redis %1%2").arg(log ? QStringLiteral("≤ ") : QString(), redis);
                bar.tooltip += tr("<br>in Redis, our Lua script: %1 per key%2 (redis-server 7.0.15, measured)")
                                   .arg(redis, log ? tr(" with a full window") : QString());
            }
            const QStringList places = heldstate::places(m);
            if (!places.isEmpty())
                bar.tooltip += tr("<br>peaks per place:");
            for (const QString& place : places)
                bar.tooltip += QStringLiteral("<br>") + place.toHtmlEscaped();
            bar.csvFields = {{QStringLiteral("peak_state_bytes"), QString::number(m.peakStateBytes)},
                             {QStringLiteral("peak_live_keys"), QString::number(m.peakLiveKeys)},
                             {QStringLiteral("redis_bytes_per_key"),
                              m.redisBytesPerKey ? QString::number(*m.redisBytesPerKey, 'g', 12) : QString()}};
            bar.style = input.styles[i];
            bar.hidden = input.isHidden(i);
            bars.append(bar);
        }
    }
    setBars(bars, tr("state per live key (bytes, log scale)"), QStringLiteral("state_bytes_per_key"));
}

}  // namespace ratelab
