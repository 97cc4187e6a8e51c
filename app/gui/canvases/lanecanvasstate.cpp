// The Learn lanes' state: each algorithm's state as the function of time the engine computes
// (KeyStep::curve, lanestate.h), drawn as it is held: a token level rising between requests and
// dropping at each admitted one, a leaky bucket's excess draining, counts stepping down as
// windows reset or log entries leave. Windows are bands with their counts; at the cursor the
// request lane shows the window a decision looks at (the log's last window, the counter's
// previous and current windows, GCRA's theoretical arrival time and when it admits again).

#include "app/gui/canvases/lanecanvas.h"
#include "app/models/plotdata/lanestate.h"
#include "app/models/text/formatting.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
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

// The value read out at the cursor, in the app's words: "3.24 tokens", "7 requests", "412 ms".
// Digits enough not to contradict a decision against the lane's bound (0.98 of 1, not 1.0).
QString readout(double value, const StateValue& like, const KeyHistory& history)
{
    if (like.unit == "us")
        return fmt::duration(qint64(std::llround(value)));
    const QString unit = QString::fromStdString(like.unit);
    if (value == std::round(value) && unit.endsWith(QLatin1Char('s'))) {
        const QByteArray plural = unit.toUtf8();
        const QByteArray singular = plural.left(plural.size() - 1);
        return fmt::count(qint64(value), singular.constData(), plural.constData());
    }
    const StateValue* bound = nullptr;
    for (const StateValue& l : history.limits)
        if (l.unit == like.unit)
            bound = &l;
    return QStringLiteral("%1 %2").arg(bound ? fmt::decisive(value, bound->value, 2) : fmt::compact(value), unit);
}

}  // namespace

QRectF LaneCanvas::spanRect(const QRectF& laneRect, const std::pair<double, double>& range, qint64 fromUs, qint64 toUs) const
{
    const double x0 = std::max(laneRect.left(), xAt(fromUs, laneRect, range));
    const double x1 = std::min(laneRect.right(), xAt(toUs, laneRect, range));
    return QRectF(x0, laneRect.top(), std::max(0.0, x1 - x0), laneRect.height());
}

void LaneCanvas::paintStateLane(PaintContext& c, const Lane& lane, const QRectF& laneRect) const
{
    QPainter& p = c.p;
    const KeyHistory& history = lane.history;
    const StateValue& primary = history.steps.front().state[decisiveValue(history.steps.front().state)];
    const qint64 fromUs = qint64(std::floor(c.range.first * 1e6));
    const qint64 toUs = qint64(std::ceil(c.range.second * 1e6));

    // The y range: the curves in view and the limits, in the decisive value's unit.
    double vMax = 0;
    const auto [first, last] = stepsCovering(history, fromUs, toUs);
    for (int i = first; i <= last; ++i)
        for (const StateCurve& curve : history.steps[std::size_t(i)].curve)
            if (curve.unit == primary.unit)
                for (const StatePoint& pt : curve.points)
                    vMax = std::max(vMax, displayValue(pt.value, curve.unit));
    for (const StateValue& l : history.limits)
        if (l.unit == primary.unit)
            vMax = std::max(vMax, displayValue(l.value, l.unit));
    vMax = vMax > 0 ? vMax * 1.12 : 1;

    p.setPen(QPen(c.grid, 1));
    p.drawRect(laneRect);
    paintWindowBands(c, lane, laneRect);
    p.setPen(c.text);
    p.drawText(QRectF(c.area.left() + 6, laneRect.top(), m_gutter - 10, c.fm.height() * 2 + 4), Qt::AlignLeft | Qt::AlignTop,
               lane.label.section(QLatin1Char(' '), 0, 0) + QLatin1Char(' ') + stateTitle(primary.name) + QStringLiteral("\n(")
                   + displayUnit(primary.unit) + QLatin1Char(')'));
    p.setPen(c.muted);
    p.drawText(QRectF(c.area.left(), laneRect.bottom() - c.fm.height(), m_gutter - 6, c.fm.height()), Qt::AlignRight,
               QStringLiteral("0"));
    for (double v : fmt::niceTicks(0, vMax, 3)) {
        if (v <= 0)
            continue;
        p.setPen(QPen(c.grid, 1, Qt::DotLine));
        p.drawLine(QPointF(laneRect.left(), yAt(v, laneRect, vMax)), QPointF(laneRect.right(), yAt(v, laneRect, vMax)));
        p.setPen(c.muted);
        p.drawText(QRectF(c.area.left(), yAt(v, laneRect, vMax) - c.fm.height() / 2.0, m_gutter - 6, c.fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, fmt::compact(v));
    }

    p.save();
    p.setClipRect(laneRect.adjusted(0, -2, 0, 2));
    for (const StateValue& l : history.limits) {
        if (l.unit != primary.unit)
            continue;
        const double yy = yAt(displayValue(l.value, l.unit), laneRect, vMax);
        p.setPen(QPen(c.text, 1.2, Qt::DashLine));
        p.drawLine(QPointF(laneRect.left(), yy), QPointF(laneRect.right(), yy));
        p.setPen(c.text);
        p.drawText(QRectF(laneRect.right() - 200, yy - c.fm.height() - 1, 196, c.fm.height()), Qt::AlignRight,
                   QStringLiteral("%1 %2").arg(stateTitle(l.name), fmt::compact(displayValue(l.value, l.unit))));
    }
    paintStateCurves(c, lane, laneRect, vMax);
    p.restore();
    paintStateReadout(c, lane, laneRect, vMax);
}

// Each value in the decisive one's unit as one path through its steps' curves: the decisive
// value in the lane's colour and dash, the others (the counter's previous and current
// windows) thin and muted. Up to the cursor in full colour, the future faded.
void LaneCanvas::paintStateCurves(PaintContext& c, const Lane& lane, const QRectF& laneRect, double vMax) const
{
    QPainter& p = c.p;
    const KeyHistory& history = lane.history;
    const std::vector<StateValue>& names = history.steps.front().state;
    const std::size_t decisive = decisiveValue(names);
    const auto [first, last] =
        stepsCovering(history, qint64(std::floor(c.range.first * 1e6)), qint64(std::ceil(c.range.second * 1e6)));
    const double nowX = xAt(m_nowUs, laneRect, c.range);
    for (std::size_t k = 0; k < names.size(); ++k) {
        if (names[k].unit != names[decisive].unit)
            continue;
        QPainterPath path;
        bool broken = true;
        for (int i = first; i <= last; ++i) {
            const auto& curves = history.steps[std::size_t(i)].curve;
            if (k >= curves.size())
                continue;
            for (const StatePoint& pt : curves[k].points) {
                const QPointF at(xAt(pt.t, laneRect, c.range), yAt(displayValue(pt.value, curves[k].unit), laneRect, vMax));
                if (broken)
                    path.moveTo(at);
                else
                    path.lineTo(at);
                broken = false;
            }
            broken = curves[k].cut;  // nothing is known from the cut to the next request
        }
        const bool main = k == decisive;
        QPen pen(main ? lane.style.color : c.muted, main ? 2.0 : 1.2);
        pen.setStyle(main ? lane.style.dash : Qt::SolidLine);
        p.setBrush(Qt::NoBrush);
        QColor faded = pen.color();
        faded.setAlphaF(0.28f);
        p.save();
        p.setClipRect(QRectF(laneRect.left(), laneRect.top() - 2, std::max(0.0, nowX - laneRect.left()), laneRect.height() + 4));
        p.setPen(pen);
        p.drawPath(path);
        p.setClipRect(QRectF(nowX, laneRect.top() - 2, std::max(0.0, laneRect.right() - nowX), laneRect.height() + 4));
        pen.setColor(faded);
        p.setPen(pen);
        p.drawPath(path);
        p.restore();
        if (!main && !path.isEmpty()) {
            p.setPen(c.muted);
            const QPointF end = path.pointAtPercent(1);
            if (end.x() < laneRect.right() - 80)
                p.drawText(end + QPointF(4, -3), stateTitle(names[k].name));
        }
    }
    // A dot where each decision left the decisive value, up to the cursor.
    p.setPen(Qt::NoPen);
    p.setBrush(lane.style.color);
    for (int i = first; i <= std::min(last, stepAtOrBefore(history, m_nowUs)); ++i) {
        const KeyStep& step = history.steps[std::size_t(i)];
        if (decisive < step.state.size())
            p.drawEllipse(QPointF(xAt(step.atUs, laneRect, c.range),
                                  yAt(displayValue(step.state[decisive].value, step.state[decisive].unit), laneRect, vMax)),
                          2.2, 2.2);
    }
}

// A ring on the decisive curve at the cursor and its value: what the engine holds then.
void LaneCanvas::paintStateReadout(PaintContext& c, const Lane& lane, const QRectF& laneRect, double vMax) const
{
    const KeyHistory& history = lane.history;
    const StateValue& primary = history.steps.front().state[decisiveValue(history.steps.front().state)];
    const std::optional<double> value = stateAt(history, primary.name, m_nowUs);
    const double x = xAt(m_nowUs, laneRect, c.range);
    if (!value || x < laneRect.left() || x > laneRect.right())
        return;
    QPainter& p = c.p;
    const double y = yAt(displayValue(*value, primary.unit), laneRect, vMax);
    p.setPen(QPen(c.text, 1.5));
    p.setBrush(c.bg);
    p.drawEllipse(QPointF(x, y), 4, 4);
    const QString text = readout(*value, primary, history);
    const int w = c.fm.horizontalAdvance(text) + 8;
    QRectF box(x + 8, std::clamp(y - c.fm.height() - 6, laneRect.top() + 2, laneRect.bottom() - c.fm.height() - 2), w,
               c.fm.height() + 2);
    if (box.right() > laneRect.right())
        box.moveRight(x - 8);
    p.fillRect(box, c.bg);
    p.setPen(c.text);
    p.drawText(box, Qt::AlignCenter, text);
}

// Fixed windows and the counter's windows as alternating bands, each with its count at the end.
void LaneCanvas::paintWindowBands(PaintContext& c, const Lane& lane, const QRectF& laneRect) const
{
    const KeyHistory& history = lane.history;
    const qint64 fromUs = qint64(std::floor(c.range.first * 1e6));
    const qint64 toUs = qint64(std::ceil(c.range.second * 1e6));
    const std::vector<SimTime> starts = windowStarts(history, fromUs, toUs);
    const Duration w = history.policy.windowUs;
    if (starts.empty() || w <= 0)
        return;
    const bool counter = stateAt(history, "current", starts.front()).has_value();
    QPainter& p = c.p;
    QColor band = c.grid;
    band.setAlphaF(0.45f);
    for (std::size_t i = 0; i <= starts.size(); ++i) {
        // The band before the first start in view, then one from each start.
        const qint64 begin = i == 0 ? starts.front() - w : starts[i - 1];
        const qint64 end = i < starts.size() ? starts[i] : begin + w;
        const QRectF r = spanRect(laneRect, c.range, begin, end);
        if (r.width() <= 0)
            continue;
        if (i % 2 == 0)
            p.fillRect(r, band);
        const std::optional<double> count = stateAt(history, counter ? "current" : "count", end - 1);
        const QString label = count ? fmt::compact(*count) : QString();
        if (count && r.width() > c.fm.horizontalAdvance(label) + 8 && stepAtOrBefore(history, end - 1) >= 0) {
            p.setPen(c.muted);
            p.drawText(r.adjusted(0, 2, -4, 0), Qt::AlignRight | Qt::AlignTop, label);
        }
    }
}

// At the cursor, on the request lane: the window the next decision looks at.
void LaneCanvas::paintCursorWindow(PaintContext& c, const Lane& lane, const QRectF& laneRect) const
{
    const KeyHistory& history = lane.history;
    if (stepAtOrBefore(history, m_nowUs) < 0)
        return;
    QPainter& p = c.p;
    QColor fill = lane.style.color;
    fill.setAlphaF(0.12f);
    const auto bracket = [&](qint64 fromUs, qint64 toUs, const QString& label) {
        const QRectF r = spanRect(laneRect, c.range, fromUs, toUs);
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
    if (stateAt(history, "oldest_us", m_nowUs) && w > 0) {
        // The sliding log counts what arrived in the window ending now.
        bracket(m_nowUs - w, m_nowUs, tr("last %1").arg(fmt::windowLength(w)));
    } else if ((stateAt(history, "previous_weight", m_nowUs) || stateAt(history, "previous_ttl", m_nowUs)) && w > 0) {
        // A sliding counter (ours, or python limits' with its previous_ttl) weighs the previous
        // window against the current one.
        const std::vector<SimTime> starts = windowStarts(history, m_nowUs - 2 * w, m_nowUs);
        if (starts.empty())
            return;  // no window began since the key's first request: its bounds are not in view
        const qint64 current = starts.back();
        bracket(current - w, current, tr("previous"));
        bracket(current, current + w, tr("current"));
    } else if (const std::optional<double> ahead = stateAt(history, "tat_minus_now", m_nowUs)) {
        // GCRA admits a request of cost 1 once TAT + T − τ has come: shade the wait.
        const StateValue* tau = limitNamed(history, "tau");
        const StateValue* interval = limitNamed(history, "emission_interval");
        if (!tau || !interval)
            return;
        const qint64 tat = m_nowUs + qint64(std::llround(*ahead));
        const qint64 admits = tat + qint64(std::llround(interval->value - tau->value));
        if (admits > m_nowUs)
            bracket(m_nowUs, admits, tr("rejects until TAT + T − τ"));
        const double x = xAt(tat, laneRect, c.range);
        if (x >= laneRect.left() && x <= laneRect.right()) {
            p.setPen(QPen(lane.style.color, 1.5));
            p.drawLine(QPointF(x, laneRect.top() + 2), QPointF(x, laneRect.bottom() - 2));
            p.setPen(c.muted);
            p.drawText(QPointF(x + 3, laneRect.bottom() - 4), QStringLiteral("TAT"));
        }
    }
}

}  // namespace ratelab
