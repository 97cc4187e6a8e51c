#include "app/gui/canvases/lanecanvas.h"

#include "app/models/plotdata/lanestate.h"
#include "app/models/style/fonts.h"
#include "app/models/text/formatting.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {
constexpr double kRequestLaneHeight = 34;
constexpr double kAxisHeight = 30;
constexpr double kLaneGap = 8;
constexpr double kDotRadius = 5.5;  // a request dot; the current one is 1.35 times larger
constexpr int kAutoSteps = 60;      // requests visible in the automatic span
constexpr int kFitSteps = 30;       // requests on either side of a step a fitted burst holds at most

double seconds(qint64 us)
{
    return double(us) / 1e6;
}

}  // namespace

LaneCanvas::LaneCanvas(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::ClickFocus);
}

void LaneCanvas::setLanes(const QList<Lane>& lanes)
{
    m_lanes = lanes;
    m_spanSeconds = 0;
    m_fittedFrom.reset();
    update();
}

void LaneCanvas::fitAround(int step)
{
    const int n = stepCount();
    if (step < 0 || step >= n)
        return;
    const auto& steps = m_lanes.front().history.steps;
    // The neighbourhood's median gap; the burst is what lies within four of them of the next.
    std::vector<qint64> gaps;
    for (int i = std::max(1, step - 15); i <= std::min(n - 1, step + 15); ++i)
        gaps.push_back(steps[std::size_t(i)].atUs - steps[std::size_t(i - 1)].atUs);
    if (gaps.empty())
        return;
    std::nth_element(gaps.begin(), gaps.begin() + gaps.size() / 2, gaps.end());
    const qint64 near = std::max<qint64>(1000, 4 * gaps[gaps.size() / 2]);
    int lo = step;
    int hi = step;
    while (lo > 0 && step - lo < kFitSteps && steps[std::size_t(lo)].atUs - steps[std::size_t(lo - 1)].atUs <= near)
        --lo;
    while (hi + 1 < n && hi - step < kFitSteps && steps[std::size_t(hi + 1)].atUs - steps[std::size_t(hi)].atUs <= near)
        ++hi;
    fitSpan(steps[std::size_t(lo)].atUs, steps[std::size_t(hi)].atUs);
}

void LaneCanvas::fitSpan(qint64 fromUs, qint64 toUs)
{
    const double extent = std::max(0.02, seconds(toUs - fromUs));
    m_spanSeconds = extent * 1.5;
    m_fittedFrom = seconds(fromUs) - extent * 0.25;
    update();
}

void LaneCanvas::setCurrent(int step)
{
    m_current = step;
    update();
}

void LaneCanvas::setNow(qint64 nowUs)
{
    m_nowUs = nowUs;
    update();
}

void LaneCanvas::setDark(bool dark)
{
    m_dark = dark;
    m_dots.clear();  // their outline follows the theme
    update();
}

int LaneCanvas::stepCount() const
{
    return m_lanes.isEmpty() ? 0 : int(m_lanes.front().history.steps.size());
}

qint64 LaneCanvas::firstUs() const
{
    return stepCount() > 0 ? m_lanes.front().history.steps.front().atUs : 0;
}

qint64 LaneCanvas::lastUs() const
{
    return stepCount() > 0 ? m_lanes.front().history.steps.back().atUs : 0;
}

std::pair<double, double> LaneCanvas::visibleRange() const
{
    if (m_frozenRange)
        return *m_frozenRange;
    if (stepCount() == 0)
        return {0, 1};
    const auto& steps = m_lanes.front().history.steps;
    const double first = seconds(steps.front().atUs);
    const double last = seconds(steps.back().atUs);
    const double total = std::max(1e-3, last - first);
    double span = m_spanSeconds;
    if (span <= 0) {
        const std::size_t k = std::min<std::size_t>(steps.size() - 1, kAutoSteps);
        span = std::max(0.05, seconds(steps[k].atUs) - first);
    }
    const double pad = 0.04;
    if (span >= total)
        return {first - total * pad, last + total * pad};
    const double now = seconds(m_nowUs);
    // A range fitted to a burst stays while the cursor is in it; else the cursor sits at two
    // thirds of the width.
    if (m_fittedFrom && now >= *m_fittedFrom && now <= *m_fittedFrom + span)
        return {*m_fittedFrom, *m_fittedFrom + span};
    double lo = now - span * 2.0 / 3.0;
    lo = std::clamp(lo, first - span * pad, last + span * pad - span);
    return {lo, lo + span};
}

double LaneCanvas::toX(double s, const QRectF& plot, const std::pair<double, double>& range) const
{
    return plot.left() + (s - range.first) / (range.second - range.first) * plot.width();
}

void LaneCanvas::drawDot(QPainter& p, QPointF c, double r, const KeyStep& step, const QColor& color) const
{
    const Decision& d = step.decision;
    const DotShape shape = !d.allowed ? DotShape::Rejected : d.delayUs > 0 ? DotShape::Delayed : DotShape::Allowed;
    const double dpr = devicePixelRatioF();
    // rgba (32 bits), shape (2), radius in 1/100 px (12), device pixel ratio in 1/100 (15), retry (1).
    const quint64 key = quint64(color.rgba()) | quint64(shape) << 32 | quint64(std::lround(r * 100) & 0xfff) << 34
        | quint64(std::lround(dpr * 100) & 0x7fff) << 46 | quint64(step.retry) << 61;
    auto it = m_dots.constFind(key);
    if (it == m_dots.constEnd())
        it = m_dots.insert(key, renderDot(shape, step.retry, r, color));
    const double half = it->width() / it->devicePixelRatio() / 2;
    // At whole device pixels: a pixmap drawn in between would be resampled, blurred.
    p.drawPixmap(QPointF(std::round((c.x() - half) * dpr) / dpr, std::round((c.y() - half) * dpr) / dpr), *it);
}

QPixmap LaneCanvas::renderDot(DotShape shape, bool retry, double r, const QColor& color) const
{
    const double dpr = devicePixelRatioF();
    const int side = int(std::ceil(2 * r + 6));
    QPixmap pixmap(QSize(side, side) * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const QPointF c(side / 2.0, side / 2.0);
    // A first try is a disc, a retry a diamond of about the same area.
    QPainterPath outline;
    if (retry) {
        const double d = r * 1.3;
        outline.moveTo(c.x(), c.y() - d);
        outline.lineTo(c.x() + d, c.y());
        outline.lineTo(c.x(), c.y() + d);
        outline.lineTo(c.x() - d, c.y());
        outline.closeSubpath();
    } else {
        outline.addEllipse(c, r, r);
    }
    switch (shape) {
    case DotShape::Rejected: {
        // Hollow, with a cross.
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(color, 1.8));
        p.drawPath(outline);
        const double k = r * 0.6;
        p.drawLine(QPointF(c.x() - k, c.y() - k), QPointF(c.x() + k, c.y() + k));
        p.drawLine(QPointF(c.x() - k, c.y() + k), QPointF(c.x() + k, c.y() - k));
        break;
    }
    case DotShape::Delayed: {
        // Half filled: the lower half.
        p.setPen(QPen(color, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawPath(outline);
        p.setClipRect(QRectF(0, c.y(), side, side));
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawPath(outline);
        break;
    }
    case DotShape::Allowed: {
        QColor edge = palette::textColor(m_dark);
        edge.setAlphaF(0.4f);
        p.setPen(QPen(edge, 1));
        p.setBrush(color);
        p.drawPath(outline);
        break;
    }
    }
    return pixmap;
}

void LaneCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFont small = style::labelFont(font());
    PaintContext c{p,
                   palette::chartBackground(m_dark),
                   palette::textColor(m_dark),
                   palette::mutedTextColor(m_dark),
                   palette::gridColor(m_dark),
                   QFontMetrics(small),
                   {},
                   {}};
    p.fillRect(rect(), c.bg);
    p.setFont(small);

    if (m_lanes.isEmpty() || (stepCount() == 0 && !m_editable)) {
        p.setPen(c.muted);
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   m_lanes.isEmpty() ? tr("Pick a key and an algorithm to follow its requests step by step.")
                                     : tr("This key sent no requests to this algorithm."));
        return;
    }

    // One left gutter for every lane: the widest label.
    int gutter = 0;
    for (const Lane& lane : m_lanes) {
        gutter = std::max(gutter, c.fm.horizontalAdvance(lane.label));
        if (lane.history.steps.empty())
            continue;  // B may have no requests of the key (a closed loop that sent it none)
        for (const StateValue& v : lane.history.steps.front().state)
            gutter = std::max(
                gutter,
                c.fm.horizontalAdvance(stateTitle(v.name) + QStringLiteral(" (") + displayUnit(v.unit) + QLatin1Char(')')));
    }
    m_gutter = gutter + 24;
    c.area = QRectF(rect()).adjusted(0, 6, -16, 0);
    const double requestsHeight = kRequestLaneHeight * m_lanes.size();
    const double stateTotal = c.area.height() - requestsHeight - kAxisHeight - kLaneGap * (m_lanes.size() + 1);
    const auto hasState = [](const Lane& lane) {
        return !lane.history.steps.empty() && !lane.history.steps.front().state.empty();
    };
    const double stateHeight =
        std::max(60.0, stateTotal / std::max<qsizetype>(1, std::count_if(m_lanes.begin(), m_lanes.end(), hasState)));
    m_plot = QRectF(c.area.left() + m_gutter, c.area.top(), c.area.width() - m_gutter, c.area.height() - kAxisHeight);
    c.range = visibleRange();

    paintTimeAxis(c);
    double y = c.area.top();
    for (const Lane& lane : m_lanes) {
        paintRequestLane(c, lane, QRectF(m_plot.left(), y, m_plot.width(), kRequestLaneHeight));
        y += kRequestLaneHeight + kLaneGap;
    }
    m_requestLanesBottom = y;
    for (const Lane& lane : m_lanes) {
        if (!hasState(lane))
            continue;
        paintStateLane(c, lane, QRectF(m_plot.left(), y + 4, m_plot.width(), stateHeight - 8));
        y += stateHeight + kLaneGap;
    }
    paintNowCursor(c);
}

void LaneCanvas::paintTimeAxis(PaintContext& c) const
{
    QPainter& p = c.p;
    const auto& range = c.range;
    const std::vector<double> ticks = fmt::niceTicks(range.first, range.second, std::max(3, int(m_plot.width() / 110)));
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    p.setPen(QPen(c.grid, 1));
    for (double t : ticks) {
        const double x = toX(t, m_plot, range);
        p.drawLine(QPointF(x, m_plot.top()), QPointF(x, m_plot.bottom()));
    }
    p.setPen(c.text);
    for (double t : ticks) {
        const double x = toX(t, m_plot, range);
        const QString label = QString::number(t, 'f', step >= 1 ? 0 : std::clamp(int(std::ceil(-std::log10(step))), 0, 6));
        p.drawText(QRectF(x - 50, m_plot.bottom() + 2, 100, c.fm.height()), Qt::AlignHCenter | Qt::AlignTop, label);
    }
    p.drawText(QRectF(m_plot.left(), m_plot.bottom() + 2 + c.fm.height(), m_plot.width(), c.fm.height()), Qt::AlignHCenter,
               tr("time (s) from the scenario start"));
    p.setPen(QPen(c.muted, 1));
    p.drawLine(m_plot.bottomLeft(), m_plot.bottomRight());
}

void LaneCanvas::paintRequestLane(PaintContext& c, const Lane& lane, const QRectF& laneRect) const
{
    QPainter& p = c.p;
    const double dotR = kDotRadius;
    p.setPen(c.text);
    p.drawText(QRectF(c.area.left() + 6, laneRect.top(), m_gutter - 10, kRequestLaneHeight), Qt::AlignVCenter | Qt::AlignLeft,
               lane.label);
    p.setPen(QPen(c.grid, 1));
    p.drawLine(QPointF(laneRect.left(), laneRect.center().y()), QPointF(laneRect.right(), laneRect.center().y()));
    p.save();
    p.setClipRect(laneRect.adjusted(-dotR - 2, 0, dotR + 2, 0));
    paintCursorWindow(c, lane, laneRect);
    const auto& steps = lane.history.steps;
    if (steps.empty()) {
        p.setPen(c.muted);
        p.drawText(laneRect.adjusted(8, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft, lane.emptyText);
    }
    // The first lane's current step is the one stepped to; another lane's (whose retries
    // differ) the one at the cursor's time.
    const int current = &lane == &m_lanes.front() ? m_current : stepAtOrBefore(lane.history, m_nowUs);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const double s = seconds(steps[i].atUs);
        const double x = toX(s, laneRect, c.range);
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
            const double fx = toX(s + seconds(steps[i].decision.delayUs), laneRect, c.range);
            p.setPen(QPen(color, 1.2));
            p.drawLine(QPointF(x + dotR, center.y() + dotR + 3), QPointF(fx, center.y() + dotR + 3));
            p.drawLine(QPointF(fx, center.y() + dotR + 3), QPointF(fx - 4, center.y() + dotR));
            p.drawText(QPointF(x + dotR + 4, center.y() - dotR - 1), tr("held %1").arg(fmt::duration(steps[i].decision.delayUs)));
        }
        const double r = int(i) == current ? dotR * 1.35 : dotR;
        drawDot(p, center, r, steps[i], color);
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

void LaneCanvas::paintNowCursor(PaintContext& c) const
{
    // Across every lane.
    QPainter& p = c.p;
    const double nowX = toX(seconds(m_nowUs), m_plot, c.range);
    if (nowX < m_plot.left() || nowX > m_plot.right())
        return;
    p.setPen(QPen(c.text, 1.2, Qt::DashLine));
    p.drawLine(QPointF(nowX, m_plot.top()), QPointF(nowX, m_plot.bottom()));
    const QString label = fmt::simTime(m_nowUs);
    const int w = c.fm.horizontalAdvance(label) + 8;
    QRectF box(std::min(nowX + 4, m_plot.right() - w), m_plot.top(), w, c.fm.height() + 2);
    p.fillRect(box, c.bg);
    p.setPen(c.text);
    p.drawText(box, Qt::AlignCenter, label);
}

void LaneCanvas::wheelEvent(QWheelEvent* event)
{
    if (stepCount() == 0 && !m_frozenRange)
        return;
    const auto range = visibleRange();
    const double span = range.second - range.first;
    const double notches = event->angleDelta().y() / 120.0;
    m_spanSeconds = std::max(0.01, span * std::pow(1.25, -notches));
    if (m_frozenRange) {  // around the middle
        const double mid = (range.first + range.second) / 2;
        m_frozenRange = std::make_pair(mid - m_spanSeconds / 2, mid + m_spanSeconds / 2);
    }
    m_fittedFrom.reset();
    update();
    event->accept();
}

qint64 LaneCanvas::timeAt(double x) const
{
    const auto range = visibleRange();
    return qint64(std::llround((range.first + (x - m_plot.left()) / m_plot.width() * (range.second - range.first)) * 1e6));
}

void LaneCanvas::emitScrub(double x)
{
    if (stepCount() == 0 || m_plot.width() <= 0)
        return;
    emit scrubbed(timeAt(x));
}

void LaneCanvas::setEditable(bool editable)
{
    m_editable = editable;
    m_dragged = -1;
    m_frozenRange.reset();
    if (editable)
        m_frozenRange = visibleRange();
    update();
}

QPointF LaneCanvas::requestPoint(int lane, qint64 atUs) const
{
    return {toX(seconds(atUs), m_plot, visibleRange()),
            m_plot.top() + lane * (kRequestLaneHeight + kLaneGap) + kRequestLaneHeight / 2};
}

int LaneCanvas::requestNear(QPointF at) const
{
    if (m_lanes.isEmpty() || at.y() < m_plot.top() || at.y() > m_requestLanesBottom)
        return -1;
    const auto& steps = m_lanes.front().history.steps;
    int best = -1;
    double bestDistance = kDotRadius * 1.6;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const double d = std::abs(requestPoint(0, steps[i].atUs).x() - at.x());
        if (d < bestDistance) {
            best = int(i);
            bestDistance = d;
        }
    }
    return best;
}

bool LaneCanvas::editPress(QMouseEvent* event)
{
    const QPointF at = event->position();
    if (!m_editable || at.y() < m_plot.top() || at.y() > m_requestLanesBottom || at.x() < m_plot.left())
        return false;
    const int hit = requestNear(at);
    if (event->button() == Qt::RightButton) {
        if (hit >= 0)
            emit requestRemoved(hit);
    } else if (event->button() == Qt::LeftButton) {
        if (hit >= 0)
            m_dragged = hit;
        else
            emit requestAdded(timeAt(at.x()));
    }
    return true;
}

void LaneCanvas::mousePressEvent(QMouseEvent* event)
{
    if (editPress(event))
        return;
    if (event->button() == Qt::LeftButton)
        emitScrub(event->position().x());
}

void LaneCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragged >= 0 && (event->buttons() & Qt::LeftButton)) {
        emit requestMoved(m_dragged, std::max<qint64>(0, timeAt(event->position().x())));
        return;
    }
    if (event->buttons() & Qt::LeftButton)
        emitScrub(event->position().x());
}

void LaneCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    m_dragged = -1;
    QWidget::mouseReleaseEvent(event);
}

}  // namespace ratelab
