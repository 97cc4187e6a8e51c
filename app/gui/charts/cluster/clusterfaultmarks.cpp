#include "app/gui/charts/cluster/clusterfaultmarks.h"

#include "app/models/style/palette.h"

#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPainter>
#include <QPen>

#include <algorithm>

namespace ratelab {

namespace {
// Between the grid (2) and the series (4) of QtCharts' private z order (gui-guide.md 5).
constexpr qreal kBandZ = 2.5;
constexpr qreal kStepZ = 2.6;
constexpr qreal kLabelZ = 6;

// A hatched outage band: a faint grey fill under a diagonal hatch ("down" dense, "slow"
// sparse: the hatch at a lower alpha).
class HatchBand : public QGraphicsRectItem {
public:
    HatchBand(OutageKind kind, QGraphicsItem* parent) : QGraphicsRectItem(parent), m_kind(kind) {}
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        QColor fill = palette::offeredLoadLine();
        fill.setAlphaF(0.12f);
        painter->fillRect(rect(), fill);
        QColor hatch = palette::offeredLoadLine();
        hatch.setAlphaF(m_kind == OutageKind::Slow ? 0.35f : 0.6f);
        painter->fillRect(rect(), QBrush(hatch, m_kind == OutageKind::Slow ? Qt::FDiagPattern : Qt::BDiagPattern));
    }

private:
    OutageKind m_kind;
};
}  // namespace

void ClusterFaultMarks::build(const ClusterInput& input)
{
    clear();
    if (!input.valid())
        return;
    const ClusterSpec& spec = input.cluster();
    const double unit = input.secondsPerUnit();
    for (const OutageSpec& o : spec.outages) {
        const QString tip = clusternames::outageLabel(o);
        const auto addBand = [&](SimTime from, SimTime to) {
            auto* band = new HatchBand(o.kind, m_chart);
            band->setZValue(kBandZ);
            band->setPen(Qt::NoPen);
            band->setToolTip(tip);
            m_bands.append(band);
            m_bandSpans.append({double(from) / 1e6 / unit, double(to) / 1e6 / unit});
            m_bandTips.append(tip);
        };
        if (o.kind == OutageKind::Flapping && o.flap > 0) {
            for (SimTime t = o.from; t < o.to; t += 2 * o.flap)
                addBand(t, std::min(o.to, t + o.flap));
        } else {
            addBand(o.from, o.to);
        }
    }
    for (std::size_t i = 0; i < spec.clocks.size(); ++i)
        for (const ClockStep& step : spec.clocks[i].steps) {
            auto* line = new QGraphicsLineItem(m_chart);
            line->setZValue(kStepZ);
            m_steps.append(line);
            m_stepX.append(double(step.at) / 1e6 / unit);
            auto* text = new QGraphicsSimpleTextItem(m_chart);
            text->setZValue(kLabelZ);
            text->setText(spec.instances > 1
                              ? QStringLiteral("%1 %2").arg(clusternames::instance(int(i)), clusternames::signedDuration(step.by))
                              : clusternames::signedDuration(step.by));
            text->setVisible(m_stepLabels);
            m_stepText.append(text);
        }
}

void ClusterFaultMarks::clear()
{
    qDeleteAll(m_bands);
    m_bands.clear();
    m_bandSpans.clear();
    m_bandTips.clear();
    qDeleteAll(m_steps);
    m_steps.clear();
    m_stepX.clear();
    qDeleteAll(m_stepText);
    m_stepText.clear();
}

void ClusterFaultMarks::restyle(const QColor& text, const QFont& font)
{
    const QPen stepPen(text, 1.2, Qt::DotLine);
    for (QGraphicsLineItem* l : m_steps)
        l->setPen(stepPen);
    for (QGraphicsSimpleTextItem* t : m_stepText) {
        t->setBrush(text);
        t->setFont(font);
    }
}

void ClusterFaultMarks::layout(const QRectF& plot, double lo, double hi)
{
    const auto toPx = [&](double x) { return plot.left() + (x - lo) / (hi - lo) * plot.width(); };
    for (int i = 0; i < m_bands.size(); ++i) {
        const double l = std::clamp(toPx(m_bandSpans[i].first), plot.left(), plot.right());
        const double r = std::clamp(toPx(m_bandSpans[i].second), plot.left(), plot.right());
        m_bands[i]->setRect(QRectF(l, plot.top(), std::max(0.0, r - l), plot.height()));
        m_bands[i]->setVisible(r > l);
    }
    for (int i = 0; i < m_steps.size(); ++i) {
        const double x = toPx(m_stepX[i]);
        const bool inside = x >= plot.left() && x <= plot.right();
        m_steps[i]->setLine(x, plot.top(), x, plot.bottom());
        m_steps[i]->setVisible(inside);
        m_stepText[i]->setVisible(inside && m_stepLabels);
        const QRectF br = m_stepText[i]->boundingRect();
        const double tx = x + 3 + br.width() > plot.right() ? x - 3 - br.width() : x + 3;
        m_stepText[i]->setPos(tx, plot.top() + 1);
    }
}

QString ClusterFaultMarks::tooltipAt(double x) const
{
    QString text;
    for (int i = 0; i < m_bandSpans.size(); ++i)
        if (x >= m_bandSpans[i].first && x <= m_bandSpans[i].second)
            text += QStringLiteral("<i>store %1</i>").arg(m_bandTips[i].toHtmlEscaped());
    return text;
}

}  // namespace ratelab
