#include "app/gui/canvases/requestlanepainter.h"

#include "app/gui/canvases/lanedots.h"
#include "app/gui/canvases/lanepaint.h"
#include "app/gui/canvases/lanetimescale.h"
#include "app/models/plotdata/lanestate.h"
#include "app/models/text/formatting.h"

#include <QPainter>

#include <cmath>

namespace ratelab {

namespace {

const StateValue* limitNamed(const KeyHistory& history, const char* name)
{
    for (const StateValue& l : history.limits)
        if (l.name == name)
            return &l;
    return nullptr;
}

}  // namespace

void RequestLanePainter::paint(const LaneCanvas::Lane& lane, const QRectF& laneRect, int current) const
{
    LanePaint& c = m_c;
    QPainter& p = c.p;
    const double dotR = kDotRadius;
    p.setPen(c.text);
    p.drawText(QRectF(c.area.left() + 6, laneRect.top(), c.gutter - 10, kRequestLaneHeight), Qt::AlignVCenter | Qt::AlignLeft,
               lane.label);
    p.setPen(QPen(c.grid, 1));
    p.drawLine(QPointF(laneRect.left(), laneRect.center().y()), QPointF(laneRect.right(), laneRect.center().y()));
    p.save();
    p.setClipRect(laneRect.adjusted(-dotR - 2, 0, dotR + 2, 0));
    paintCursorWindow(lane, laneRect);
    const auto& steps = lane.history.steps;
    if (steps.empty()) {
        p.setPen(c.muted);
        p.drawText(laneRect.adjusted(8, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft, lane.emptyText);
    }
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const double s = LaneTimeScale::seconds(steps[i].atUs);
        const double x = LaneTimeScale::toX(s, laneRect, c.range);
        // Only the dots in view are drawn (a busy key has thousands); the current step
        // always is, as its arrow may reach into view.
        if ((x < laneRect.left() - 2 * dotR || x > laneRect.right() + 2 * dotR) && int(i) != current)
            continue;
        QColor color = lane.style.color;
        if (int(i) > current)
            color.setAlphaF(0.25f);  // the future, faded
        const QPointF center(x, laneRect.center().y());
        if (steps[i].decision.allowed && steps[i].decision.delayUs > 0 && int(i) == current) {
            // An arrow to the forward time.
            const double fx = LaneTimeScale::toX(s + LaneTimeScale::seconds(steps[i].decision.delayUs), laneRect, c.range);
            p.setPen(QPen(color, 1.2));
            p.drawLine(QPointF(x + dotR, center.y() + dotR + 3), QPointF(fx, center.y() + dotR + 3));
            p.drawLine(QPointF(fx, center.y() + dotR + 3), QPointF(fx - 4, center.y() + dotR));
            p.drawText(QPointF(x + dotR + 4, center.y() - dotR - 1), tr("held %1").arg(fmt::duration(steps[i].decision.delayUs)));
        }
        const double r = int(i) == current ? dotR * 1.35 : dotR;
        m_dots.draw(p, center, r, steps[i], color, c.dpr);
        if (steps[i].cluster && steps[i].cluster->allowed != steps[i].decision.allowed) {
            // The cluster decided this request otherwise than the exact limiter: ringed in
            // the text colour, which no algorithm's colour is.
            QColor ring = c.text;
            ring.setAlphaF(color.alphaF());
            p.setPen(QPen(ring, 1.6));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(center, r + 3.5, r + 3.5);
        }
    }
    p.restore();
}

// At the cursor, on the request lane: the window the next decision looks at.
void RequestLanePainter::paintCursorWindow(const LaneCanvas::Lane& lane, const QRectF& laneRect) const
{
    LanePaint& c = m_c;
    const qint64 nowUs = c.nowUs;
    const KeyHistory& history = lane.history;
    if (stepAtOrBefore(history, nowUs) < 0)
        return;
    QPainter& p = c.p;
    QColor fill = lane.style.color;
    fill.setAlphaF(0.12f);
    const auto bracket = [&](qint64 fromUs, qint64 toUs, const QString& label) {
        const QRectF r = LaneTimeScale::spanRect(laneRect, c.range, fromUs, toUs);
        if (r.width() <= 0)
            return;
        p.fillRect(r, fill);
        p.setPen(QPen(lane.style.color, 1.2));
        const double y = laneRect.bottom() - 2;
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
        p.drawLine(QPointF(r.left(), y), QPointF(r.left(), y - 6));
        p.drawLine(QPointF(r.right(), y), QPointF(r.right(), y - 6));
        p.setPen(c.muted);
        if (r.width() > c.fm.horizontalAdvance(label) + 8)
            p.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignLeft | Qt::AlignTop, label);
    };
    const Duration w = history.policy.windowUs;
    if (stateAt(history, "oldest_us", nowUs) && w > 0) {
        // The sliding log counts what arrived in the window ending now.
        bracket(nowUs - w, nowUs, tr("last %1").arg(fmt::windowLength(w)));
    } else if ((stateAt(history, "previous_weight", nowUs) || stateAt(history, "previous_ttl", nowUs)) && w > 0) {
        // A sliding counter (ours, or python limits' with its previous_ttl) weighs the previous
        // window against the current one.
        const std::vector<SimTime> starts = windowStarts(history, nowUs - 2 * w, nowUs);
        if (starts.empty())
            return;  // no window began since the key's first request: its bounds are not in view
        const qint64 current = starts.back();
        bracket(current - w, current, tr("previous"));
        bracket(current, current + w, tr("current"));
    } else if (const std::optional<double> ahead = stateAt(history, "tat_minus_now", nowUs)) {
        // GCRA admits a request of cost 1 once TAT + T − τ has come: shade the wait.
        const StateValue* tau = limitNamed(history, "tau");
        const StateValue* interval = limitNamed(history, "emission_interval");
        if (!tau || !interval)
            return;
        const qint64 tat = nowUs + qint64(std::llround(*ahead));
        const qint64 admits = tat + qint64(std::llround(interval->value - tau->value));
        if (admits > nowUs)
            bracket(nowUs, admits, tr("rejects until TAT + T − τ"));
        const double x = LaneTimeScale::xAt(tat, laneRect, c.range);
        if (x >= laneRect.left() && x <= laneRect.right()) {
            p.setPen(QPen(lane.style.color, 1.5));
            p.drawLine(QPointF(x, laneRect.top() + 2), QPointF(x, laneRect.bottom() - 2));
            p.setPen(c.muted);
            p.drawText(QPointF(x + 3, laneRect.bottom() - 4), QStringLiteral("TAT"));
        }
    }
}

}  // namespace ratelab
