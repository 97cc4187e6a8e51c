#include "app/gui/canvases/faultstimeline.h"

#include "app/gui/canvases/canvaspaint.h"
#include "app/models/style/fonts.h"
#include "app/models/text/formatting.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace ratelab {

namespace {
constexpr int kTopPad = 4;
constexpr int kBottomPad = 4;
constexpr int kMaxInstanceLanes = 8;
constexpr int kAllInstances = -2;  // the lane of every instance
}  // namespace

FaultsTimeline::FaultsTimeline(QWidget* parent) : QWidget(parent), m_cursor(std::numeric_limits<double>::quiet_NaN())
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(true);
}

int FaultsTimeline::laneHeight() const
{
    return fontMetrics().height() + 8;
}

QSize FaultsTimeline::sizeHint() const
{
    return {400, kTopPad + kBottomPad + laneHeight() * std::max<int>(1, int(m_lanes.size()))};
}

void FaultsTimeline::setInput(const ClusterInput& input)
{
    m_input = input;
    rebuildLanes();
    updateGeometry();
    update();
}

void FaultsTimeline::rebuildLanes()
{
    m_lanes.clear();
    if (!m_input.valid())
        return;
    const ClusterSpec& spec = m_input.cluster();
    m_lanes.push_back({tr("store"), spec.outages.empty() ? tr("no outage scheduled") : QString(), -1});
    // Instances with exact clocks that no partition singles out share one lane: rows that all
    // say "clock exact" would take the charts' height.
    bool partitioned = false;
    for (const OutageSpec& o : spec.outages)
        partitioned = partitioned || !o.instances.empty();
    if (m_input.instances() > 1 && !m_input.clocksSkewed() && !partitioned) {
        m_lanes.push_back({tr("inst-0–%1").arg(m_input.instances() - 1), tr("clocks exact"), kAllInstances});
        return;
    }
    for (int i = 0; i < m_input.instances() && i < kMaxInstanceLanes; ++i) {
        QStringList notes;
        if (std::size_t(i) < spec.clocks.size()) {
            const ClockSpec& c = spec.clocks[std::size_t(i)];
            notes << tr("clock %1").arg(clusternames::clockOffset(c.offset));
            if (c.driftPpm != 0)
                notes << tr("drift %1 ppm").arg(c.driftPpm);
        } else {
            notes << tr("clock exact");
        }
        m_lanes.push_back({clusternames::instance(i), notes.join(QStringLiteral(", ")), i});
    }
}

void FaultsTimeline::setPlotSpan(double left, double right)
{
    if (left == m_left && right == m_right)
        return;
    m_left = left;
    m_right = right;
    update();
}

void FaultsTimeline::setXRange(double lo, double hi)
{
    m_lo = lo;
    m_hi = hi > lo ? hi : lo + 1;
    update();
}

void FaultsTimeline::setCursorX(double x)
{
    m_cursor = x;
    update();
}

double FaultsTimeline::toPx(double x) const
{
    return m_left + (x - m_lo) / (m_hi - m_lo) * (m_right - m_left);
}

void FaultsTimeline::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const bool dark = m_input.dark;
    beginCanvasPaint(p, *this, dark);
    if (!m_input.valid())
        return;
    const ClusterSpec& spec = m_input.cluster();
    const int lh = laneHeight();
    const QFont small = style::labelFont(font());
    p.setFont(small);
    const QFontMetrics fm(small);
    const QColor text = palette::textColor(dark);
    const QColor muted = palette::mutedTextColor(dark);
    const QRectF plot(m_left, kTopPad, m_right - m_left, lh * double(m_lanes.size()));
    p.save();
    for (std::size_t li = 0; li < m_lanes.size(); ++li) {
        const Lane& lane = m_lanes[li];
        const QRectF row(0, kTopPad + lh * double(li), width(), lh);
        const double mid = row.center().y();
        // Lane name, right-aligned to the plot's left edge.
        p.setPen(text);
        p.drawText(QRectF(4, row.top(), m_left - 10, lh), Qt::AlignRight | Qt::AlignVCenter, lane.name);
        // The lane's baseline.
        p.setPen(QPen(palette::gridColor(dark), 1));
        p.drawLine(QPointF(m_left, mid), QPointF(m_right, mid));
        p.setClipRect(plot.adjusted(0, -2, 0, 2));
        // Outages: the store lane for all of them, an instance lane for partitions that hit it.
        for (const OutageSpec& o : spec.outages) {
            const bool partitionHere =
                lane.instance >= 0 && std::find(o.instances.begin(), o.instances.end(), lane.instance) != o.instances.end();
            if (lane.instance == -1 || partitionHere)
                paintOutage(p, o, row, fm);
        }
        if (lane.instance >= 0 && std::size_t(lane.instance) < spec.clocks.size())
            paintClockSteps(p, spec.clocks[std::size_t(lane.instance)], row, fm);
        p.setClipping(false);
        // The lane's note (clock offset and drift; "no outage"), at the plot's left, muted.
        if (!lane.note.isEmpty()) {
            const double w = fm.horizontalAdvance(lane.note) + 8;
            const QRectF box(m_left + 4, mid - fm.height() / 2.0, w, fm.height());
            p.fillRect(box, palette::chartBackground(dark));
            p.setPen(muted);
            p.drawText(box, Qt::AlignCenter, lane.note);
        }
    }
    p.restore();
    if (std::isfinite(m_cursor) && m_cursor >= m_lo && m_cursor <= m_hi) {
        const double x = toPx(m_cursor);
        p.setPen(QPen(muted, 1, Qt::DashLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
}

// One outage on a lane: its spans (each flap of a flapping one) hatched, and its label over
// the whole outage in a readable box, if it fits.
void FaultsTimeline::paintOutage(QPainter& p, const OutageSpec& o, const QRectF& row, const QFontMetrics& fm) const
{
    const bool dark = m_input.dark;
    const double unit = m_input.secondsPerUnit();
    const double mid = row.center().y();
    std::vector<std::pair<SimTime, SimTime>> spans;
    if (o.kind == OutageKind::Flapping && o.flap > 0)
        for (SimTime t = o.from; t < o.to; t += 2 * o.flap)
            spans.emplace_back(t, std::min(o.to, t + o.flap));
    else
        spans.emplace_back(o.from, o.to);
    for (const auto& [from, to] : spans) {
        const double l = toPx(double(from) / 1e6 / unit);
        const double r = toPx(double(to) / 1e6 / unit);
        const QRectF bar(l, row.top() + 3, std::max(1.0, r - l), row.height() - 6);
        QColor fill = palette::offeredLoadLine();
        fill.setAlphaF(0.18f);
        p.fillRect(bar, fill);
        QColor hatch = palette::offeredLoadLine();
        hatch.setAlphaF(o.kind == OutageKind::Slow ? 0.45f : 0.8f);
        p.fillRect(bar, QBrush(hatch, o.kind == OutageKind::Slow ? Qt::FDiagPattern : Qt::BDiagPattern));
        p.setPen(QPen(palette::mutedTextColor(dark), 1));
        p.drawRect(bar);
    }
    const QString label = clusternames::outageLabel(o);
    const double l = std::max(m_left, toPx(double(o.from) / 1e6 / unit));
    const double r = std::min(m_right, toPx(double(o.to) / 1e6 / unit));
    const double w = fm.horizontalAdvance(label) + 8;
    if (r - l >= w) {
        const QRectF box(l + (r - l - w) / 2, mid - fm.height() / 2.0, w, fm.height());
        p.fillRect(box, palette::chartBackground(dark));
        p.setPen(palette::textColor(dark));
        p.drawText(box, Qt::AlignCenter, label);
    }
}

// An instance's NTP steps: a dotted line at each, labelled with the step.
void FaultsTimeline::paintClockSteps(QPainter& p, const ClockSpec& clock, const QRectF& row, const QFontMetrics& fm) const
{
    const bool dark = m_input.dark;
    const QColor text = palette::textColor(dark);
    const double mid = row.center().y();
    for (const ClockStep& step : clock.steps) {
        const double x = toPx(double(step.at) / 1e6 / m_input.secondsPerUnit());
        p.setPen(QPen(text, 1.2, Qt::DotLine));
        p.drawLine(QPointF(x, row.top() + 1), QPointF(x, row.bottom() - 1));
        const QString label = tr("NTP step %1").arg(clusternames::signedDuration(step.by));
        const double w = fm.horizontalAdvance(label) + 6;
        const QRectF box(x + w + 3 > m_right ? x - w - 3 : x + 3, mid - fm.height() / 2.0, w, fm.height());
        p.fillRect(box, palette::chartBackground(dark));
        p.setPen(text);
        p.drawText(box, Qt::AlignCenter, label);
    }
}

bool FaultsTimeline::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && m_input.valid()) {
        auto* help = static_cast<QHelpEvent*>(event);
        const double x = m_lo + (help->pos().x() - m_left) / (m_right - m_left) * (m_hi - m_lo);
        const double us = x * m_input.secondsPerUnit() * 1e6;
        QStringList tips;
        for (const OutageSpec& o : m_input.cluster().outages)
            if (us >= double(o.from) && us <= double(o.to))
                tips << tr("store %1").arg(clusternames::outageLabel(o));
        if (tips.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tips.join(QLatin1Char('\n')), this);
        return true;
    }
    return QWidget::event(event);
}

}  // namespace ratelab
