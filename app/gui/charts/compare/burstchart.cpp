#include "app/gui/charts/compare/burstchart.h"

#include "app/models/plotdata/comparecounts.h"
#include "app/models/text/formatting.h"

namespace ratelab {

namespace {
// The report's `limit` is whole requests; the ratio was taken against the exact nominal
// (a refill of 10/min is 0.17 per second), which it gives back.
double nominalOf(const PeakBurst& p)
{
    return p.ratio > 0 && p.allowedCost > 0 ? double(p.allowedCost) / p.ratio : double(p.limit);
}

bool hasBucketPeaks(const ChartInput& input)
{
    return input.counts && !input.counts->lanes.empty() && !input.counts->lanes.front().peaks.empty();
}

// Each algorithm's peak: from the counts' peaks within chart A's range, or the report's.
std::vector<std::optional<PeakBurst>> peaksOf(const ChartInput& input)
{
    std::vector<std::optional<PeakBurst>> peaks;
    const Report& r = *input.report;
    if (!hasBucketPeaks(input)) {
        for (const AlgorithmReport& a : r.algorithms)
            peaks.push_back(a.peakBurst);
        return peaks;
    }
    const auto [from, to] = input.rangeUs.value_or(std::make_pair(SimTime(0), r.scenario.durationUs));
    for (const LaneCounts& lane : input.counts->lanes)
        peaks.push_back(peakBetween(lane, input.counts->bucketUs, from, to));
    return peaks;
}

// "allowed in worst 1 s window / nominal 10  (dashed: 1.00×)"
QString valueTitleOf(const std::vector<std::optional<PeakBurst>>& peaks, bool sameLimit)
{
    for (const auto& p : peaks) {
        if (p && sameLimit)
            return QObject::tr("allowed in worst %1 window / nominal %2  (dashed: 1.00×)")
                .arg(fmt::duration(p->windowUs), fmt::compact(nominalOf(*p)));
    }
    return QObject::tr("allowed in worst trailing window / nominal limit  (dashed: 1.00×)");
}

// "B  Peak burst vs nominal limit · key user-0 · 20.0–26.0 s": whose peaks, and when.
QString chartTitleOf(const ChartInput& input)
{
    QString title = QObject::tr("B  Peak burst vs nominal limit");
    if (!input.report)
        return title;
    if (!hasBucketPeaks(input))
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
    setChartTitle(chartTitleOf({}));
}

std::optional<PeakBurst> BurstChart::shownPeak(int i) const
{
    return i >= 0 && std::size_t(i) < m_peaks.size() ? m_peaks[std::size_t(i)] : std::nullopt;
}

void BurstChart::setInput(const ChartInput& input)
{
    QList<Bar> bars;
    m_peaks = input.report ? peaksOf(input) : std::vector<std::optional<PeakBurst>>{};
    bool sameLimit = true;
    const PeakBurst* first = nullptr;
    for (const auto& p : m_peaks) {
        if (!p)
            continue;
        if (!first)
            first = &*p;
        sameLimit = sameLimit && std::abs(nominalOf(*p) - nominalOf(*first)) < 1e-9 * std::max(1.0, nominalOf(*first))
            && p->windowUs == first->windowUs;
    }
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
            bar.csvFields[1].second = QString::number(nominalOf(*p), 'g', 12);
            bar.csvFields[2].second = QString::number(p->windowUs);
            bar.csvFields[3].second = QString::number(p->atUs);
            bar.csvFields[4].second = QString::fromStdString(p->key);
            bar.annotation = tr("%1 at %2").arg(fmt::ratio(p->ratio), fmt::simTime(p->atUs));
            if (!sameLimit)
                bar.annotation += tr("  (%1 per %2)").arg(fmt::compact(nominalOf(*p)), fmt::windowLength(p->windowUs));
            bar.tooltip = tr("<b>%1</b><br>%2 admitted in %3 for key %4<br>nominal limit %5 → %6<br>window ending at %7")
                              .arg(bar.id.toHtmlEscaped(), fmt::exact(p->allowedCost), fmt::duration(p->windowUs),
                                   QString::fromStdString(p->key).toHtmlEscaped(), fmt::compact(nominalOf(*p)),
                                   fmt::ratio(p->ratio), fmt::simTime(p->atUs));
        } else {
            bar.annotation = tr("none allowed here");
            bar.tooltip = tr("<b>%1</b><br>allowed nothing in this range").arg(bar.id.toHtmlEscaped());
        }
        bars.append(bar);
    }
    m_title = chartTitleOf(input);
    setChartTitle(m_title);
    setReference(1.0, QString());  // the axis title names the dashed line
    setBars(bars, valueTitleOf(m_peaks, sameLimit), QStringLiteral("peak_burst_ratio"));
}

}  // namespace ratelab
