#include "app/gui/canvases/lanecanvas.h"

#include "app/gui/canvases/lanemouseeditor.h"
#include "app/gui/canvases/lanepaint.h"
#include "app/gui/canvases/requestlanepainter.h"
#include "app/gui/canvases/statelanepainter.h"
#include "app/models/plotdata/lanestate.h"
#include "app/models/style/fonts.h"
#include "app/models/text/formatting.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {

bool hasState(const LaneCanvas::Lane& lane)
{
    return !lane.history.steps.empty() && !lane.history.steps.front().state.empty();
}

}  // namespace

LaneCanvas::LaneCanvas(QWidget* parent) : QWidget(parent), m_editor(new LaneMouseEditor(m_scale, this))
{
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::ClickFocus);
}

void LaneCanvas::setLanes(const QList<Lane>& lanes)
{
    m_lanes = lanes;
    std::vector<SimTime> atUs;
    if (!m_lanes.isEmpty())
        for (const KeyStep& step : m_lanes.front().history.steps)
            atUs.push_back(step.atUs);
    m_scale.setRequests(std::move(atUs));
    update();
}

void LaneCanvas::setCurrent(int step)
{
    m_current = step;
    update();
}

void LaneCanvas::setNow(qint64 nowUs)
{
    m_scale.setNow(nowUs);
    update();
}

void LaneCanvas::setDark(bool dark)
{
    m_dark = dark;
    m_dots.setDark(dark);
    update();
}

void LaneCanvas::fitAround(int step)
{
    m_scale.fitAround(step);
    update();
}

void LaneCanvas::fitSpan(qint64 fromUs, qint64 toUs)
{
    m_scale.fitSpan(fromUs, toUs);
    update();
}

void LaneCanvas::setEditable(bool editable)
{
    m_editor->setOn(editable);
    m_scale.setFrozen(editable);
    update();
}

void LaneCanvas::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFont small = style::labelFont(font());
    LanePaint c{p,
                palette::chartBackground(m_dark),
                palette::textColor(m_dark),
                palette::mutedTextColor(m_dark),
                palette::gridColor(m_dark),
                QFontMetrics(small),
                {},
                {},
                0,
                {},
                0,
                1};
    p.fillRect(rect(), c.bg);
    p.setFont(small);

    if (m_lanes.isEmpty() || (m_scale.requestCount() == 0 && !m_editor->isOn())) {
        p.setPen(c.muted);
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   m_lanes.isEmpty() ? tr("Pick a key and an algorithm to follow its requests step by step.")
                                     : tr("This key sent no requests to this algorithm."));
        return;
    }

    const double stateHeight = layOut(c);
    paintTimeAxis(c);
    const RequestLanePainter requests(c, m_dots);
    double y = c.area.top();
    for (const Lane& lane : m_lanes) {
        // The first lane's current step is the one stepped to; another lane's (whose retries
        // differ) the one at the cursor's time.
        const int current = &lane == &m_lanes.front() ? m_current : stepAtOrBefore(lane.history, c.nowUs);
        requests.paint(lane, QRectF(c.plot.left(), y, c.plot.width(), kRequestLaneHeight), current);
        y += kRequestLaneHeight + kLaneGap;
    }
    m_scale.setLayout(c.plot, y);
    const StateLanePainter states(c);
    for (const Lane& lane : m_lanes) {
        if (!hasState(lane))
            continue;
        states.paint(lane, QRectF(c.plot.left(), y + 4, c.plot.width(), stateHeight - 8));
        y += stateHeight + kLaneGap;
    }
    paintNowCursor(c);
}

double LaneCanvas::layOut(LanePaint& c)
{
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
    c.gutter = gutter + 24;
    c.area = QRectF(rect()).adjusted(0, 6, -16, 0);
    c.plot = QRectF(c.area.left() + c.gutter, c.area.top(), c.area.width() - c.gutter, c.area.height() - kLaneAxisHeight);
    c.range = m_scale.visibleSeconds();
    c.nowUs = m_scale.nowUs();
    c.dpr = devicePixelRatioF();
    const double requestsHeight = kRequestLaneHeight * m_lanes.size();
    const double stateTotal = c.area.height() - requestsHeight - kLaneAxisHeight - kLaneGap * (m_lanes.size() + 1);
    return std::max(60.0, stateTotal / std::max<qsizetype>(1, std::count_if(m_lanes.begin(), m_lanes.end(), hasState)));
}

void LaneCanvas::paintTimeAxis(LanePaint& c) const
{
    QPainter& p = c.p;
    const QRectF& plot = c.plot;
    const auto& range = c.range;
    const std::vector<double> ticks = fmt::niceTicks(range.first, range.second, std::max(3, int(plot.width() / 110)));
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    p.setPen(QPen(c.grid, 1));
    for (double t : ticks) {
        const double x = LaneTimeScale::toX(t, plot, range);
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
    p.setPen(c.text);
    for (double t : ticks) {
        const double x = LaneTimeScale::toX(t, plot, range);
        const QString label = QString::number(t, 'f', step >= 1 ? 0 : std::clamp(int(std::ceil(-std::log10(step))), 0, 6));
        p.drawText(QRectF(x - 50, plot.bottom() + 2, 100, c.fm.height()), Qt::AlignHCenter | Qt::AlignTop, label);
    }
    p.drawText(QRectF(plot.left(), plot.bottom() + 2 + c.fm.height(), plot.width(), c.fm.height()), Qt::AlignHCenter,
               tr("time (s) from the scenario start"));
    p.setPen(QPen(c.muted, 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
}

void LaneCanvas::paintNowCursor(LanePaint& c) const
{
    // Across every lane.
    QPainter& p = c.p;
    const QRectF& plot = c.plot;
    const double nowX = LaneTimeScale::xAt(c.nowUs, plot, c.range);
    if (nowX < plot.left() || nowX > plot.right())
        return;
    p.setPen(QPen(c.text, 1.2, Qt::DashLine));
    p.drawLine(QPointF(nowX, plot.top()), QPointF(nowX, plot.bottom()));
    const QString label = fmt::simTime(c.nowUs);
    const int w = c.fm.horizontalAdvance(label) + 8;
    QRectF box(std::min(nowX + 4, plot.right() - w), plot.top(), w, c.fm.height() + 2);
    p.fillRect(box, c.bg);
    p.setPen(c.text);
    p.drawText(box, Qt::AlignCenter, label);
}

void LaneCanvas::wheelEvent(QWheelEvent* event)
{
    if (m_scale.requestCount() == 0 && !m_scale.isFrozen())
        return;
    m_scale.zoom(event->angleDelta().y() / 120.0);
    update();
    event->accept();
}

void LaneCanvas::emitScrub(double x)
{
    if (m_scale.requestCount() == 0 || m_scale.plot().width() <= 0)
        return;
    emit scrubbed(m_scale.timeAt(x));
}

void LaneCanvas::mousePressEvent(QMouseEvent* event)
{
    if (m_editor->press(event))
        return;
    if (event->button() == Qt::LeftButton)
        emitScrub(event->position().x());
}

void LaneCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_editor->drag(event))
        return;
    if (event->buttons() & Qt::LeftButton)
        emitScrub(event->position().x());
}

void LaneCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    m_editor->release();
    QWidget::mouseReleaseEvent(event);
}

}  // namespace ratelab
