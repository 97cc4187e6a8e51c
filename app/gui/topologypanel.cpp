#include "app/gui/topologypanel.h"

#include "app/models/formatting.h"

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
} // namespace

TopologyPanel::TopologyPanel(QWidget* parent) : QWidget(parent), m_cursorUs(std::numeric_limits<double>::quiet_NaN())
{
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
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
    p.setRenderHint(QPainter::Antialiasing);
    const bool dark = m_input.dark;
    p.fillRect(rect(), palette::chartBackground(dark));
    if (!m_input.valid())
        return;
    const ClusterSpec& spec = m_input.cluster();
    const ClusterStats& stats = m_input.stats();
    const StoreSpec store = m_input.store();
    const PolicySpec policy = m_input.policy();
    const QColor text = palette::textColor(dark);
    const QColor muted = palette::mutedTextColor(dark);
    const QColor accent = m_input.style.color;
    QFont bold = font();
    bold.setBold(true);
    QFont small = font();
    if (small.pointSizeF() > 0)
        small.setPointSizeF(std::max(8.0, small.pointSizeF() - 1));
    const QFontMetrics fm(font());
    const QFontMetrics fs(small);
    const double w = width() - 2 * kPad;
    const double lineH = fm.height();
    const double smallH = fs.height();
    QColor boxFill = palette::gridColor(dark);
    boxFill.setAlphaF(0.35f);

    const auto box = [&](double y, const QString& title, const QStringList& lines) {
        const double h = 6 + lineH + smallH * double(lines.size()) + 6;
        const QRectF r(kPad, y, w, h);
        p.setPen(QPen(muted, 1));
        p.setBrush(boxFill);
        p.drawRoundedRect(r, 4, 4);
        p.setFont(bold);
        p.setPen(text);
        p.drawText(QRectF(r.left() + 8, y + 6, r.width() - 16, lineH), Qt::AlignLeft | Qt::AlignVCenter, title);
        p.setFont(small);
        for (int i = 0; i < lines.size(); ++i) {
            p.setPen(i == 0 ? text : muted);
            p.drawText(QRectF(r.left() + 8, y + 6 + lineH + smallH * i, r.width() - 16, smallH),
                       Qt::AlignLeft | Qt::AlignVCenter, fs.elidedText(lines[i], Qt::ElideRight, int(r.width() - 16)));
        }
        p.setBrush(Qt::NoBrush);
        return r;
    };
    const double gap = 16;
    double y = kPad;
    p.setFont(bold);
    p.setPen(text);
    p.drawText(QRectF(kPad, y, w, lineH), Qt::AlignLeft | Qt::AlignVCenter, tr("Topology"));
    y += lineH + 6;

    QRectF r = box(y, tr("clients"), {tr("%1 offered").arg(fmt::count(m_input.algo().requests, "request"))});
    p.setPen(QPen(muted, 1.2));
    arrow(p, QPointF(r.center().x(), r.bottom()), QPointF(r.center().x(), r.bottom() + gap - 2));
    y = r.bottom() + gap;
    r = box(y, tr("load balancer"), {clusternames::balancer(spec.balancer)});
    const QPointF lbOut(r.center().x(), r.bottom());
    y = r.bottom() + gap;

    // Instances: one row each, a state glyph at the cursor time, offset/drift, and counts.
    const int n = m_input.instances();
    const int drawn = std::min(n, kMaxDrawnInstances);
    const double rowH = lineH + smallH + 6;
    const QRectF inst(kPad, y, w, rowH * drawn + (n > drawn ? smallH : 0) + 6);
    p.setPen(QPen(muted, 1.2));
    arrow(p, lbOut, QPointF(lbOut.x(), inst.top() - 2));
    p.setPen(QPen(muted, 1));
    p.setBrush(boxFill);
    p.drawRoundedRect(inst, 4, 4);
    p.setBrush(Qt::NoBrush);
    for (int i = 0; i < drawn; ++i) {
        const double ry = inst.top() + 3 + rowH * i;
        const State s = stateAt(i, m_cursorUs);
        const QPointF c(inst.left() + 14, ry + lineH / 2 + 1);
        const double rad = 5;
        p.setPen(QPen(text, 1.3));
        if (s == State::Ok) {
            p.setBrush(accent);
            p.drawEllipse(c, rad, rad);
        } else if (s == State::Slow) {
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, rad, rad);
            QPainterPath half;
            half.moveTo(c);
            half.arcTo(QRectF(c.x() - rad, c.y() - rad, 2 * rad, 2 * rad), 90, 180);
            p.fillPath(half, accent);
        } else {
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, rad, rad);
            p.drawLine(c + QPointF(-3, -3), c + QPointF(3, 3));
            p.drawLine(c + QPointF(-3, 3), c + QPointF(3, -3));
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
        p.setPen(text);
        p.drawText(QRectF(inst.left() + 26, ry, w - 30, lineH), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("%1   %2").arg(clusternames::instance(i), clock));
        const std::int64_t req = std::size_t(i) < stats.instanceRequests.size() ? stats.instanceRequests[std::size_t(i)] : 0;
        const std::int64_t ok = std::size_t(i) < stats.instanceAllowed.size() ? stats.instanceAllowed[std::size_t(i)] : 0;
        p.setFont(small);
        p.setPen(muted);
        p.drawText(QRectF(inst.left() + 26, ry + lineH, w - 30, smallH), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("%1, %2 allowed").arg(fmt::compactCount(req, "request"), fmt::compact(double(ok))));
    }
    if (n > drawn) {
        p.setFont(small);
        p.setPen(muted);
        p.drawText(QRectF(inst.left() + 26, inst.top() + 3 + rowH * drawn, w - 30, smallH), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("… and %1 more").arg(n - drawn));
    }
    y = inst.bottom() + gap;

    QStringList storeLines{QStringLiteral("%1, %2").arg(clusternames::storeMode(store.mode), clusternames::storeClock(store.clock)),
                           tr("%1, timeout %2").arg(clusternames::latency(store.latency), fmt::duration(store.timeout))};
    if (store.mode == StoreMode::LocalSync)
        storeLines << tr("sync every %1").arg(fmt::duration(store.syncInterval));
    if (store.mode == StoreMode::Cas)
        storeLines << tr("up to %1 CAS attempts").arg(store.casRetries);
    storeLines << tr("decision p50 %1, p99 %2").arg(fmt::duration(stats.decisionLatencyP50), fmt::duration(stats.decisionLatencyP99));
    p.setPen(QPen(muted, 1.2));
    arrow(p, QPointF(inst.center().x(), inst.bottom()), QPointF(inst.center().x(), y - 2));
    r = box(y, tr("store"), storeLines);
    y = r.bottom() + gap;

    QStringList policyLines{clusternames::policy(policy.onFailure)};
    if (policy.breakerFailures)
        policyLines << tr("breaker: open after %1, for %2").arg(fmt::count(*policy.breakerFailures, "failure"), fmt::duration(policy.breakerOpenFor));
    else
        policyLines << tr("no circuit breaker");
    policyLines << tr("%1, breaker opened %2×").arg(fmt::compactCount(stats.storeFailures, "store failure")).arg(stats.breakerOpened);
    if (stats.callsSkipped > 0)
        policyLines << tr("%1 skipped by the breaker").arg(fmt::compactCount(stats.callsSkipped, "call"));
    p.setPen(QPen(muted, 1.2, Qt::DotLine));
    p.drawLine(QPointF(r.center().x(), r.bottom()), QPointF(r.center().x(), y));
    r = box(y, tr("when the store fails"), policyLines);
    y = r.bottom() + 10;

    p.setFont(small);
    p.setPen(muted);
    const QString legend = std::isfinite(m_cursorUs) ? tr("state at t = %1").arg(fmt::simTime(qint64(m_cursorUs)))
                                                     : tr("hover a chart to see the state at a time");
    p.drawText(QRectF(kPad, y, w, smallH), Qt::AlignLeft | Qt::AlignVCenter, legend);
    p.drawText(QRectF(kPad, y + smallH, w, smallH), Qt::AlignLeft | Qt::AlignVCenter,
               tr("● store ok   ◐ slow   ⊗ down"));
}

} // namespace ratelab
