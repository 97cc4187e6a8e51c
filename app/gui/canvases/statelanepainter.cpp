#include "app/gui/canvases/statelanepainter.h"

#include "app/gui/canvases/lanepaint.h"
#include "app/gui/canvases/lanetimescale.h"
#include "app/models/plotdata/lanestate.h"
#include "app/models/text/formatting.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace ratelab {
namespace {

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

void StateLanePainter::paint(const LaneCanvas::Lane& lane, const QRectF& laneRect) const
{
    LanePaint& c = m_c;
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
    paintWindowBands(lane, laneRect);
    p.setPen(c.text);
    p.drawText(QRectF(c.area.left() + 6, laneRect.top(), c.gutter - 10, c.fm.height() * 2 + 4), Qt::AlignLeft | Qt::AlignTop,
               lane.label.section(QLatin1Char(' '), 0, 0) + QLatin1Char(' ') + stateTitle(primary.name) + QStringLiteral("\n(")
                   + displayUnit(primary.unit) + QLatin1Char(')'));
    p.setPen(c.muted);
    p.drawText(QRectF(c.area.left(), laneRect.bottom() - c.fm.height(), c.gutter - 6, c.fm.height()), Qt::AlignRight,
               QStringLiteral("0"));
    for (double v : fmt::niceTicks(0, vMax, 3)) {
        if (v <= 0)
            continue;
        p.setPen(QPen(c.grid, 1, Qt::DotLine));
        p.drawLine(QPointF(laneRect.left(), yAt(v, laneRect, vMax)), QPointF(laneRect.right(), yAt(v, laneRect, vMax)));
        p.setPen(c.muted);
        p.drawText(QRectF(c.area.left(), yAt(v, laneRect, vMax) - c.fm.height() / 2.0, c.gutter - 6, c.fm.height()),
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
    paintCurves(lane, laneRect, vMax);
    p.restore();
    paintReadout(lane, laneRect, vMax);
}

// Each value in the decisive one's unit as one path through its steps' curves: the decisive
// value in the lane's colour and dash, the others (the counter's previous and current
// windows) thin and muted. Up to the cursor in full colour, the future faded.
void StateLanePainter::paintCurves(const LaneCanvas::Lane& lane, const QRectF& laneRect, double vMax) const
{
    LanePaint& c = m_c;
    QPainter& p = c.p;
    const KeyHistory& history = lane.history;
    const std::vector<StateValue>& names = history.steps.front().state;
    const std::size_t decisive = decisiveValue(names);
    const auto [first, last] =
        stepsCovering(history, qint64(std::floor(c.range.first * 1e6)), qint64(std::ceil(c.range.second * 1e6)));
    const double nowX = LaneTimeScale::xAt(c.nowUs, laneRect, c.range);
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
                const QPointF at(LaneTimeScale::xAt(pt.t, laneRect, c.range),
                                 yAt(displayValue(pt.value, curves[k].unit), laneRect, vMax));
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
    for (int i = first; i <= std::min(last, stepAtOrBefore(history, c.nowUs)); ++i) {
        const KeyStep& step = history.steps[std::size_t(i)];
        if (decisive < step.state.size())
            p.drawEllipse(QPointF(LaneTimeScale::xAt(step.atUs, laneRect, c.range),
                                  yAt(displayValue(step.state[decisive].value, step.state[decisive].unit), laneRect, vMax)),
                          2.2, 2.2);
    }
}

// A ring on the decisive curve at the cursor and its value: what the engine holds then.
void StateLanePainter::paintReadout(const LaneCanvas::Lane& lane, const QRectF& laneRect, double vMax) const
{
    LanePaint& c = m_c;
    const KeyHistory& history = lane.history;
    const StateValue& primary = history.steps.front().state[decisiveValue(history.steps.front().state)];
    const std::optional<double> value = stateAt(history, primary.name, c.nowUs);
    const double x = LaneTimeScale::xAt(c.nowUs, laneRect, c.range);
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
void StateLanePainter::paintWindowBands(const LaneCanvas::Lane& lane, const QRectF& laneRect) const
{
    LanePaint& c = m_c;
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
        const QRectF r = LaneTimeScale::spanRect(laneRect, c.range, begin, end);
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

}  // namespace ratelab
