#include "app/gui/canvases/topologypanel.h"

#include "app/gui/canvases/canvaspaint.h"
#include "app/models/style/fonts.h"
#include "app/models/text/formatting.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace ratelab {

namespace {
constexpr int kMaxDrawnInstances = 8;
constexpr double kPad = 10;

void arrow(QPainter& p, QPointF from, QPointF to)
{
    p.drawLine(from, to);
    const QLineF l(to, from);
    const double a = std::atan2(-l.dy(), l.dx());
    const double s = 5;
    QPainterPath head;
    head.moveTo(to);
    head.lineTo(to + QPointF(std::cos(a + 0.45) * s, -std::sin(a + 0.45) * s));
    head.lineTo(to + QPointF(std::cos(a - 0.45) * s, -std::sin(a - 0.45) * s));
    head.closeSubpath();
    p.fillPath(head, p.pen().color());
}
}  // namespace

TopologyPanel::TopologyPanel(QWidget* parent) : QWidget(parent), m_cursorUs(std::numeric_limits<double>::quiet_NaN())
{
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    setMouseTracking(true);  // the pointing hand over an editable box
}

void TopologyPanel::setInput(const ClusterInput& input)
{
    m_input = input;
    update();
}

void TopologyPanel::setCursorUs(double us)
{
    m_cursorUs = us;
    update();
}

TopologyPanel::State TopologyPanel::stateAt(int instance, double us) const
{
    if (!m_input.valid() || !std::isfinite(us))
        return State::Ok;
    State state = State::Ok;
    for (const OutageSpec& o : m_input.cluster().outages) {
        if (us < double(o.from) || us >= double(o.to))
            continue;
        if (!o.instances.empty() && std::find(o.instances.begin(), o.instances.end(), instance) == o.instances.end())
            continue;
        if (o.kind == OutageKind::Slow) {
            state = std::max(state, State::Slow);
        } else if (o.kind == OutageKind::Flapping && o.flap > 0) {
            const auto phase = std::int64_t((us - double(o.from)) / double(o.flap));
            if (phase % 2 == 0)
                state = State::Down;
        } else {
            state = State::Down;
        }
    }
    return state;
}

void TopologyPanel::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const bool dark = m_input.dark;
    beginCanvasPaint(p, *this, dark);
    if (!m_input.valid())
        return;
    QFont bold = font();
    bold.setBold(true);
    const QFont small = style::labelFont(font());
    const QFontMetrics fm(font());
    const QFontMetrics fs(small);
    QColor boxFill = palette::gridColor(dark);
    boxFill.setAlphaF(0.35f);
    PaintContext c{p,
                   palette::textColor(dark),
                   palette::mutedTextColor(dark),
                   boxFill,
                   bold,
                   small,
                   fs,
                   width() - 2 * kPad,
                   double(fm.height()),
                   double(fs.height())};

    const double gap = 16;
    double y = kPad;
    p.setFont(bold);
    p.setPen(c.text);
    p.drawText(QRectF(kPad, y, c.w, c.lineH), Qt::AlignLeft | Qt::AlignVCenter, tr("Topology"));
    y += c.lineH + 6;

    QRectF r = paintBox(c, y, tr("clients"), {tr("%1 offered").arg(fmt::count(m_input.algo().requests, "request"))});
    m_partRects[int(Part::Clients)] = r;
    p.setPen(QPen(c.muted, 1.2));
    arrow(p, QPointF(r.center().x(), r.bottom()), QPointF(r.center().x(), r.bottom() + gap - 2));
    y = r.bottom() + gap;
    r = paintBox(c, y, tr("load balancer"), {clusternames::balancer(m_input.cluster().balancer)});
    m_partRects[int(Part::Balancer)] = r;
    const QPointF lbOut(r.center().x(), r.bottom());
    y = r.bottom() + gap;

    const QRectF inst = paintInstances(c, y, lbOut);
    m_partRects[int(Part::Instances)] = inst;
    y = inst.bottom() + gap;

    p.setPen(QPen(c.muted, 1.2));
    arrow(p, QPointF(inst.center().x(), inst.bottom()), QPointF(inst.center().x(), y - 2));
    r = paintBox(c, y, tr("store"), storeLines());
    m_partRects[int(Part::Store)] = r;
    y = r.bottom() + gap;

    p.setPen(QPen(c.muted, 1.2, Qt::DotLine));
    p.drawLine(QPointF(r.center().x(), r.bottom()), QPointF(r.center().x(), y));
    r = paintBox(c, y, tr("when the store fails"), policyLines());
    m_partRects[int(Part::Policy)] = r;
    y = r.bottom() + 10;

    p.setFont(small);
    p.setPen(c.muted);
    const QString legend = std::isfinite(m_cursorUs) ? tr("state at t = %1").arg(fmt::simTime(qint64(m_cursorUs)))
                                                     : tr("hover a chart to see the state at a time");
    p.drawText(QRectF(kPad, y, c.w, c.smallH), Qt::AlignLeft | Qt::AlignVCenter, legend);
    p.drawText(QRectF(kPad, y + c.smallH, c.w, c.smallH), Qt::AlignLeft | Qt::AlignVCenter, tr("● store ok   ◐ slow   ⊗ down"));
    p.drawText(QRectF(kPad, y + 2 * c.smallH, c.w, c.smallH), Qt::AlignLeft | Qt::AlignVCenter, tr("click a box to edit it"));
}

std::optional<TopologyPanel::Part> TopologyPanel::partAt(QPointF pos) const
{
    if (!m_input.valid())
        return std::nullopt;
    for (int i = 0; i < kParts; ++i)
        if (m_partRects[std::size_t(i)].contains(pos))
            return Part(i);
    return std::nullopt;
}

void TopologyPanel::mousePressEvent(QMouseEvent* event)
{
    if (const auto part = partAt(event->position()); part && event->button() == Qt::LeftButton)
        emit partClicked(*part, m_partRects[std::size_t(*part)].toAlignedRect());
    QWidget::mousePressEvent(event);
}

void TopologyPanel::mouseMoveEvent(QMouseEvent* event)
{
    setCursor(partAt(event->position()) ? Qt::PointingHandCursor : Qt::ArrowCursor);
    QWidget::mouseMoveEvent(event);
}

QRectF TopologyPanel::paintBox(PaintContext& c, double y, const QString& title, const QStringList& lines) const
{
    QPainter& p = c.p;
    const double h = 6 + c.lineH + c.smallH * double(lines.size()) + 6;
    const QRectF r(kPad, y, c.w, h);
    p.setPen(QPen(c.muted, 1));
    p.setBrush(c.boxFill);
    p.drawRoundedRect(r, 4, 4);
    p.setFont(c.bold);
    p.setPen(c.text);
    p.drawText(QRectF(r.left() + 8, y + 6, r.width() - 16, c.lineH), Qt::AlignLeft | Qt::AlignVCenter, title);
    p.setFont(c.small);
    for (int i = 0; i < lines.size(); ++i) {
        p.setPen(i == 0 ? c.text : c.muted);
        p.drawText(QRectF(r.left() + 8, y + 6 + c.lineH + c.smallH * i, r.width() - 16, c.smallH),
                   Qt::AlignLeft | Qt::AlignVCenter, c.fs.elidedText(lines[i], Qt::ElideRight, int(r.width() - 16)));
    }
    p.setBrush(Qt::NoBrush);
    return r;
}

QRectF TopologyPanel::paintInstances(PaintContext& c, double y, QPointF lbOut) const
{
    // One row each, a state glyph at the cursor time, offset/drift, and counts.
    QPainter& p = c.p;
    const int n = m_input.instances();
    const int drawn = std::min(n, kMaxDrawnInstances);
    const double rowH = c.lineH + c.smallH + 6;
    const QRectF inst(kPad, y, c.w, rowH * drawn + (n > drawn ? c.smallH : 0) + 6);
    p.setPen(QPen(c.muted, 1.2));
    arrow(p, lbOut, QPointF(lbOut.x(), inst.top() - 2));
    p.setPen(QPen(c.muted, 1));
    p.setBrush(c.boxFill);
    p.drawRoundedRect(inst, 4, 4);
    p.setBrush(Qt::NoBrush);
    for (int i = 0; i < drawn; ++i)
        paintInstanceRow(c, i, QPointF(inst.left(), inst.top() + 3 + rowH * i));
    if (n > drawn) {
        p.setFont(c.small);
        p.setPen(c.muted);
        p.drawText(QRectF(inst.left() + 26, inst.top() + 3 + rowH * drawn, c.w - 30, c.smallH), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("… and %1 more").arg(n - drawn));
    }
    return inst;
}

void TopologyPanel::paintInstanceRow(PaintContext& c, int i, QPointF topLeft) const
{
    QPainter& p = c.p;
    const ClusterSpec& spec = m_input.cluster();
    const ClusterStats& stats = m_input.stats();
    const QColor accent = m_input.style.color;
    const double ry = topLeft.y();
    const State s = stateAt(i, m_cursorUs);
    const QPointF center(topLeft.x() + 14, ry + c.lineH / 2 + 1);
    const double rad = 5;
    p.setPen(QPen(c.text, 1.3));
    if (s == State::Ok) {
        p.setBrush(accent);
        p.drawEllipse(center, rad, rad);
    } else if (s == State::Slow) {
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(center, rad, rad);
        QPainterPath half;
        half.moveTo(center);
        half.arcTo(QRectF(center.x() - rad, center.y() - rad, 2 * rad, 2 * rad), 90, 180);
        p.fillPath(half, accent);
    } else {
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(center, rad, rad);
        p.drawLine(center + QPointF(-3, -3), center + QPointF(3, 3));
        p.drawLine(center + QPointF(-3, 3), center + QPointF(3, -3));
    }
    p.setBrush(Qt::NoBrush);
    QString clock = clusternames::clockOffset(0);
    if (std::size_t(i) < spec.clocks.size()) {
        const ClockSpec& ck = spec.clocks[std::size_t(i)];
        clock = clusternames::clockOffset(ck.offset);
        if (ck.driftPpm != 0)
            clock += tr(", %1 ppm").arg(ck.driftPpm);
        if (!ck.steps.empty())
            clock += QStringLiteral(", ") + fmt::count(qint64(ck.steps.size()), "step");
    }
    p.setFont(font());
    p.setPen(c.text);
    p.drawText(QRectF(topLeft.x() + 26, ry, c.w - 30, c.lineH), Qt::AlignLeft | Qt::AlignVCenter,
               QStringLiteral("%1   %2").arg(clusternames::instance(i), clock));
    const std::int64_t req = std::size_t(i) < stats.instanceRequests.size() ? stats.instanceRequests[std::size_t(i)] : 0;
    const std::int64_t ok = std::size_t(i) < stats.instanceAllowed.size() ? stats.instanceAllowed[std::size_t(i)] : 0;
    p.setFont(c.small);
    p.setPen(c.muted);
    p.drawText(QRectF(topLeft.x() + 26, ry + c.lineH, c.w - 30, c.smallH), Qt::AlignLeft | Qt::AlignVCenter,
               tr("%1, %2 allowed").arg(fmt::compactCount(req, "request"), fmt::compact(double(ok))));
}

QStringList TopologyPanel::storeLines() const
{
    const StoreSpec store = m_input.store();
    const ClusterStats& stats = m_input.stats();
    QStringList lines{QStringLiteral("%1, %2").arg(clusternames::storeMode(store.mode), clusternames::storeClock(store.clock)),
                      tr("%1, timeout %2").arg(clusternames::latency(store.latency), fmt::duration(store.timeout))};
    if (store.mode == StoreMode::LocalSync)
        lines << tr("sync every %1").arg(fmt::duration(store.syncInterval));
    if (store.mode == StoreMode::Cas)
        lines << tr("up to %1 CAS attempts").arg(store.casRetries);
    if (store.mode == StoreMode::Memcached)
        lines << tr("window counters: add + incr; other state: gets + cas, up to %1 attempts").arg(store.casRetries);
    lines << tr("decision p50 %1, p99 %2").arg(fmt::duration(stats.decisionLatencyP50), fmt::duration(stats.decisionLatencyP99));
    return lines;
}

QStringList TopologyPanel::policyLines() const
{
    const PolicySpec policy = m_input.policy();
    const ClusterStats& stats = m_input.stats();
    QStringList lines{clusternames::policy(policy.onFailure)};
    if (policy.breakerFailures)
        lines << tr("breaker: open after %1, for %2")
                     .arg(fmt::count(*policy.breakerFailures, "failure"), fmt::duration(policy.breakerOpenFor));
    else
        lines << tr("no circuit breaker");
    lines << tr("%1, breaker opened %2×").arg(fmt::compactCount(stats.storeFailures, "store failure")).arg(stats.breakerOpened);
    if (stats.callsSkipped > 0)
        lines << tr("%1 skipped by the breaker").arg(fmt::compactCount(stats.callsSkipped, "call"));
    return lines;
}

}  // namespace ratelab
