#include "app/gui/charts/compare/allowedstrips.h"

#include "app/gui/charts/base/chartseries.h"
#include "app/gui/charts/base/chartstyle.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/models/plotdata/alloweddata.h"
#include "app/models/style/palette.h"

#include <QAreaSeries>
#include <QCoreApplication>
#include <QGraphicsPathItem>
#include <QPainterPath>

#include <algorithm>

namespace ratelab {

namespace {

// A strip's pitch over its value span: the gap between strips keeps their lines apart.
constexpr double kStripPitch = 1.15;
constexpr qreal kRulesZ = 3.5;  // under the series (QtCharts draws them at 4), over the grid (2)

QString tr(const char* text)
{
    return QCoreApplication::translate("AllowedChart", text);
}

}  // namespace

AllowedStrips::AllowedStrips(QChart* chart, QObject* owner, NiceAxis* x, NiceAxis* y)
    : m_chart(chart), m_owner(owner), m_x(x), m_y(y)
{
    m_rules = new QGraphicsPathItem(chart);
    m_rules->setZValue(kRulesZ);
}

void AllowedStrips::layout(OfferedLines::Sampled& sampled, const AllowedData& data, const std::vector<std::size_t>& shown,
                           const std::vector<std::size_t>& lineLane, const std::vector<std::string>& ids, bool dark)
{
    m_layout.clear();
    const auto [bottom, top] = data.niceValueRange(sampled.yMin, sampled.yMax);
    m_bottom = bottom;
    m_span = top - bottom;
    const double pitch = m_span * kStripPitch;
    const std::size_t n = shown.size();
    for (std::size_t k = 0; k < n; ++k)
        m_layout.push_back({shown[k], double(n - 1 - k) * pitch});

    std::vector<NiceAxis::FixedTick> ticks;  // rising: the bottom strip first
    for (auto it = m_layout.rbegin(); it != m_layout.rend(); ++it)
        ticks.push_back({it->baseline + m_span / 2, 0, QString::fromStdString(ids[it->lane])});
    m_y->setNiceRange(0, n == 0 ? 1 : double(n - 1) * pitch + m_span);
    m_y->setFixedTicks(std::move(ticks), 1);
    m_y->setGridLineVisible(false);
    // The scope and unit are in the chart's title; the axis keeps the shared scale.
    QString title = tr("each strip %1 to %2").arg(data.valueText(bottom), data.valueText(top));
    if (data.limit() && !data.limit()->empty())
        title += tr(", limit dashed");
    styleAxis(m_y, title, dark);

    for (qsizetype j = 0; j < sampled.lines.size() && std::size_t(j) < lineLane.size(); ++j) {
        const double offset = offsetOf(lineLane[std::size_t(j)]);
        for (QPointF& p : sampled.lines[j])
            p.ry() += offset;
    }
}

double AllowedStrips::offsetOf(std::size_t lane) const
{
    for (const Strip& s : m_layout)
        if (s.lane == lane)
            return s.baseline - m_bottom;
    return 0;
}

void AllowedStrips::ensureOffered(std::size_t count)
{
    while (std::size_t(m_offered.size()) < count) {
        auto* upper = new QLineSeries(m_owner);
        auto* lower = new QLineSeries(m_owner);
        auto* area = new QAreaSeries(upper, lower);
        area->setName(tr("offered load"));
        addToAxes(m_chart, area, m_x, m_y);
        area->setVisible(false);
        m_offered.append(area);
    }
}

void AllowedStrips::showOffered(const QList<QPointF>& offered)
{
    for (qsizetype k = 0; k < m_offered.size(); ++k) {
        QAreaSeries* area = m_offered[k];
        const bool show = !offered.isEmpty() && std::size_t(k) < m_layout.size();
        area->setVisible(show);
        if (!show)
            continue;
        const double base = m_layout[std::size_t(k)].baseline;
        QList<QPointF> up = offered;
        for (QPointF& p : up)
            p.ry() = base + std::max(0.0, p.y() - m_bottom);
        area->lowerSeries()->replace({QPointF(up.front().x(), base), QPointF(up.back().x(), base)});
        area->upperSeries()->replace(up);
        area->setBrush(palette::offeredLoad());
        area->setPen(Qt::NoPen);
    }
}

// Each strip's baseline as a thin rule and, when the chart has a limit line, the limit in
// each strip.
void AllowedStrips::layoutOverlays(const AllowedData& data, double lo, double hi,
                                   const std::function<QPointF(double, double)>& at, QGraphicsPathItem* limitLine)
{
    QPainterPath rules;
    QPainterPath path;
    for (const Strip& s : m_layout) {
        rules.moveTo(at(lo, s.baseline));
        rules.lineTo(at(hi, s.baseline));
        const QList<QPointF> steps = data.limitSteps(lo, hi, s.baseline - m_bottom);
        for (qsizetype k = 0; k < steps.size(); ++k) {
            if (k == 0)
                path.moveTo(at(steps[k].x(), steps[k].y()));
            else
                path.lineTo(at(steps[k].x(), steps[k].y()));
        }
    }
    m_rules->setPath(rules);
    limitLine->setPath(path);
}

void AllowedStrips::setRulesVisible(bool visible)
{
    m_rules->setVisible(visible);
}

void AllowedStrips::restyle(bool dark)
{
    m_rules->setPen(QPen(palette::gridColor(dark), 1));
}

}  // namespace ratelab
