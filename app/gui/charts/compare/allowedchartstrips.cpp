// Chart A as small multiples (AllowedChart::setStrips): one strip per shown algorithm on one
// chart, so the x axis, zoom and crosshair stay shared. Strip k's values v are drawn at
// baseline_k + v - bottom; the y axis names each strip at its middle, and the shared scale is
// in the axis title.

#include "app/gui/charts/base/chartseries.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/gui/charts/compare/allowedchart.h"
#include "app/models/text/formatting.h"

#include <QAreaSeries>
#include <QGraphicsPathItem>
#include <QPainterPath>

#include <algorithm>

namespace ratelab {

namespace {

// A strip's pitch over its value span: the gap between strips keeps their lines apart.
constexpr double kStripPitch = 1.15;

}  // namespace

void AllowedChart::layoutStrips(OfferedLines::Sampled& sampled)
{
    m_stripLayout.clear();
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < std::size_t(m_laneLines.size()); ++i)
        if (!m_input.isHidden(i))
            shown.push_back(i);
    const auto [bottom, top] = niceValueRange(sampled.yMin, sampled.yMax);
    m_stripBottom = bottom;
    m_stripSpan = top - bottom;
    const double pitch = m_stripSpan * kStripPitch;
    const std::size_t n = shown.size();
    for (std::size_t k = 0; k < n; ++k)
        m_stripLayout.push_back({shown[k], double(n - 1 - k) * pitch});

    std::vector<NiceAxis::FixedTick> ticks;  // rising: the bottom strip first
    for (auto it = m_stripLayout.rbegin(); it != m_stripLayout.rend(); ++it)
        ticks.push_back({it->baseline + m_stripSpan / 2, 0, QString::fromStdString(m_input.report->algorithms[it->lane].id)});
    m_y->setNiceRange(0, n == 0 ? 1 : double(n - 1) * pitch + m_stripSpan);
    m_y->setFixedTicks(std::move(ticks), 1);
    m_y->setGridLineVisible(false);
    // The scope and unit are in the chart's title; the axis keeps the shared scale.
    QString title = tr("each strip %1 to %2").arg(valueText(bottom), valueText(top));
    if (m_limit && !m_limit->empty())
        title += tr(", limit dashed");
    styleAxis(m_y, title, isDark());

    const auto& lines = m_plot->lines();
    for (qsizetype j = 0; j < sampled.lines.size() && j < lines.size(); ++j) {
        const double offset = stripOffset(m_lineLane[std::size_t(j)]);
        for (QPointF& p : sampled.lines[j])
            p.ry() += offset;
    }
}

double AllowedChart::stripOffset(std::size_t lane) const
{
    for (const Strip& s : m_stripLayout)
        if (s.lane == lane)
            return s.baseline - m_stripBottom;
    return 0;
}

// One grey offered area per strip, made before any lane's line so that it is drawn under them.
void AllowedChart::ensureStripOffered(std::size_t count)
{
    while (std::size_t(m_stripOffered.size()) < count) {
        auto* upper = new QLineSeries(this);
        auto* lower = new QLineSeries(this);
        auto* area = new QAreaSeries(upper, lower);
        area->setName(tr("offered load"));
        addToAxes(chart(), area, m_x, m_y);
        area->setVisible(false);
        m_stripOffered.append(area);
    }
}

void AllowedChart::showStripOffered(const QList<QPointF>& offered)
{
    for (qsizetype k = 0; k < m_stripOffered.size(); ++k) {
        QAreaSeries* area = m_stripOffered[k];
        const bool show = !offered.isEmpty() && std::size_t(k) < m_stripLayout.size();
        area->setVisible(show);
        if (!show)
            continue;
        const double base = m_stripLayout[std::size_t(k)].baseline;
        QList<QPointF> up = offered;
        for (QPointF& p : up)
            p.ry() = base + std::max(0.0, p.y() - m_stripBottom);
        area->lowerSeries()->replace({QPointF(up.front().x(), base), QPointF(up.back().x(), base)});
        area->upperSeries()->replace(up);
        area->setBrush(palette::offeredLoad());
        area->setPen(Qt::NoPen);
    }
}

// Each strip's baseline as a thin rule and, when the chart has a limit line, the limit in
// each strip.
void AllowedChart::layoutStripOverlays()
{
    const auto [lo, hi] = zoom().currentRange();
    const auto at = [this](double x, double y) { return chart()->mapToPosition(QPointF(x, y), m_plot->offeredArea()); };
    QPainterPath rules;
    QPainterPath path;
    for (const Strip& s : m_stripLayout) {
        rules.moveTo(at(lo, s.baseline));
        rules.lineTo(at(hi, s.baseline));
        if (!m_limit || m_limit->empty())
            continue;
        const std::vector<LimitStep>& steps = *m_limit;
        bool started = false;
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const double from = k == 0 ? lo : std::max(lo, double(steps[k].fromUs) / 1e6 / m_timeUnit);
            const double to = k + 1 < steps.size() ? std::min(hi, double(steps[k + 1].fromUs) / 1e6 / m_timeUnit) : hi;
            if (to <= from)
                continue;
            const double y = s.baseline + steps[k].costPerSecond - m_stripBottom;
            if (!started)
                path.moveTo(at(from, y));
            else
                path.lineTo(at(from, y));
            started = true;
            path.lineTo(at(to, y));
        }
    }
    m_stripRules->setPath(rules);
    m_limitLine->setPath(path);
}

}  // namespace ratelab
