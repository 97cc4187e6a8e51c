#include "app/gui/charts/compare/burstchart.h"

#include "app/models/plotdata/comparecounts.h"
#include "app/models/text/formatting.h"

namespace ratelab {

namespace {

// "allowed in worst 1 s window / nominal 10  (dashed: 1.00×)"
QString valueTitleOf(const std::vector<std::optional<PeakBurst>>& peaks, bool sameLimit)
{
    for (const auto& p : peaks) {
        if (p && sameLimit)
            return QObject::tr("allowed in worst %1 window / nominal %2  (dashed: 1.00×)")
                .arg(fmt::duration(p->windowUs), fmt::compact(p->nominal));
    }
    return QObject::tr("allowed in worst trailing window / nominal limit  (dashed: 1.00×)");
}

// "B  Peak burst vs nominal limit · key user-0 · 20.0–26.0 s": whose peaks, and when.
QString chartTitleOf(const ChartInput& input, bool fromCounts)
{
    QString title = QObject::tr("B  Peak burst vs nominal limit");
    if (!input.report)
        return title;
    if (!fromCounts)
        return input.rangeUs ? title + QObject::tr(" · whole run") : title;
    if (input.counts->key)
        title += QObject::tr(" · key %1").arg(QString::fromStdString(*input.counts->key));
    if (input.rangeUs) {
        const fmt::TimeScale scale = fmt::timeScaleFor(double(input.report->scenario.durationUs) / 1e6);
        const double lo = double(input.rangeUs->first) / 1e6 / scale.secondsPerUnit;
        const double hi = double(input.rangeUs->second) / 1e6 / scale.secondsPerUnit;
        const QString unit = scale.title.mid(scale.title.indexOf(QLatin1Char('(')) + 1).chopped(1);
        title += QObject::tr(" · %1–%2 %3").arg(NiceAxis::plain(lo, (hi - lo) / 100), NiceAxis::plain(hi, (hi - lo) / 100), unit);
    }
    return title;
}

}  // namespace

BurstChart::BurstChart(QWidget* parent)
    : BarsChart([](double v, double step) { return NiceAxis::plain(v, step) + QChar(0x00D7); }, NiceAxis::Scale::Linear, parent)
{
    setChartTitle(chartTitleOf({}, false));
}

std::optional<PeakBurst> BurstChart::shownPeak(int i) const
{
    return i >= 0 && std::size_t(i) < m_peaks.size() ? m_peaks[std::size_t(i)] : std::nullopt;
}

void BurstChart::setInput(const ChartInput& input)
{
    QList<Bar> bars;
    const BurstPeaks peaks = burstPeaks(input);
    m_peaks = peaks.peaks;
    const bool sameLimit = peaks.sameLimit;
    for (std::size_t i = 0; i < m_peaks.size(); ++i) {
        Bar bar;
        bar.id = QString::fromStdString(input.report->algorithms[i].id);
        bar.style = input.styles[i];
        bar.hidden = input.isHidden(i);
        bar.csvFields = {{QStringLiteral("allowed_cost"), QString()},
                         {QStringLiteral("limit"), QString()},
                         {QStringLiteral("window_us"), QString()},
                         {QStringLiteral("at_us"), QString()},
                         {QStringLiteral("key"), QString()}};
        if (const auto& p = m_peaks[i]) {
            bar.value = p->ratio;
            bar.csvFields[0].second = QString::number(p->allowedCost);
            bar.csvFields[1].second = QString::number(p->nominal, 'g', 12);
            bar.csvFields[2].second = QString::number(p->windowUs);
            bar.csvFields[3].second = QString::number(p->atUs);
            bar.csvFields[4].second = QString::fromStdString(p->key);
            bar.annotation = tr("%1 at %2").arg(fmt::ratio(p->ratio), fmt::simTime(p->atUs));
            if (!sameLimit)
                bar.annotation += tr("  (%1 per %2)").arg(fmt::compact(p->nominal), fmt::windowLength(p->windowUs));
            bar.tooltip = tr("<b>%1</b><br>%2 admitted in %3 for key %4<br>nominal limit %5 → %6<br>window ending at %7")
                              .arg(bar.id.toHtmlEscaped(), fmt::exact(p->allowedCost), fmt::duration(p->windowUs),
                                   QString::fromStdString(p->key).toHtmlEscaped(), fmt::compact(p->nominal), fmt::ratio(p->ratio),
                                   fmt::simTime(p->atUs));
        } else {
            bar.annotation = tr("none allowed here");
            bar.tooltip = tr("<b>%1</b><br>allowed nothing in this range").arg(bar.id.toHtmlEscaped());
        }
        bars.append(bar);
    }
    m_title = chartTitleOf(input, peaks.fromCounts);
    setChartTitle(m_title);
    setReference(1.0, QString());  // the axis title names the dashed line
    setBars(bars, valueTitleOf(m_peaks, sameLimit), QStringLiteral("peak_burst_ratio"));
}

}  // namespace ratelab
