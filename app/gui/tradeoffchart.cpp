#include "app/gui/tradeoffchart.h"

#include "app/gui/niceaxis.h"
#include "app/models/formatting.h"
#include "app/models/palette.h"

#include <QGraphicsLineItem>
#include <QGraphicsPolygonItem>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QToolTip>

#include <cmath>
#include <limits>

namespace ratelab {

TradeoffChart::TradeoffChart(QWidget* parent) : ChartView(parent)
{
    setChartTitle(tr("Advisor: limit vs cost"));
    setFocusPolicy(Qt::StrongFocus);  // Left/Right step the target
    m_x = new NiceAxis([](double v, double) { return fmt::compact(v); }, NiceAxis::Scale::Log10, this);
    m_left = new NiceAxis([](double v, double) { return QString::number(v, 'f', 0) + QLatin1Char('%'); },
                          NiceAxis::Scale::Linear, this);
    m_left->setTargetTicks(5);
    m_right = new NiceAxis([](double v, double step) { return NiceAxis::plain(v, step) + QLatin1Char('%'); },
                           NiceAxis::Scale::Linear, this);
    m_right->setTargetTicks(5);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_left, Qt::AlignLeft);
    chart()->addAxis(m_right, Qt::AlignRight);

    m_kept = new QLineSeries(this);  // first: ChartView maps the mouse through it
    m_keptDots = new QScatterSeries(this);
    m_keptDots->setMarkerSize(6);
    m_rejected = new QLineSeries(this);
    for (QXYSeries* s : {static_cast<QXYSeries*>(m_kept), static_cast<QXYSeries*>(m_keptDots)}) {
        chart()->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_left);
    }
    chart()->addSeries(m_rejected);
    m_rejected->attachAxis(m_x);
    m_rejected->attachAxis(m_right);

    m_line = new QGraphicsLineItem(chart());
    m_line->setZValue(12);
    m_handle = new QGraphicsPolygonItem(chart());
    m_handle->setZValue(12);
    m_empty = new QGraphicsSimpleTextItem(chart());
    m_empty->setZValue(10);
    setCurve(nullptr, -1, AdvisorTarget::Keys);
}

const Recommendation* TradeoffChart::recommendation() const
{
    if (!m_result || m_recommendation < 0 || std::size_t(m_recommendation) >= m_result->recommendations.size())
        return nullptr;
    return &m_result->recommendations[std::size_t(m_recommendation)];
}

int TradeoffChart::gridSize() const
{
    return int(m_gridX.size());
}

const CurvePoint* TradeoffChart::targetPoint() const
{
    const Recommendation* rec = recommendation();
    return rec && m_target >= 0 && m_target < gridSize() ? &rec->curve[std::size_t(m_target)] : nullptr;
}

double TradeoffChart::limitAt(int index) const
{
    return index >= 0 && index < gridSize() ? std::pow(10.0, m_gridX[index]) : 0.0;
}

double TradeoffChart::keptShare(const CurvePoint& p) const
{
    const std::int64_t total = targetTotal(*m_result, m_by);
    return total > 0 ? double(keptCount(p, m_by)) / double(total) : 1.0;
}

void TradeoffChart::setCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by)
{
    // A result arriving mid-drag keeps the line where the mouse holds it.
    const double draggedX = m_dragging && m_target >= 0 && m_target < gridSize() ? m_gridX[m_target]
                                                                                 : std::numeric_limits<double>::quiet_NaN();
    m_result = std::move(result);
    m_recommendation = recommendation;
    m_by = by;
    m_gridX.clear();
    m_target = -1;
    QList<QPointF> kept;
    QList<QPointF> rejected;
    double lowestKept = 100;
    double mostRejected = 0;
    if (const Recommendation* rec = this->recommendation()) {
        const ParameterFamily* family = findFamily(rec->algorithm);
        for (std::size_t i = 0; family && i < rec->curve.size(); ++i) {
            const CurvePoint& p = rec->curve[i];
            const double x = std::log10(sustainedPerSecond(*family, p.value, m_result->options.windowUs));
            m_gridX.append(x);
            kept.append(QPointF(x, 100 * keptShare(p)));
            rejected.append(QPointF(x, 100 * p.requestsRejectedShare));
            lowestKept = std::min(lowestKept, kept.back().y());
            mostRejected = std::max(mostRejected, rejected.back().y());
            if (p.value == rec->value)
                m_target = int(i);
        }
    }
    if (std::isfinite(draggedX))
        for (int i = 0; i < gridSize(); ++i)
            if (m_target < 0 || std::abs(m_gridX[i] - draggedX) < std::abs(m_gridX[m_target] - draggedX))
                m_target = i;
    if (!m_gridX.isEmpty())
        m_xRange = {std::log10(fmt::niceFloor(std::pow(10.0, m_gridX.front()))),
                    std::log10(fmt::niceCeil(std::pow(10.0, m_gridX.back())))};
    m_kept->replace(kept);  // at most ~25 points: no downsampling needed
    m_keptDots->replace(kept);
    m_rejected->replace(rejected);
    m_left->setNiceRange(std::min(90.0, std::floor(lowestKept / 10) * 10), 100);
    const double step = fmt::niceStep(std::max(mostRejected, 0.1), 5);
    m_rejectedTop = std::ceil(std::max(mostRejected, 0.1) / step) * step;

    const bool empty = m_gridX.isEmpty();
    for (QAbstractAxis* axis : chart()->axes())
        axis->setVisible(!empty);
    m_empty->setVisible(empty);
    m_empty->setText(m_result ? tr("No curve for this algorithm") : tr("The advisor's curve appears once a log is imported"));
    restyle();
    refreshNow();
}

void TradeoffChart::setTargetIndex(int index)
{
    if (m_gridX.isEmpty())
        return;
    m_target = std::clamp(index, 0, gridSize() - 1);
    layoutOverlays();
}

void TradeoffChart::moveTarget(int index)
{
    index = std::clamp(index, 0, gridSize() - 1);
    if (index == m_target)
        return;
    m_target = index;
    layoutOverlays();
    emit targetMoved(index);
}

QString TradeoffChart::readout() const
{
    const CurvePoint* p = targetPoint();
    if (!p)
        return {};
    const QString limit = fmt::ratePerSecond(limitAt(m_target));
    const QString rejected = fmt::share(p->requestsRejectedShare, 2);
    if (m_by == AdvisorTarget::Requests)
        return tr("%1: %2 of requests from keys never throttled (%3 of keys), %4 of requests rejected")
            .arg(limit, fmt::share(keptShare(*p)), fmt::share(p->keysUnthrottledShare), rejected);
    return tr("%1: %2 of keys never throttled, %3 of requests rejected").arg(limit, fmt::share(p->keysUnthrottledShare), rejected);
}

std::pair<double, double> TradeoffChart::fullXRange() const
{
    return m_xRange;
}

void TradeoffChart::refresh()
{
    m_x->setNiceRange(m_xRange.first, m_xRange.second);
    m_right->setNiceRange(0, m_rejectedTop);
}

void TradeoffChart::restyle()
{
    const bool dark = isDark();
    const Recommendation* rec = recommendation();
    styleAxis(m_x, rec ? tr("limit (req/s, log): %1 per %2").arg(QString::fromStdString(rec->parameter),
                                                                  fmt::windowLength(m_result->options.windowUs))
                       : QString());
    styleAxis(m_left, m_by == AdvisorTarget::Keys ? tr("keys never throttled (%, solid)")
                                                  : tr("requests of keys never throttled (%, solid)"));
    styleAxis(m_right, tr("requests rejected (%, dashed)"));
    m_right->setGridLineVisible(false);
    const QColor color = palette::familyColor(rec ? rec->algorithm : std::string(), dark);
    m_kept->setPen(QPen(color, 2));
    QPen dashed(color, 2, Qt::DashLine);
    m_rejected->setPen(dashed);
    QColor outline = palette::textColor(dark);
    outline.setAlphaF(0.4f);
    m_keptDots->setBrush(color);
    m_keptDots->setPen(QPen(outline, 1));
    m_kept->setName(rec ? QString::fromStdString(rec->algorithm) : QString());
    const QColor text = palette::textColor(dark);
    m_line->setPen(QPen(text, hasFocus() ? 2.5 : 1.5));
    m_handle->setBrush(text);
    m_handle->setPen(Qt::NoPen);
    QFont f = labelFont();
    f.setPointSizeF(f.pointSizeF() + 1);
    m_empty->setFont(f);
    m_empty->setBrush(palette::mutedTextColor(dark));
}

double TradeoffChart::targetPixelX() const
{
    if (m_target < 0 || m_target >= gridSize())
        return std::numeric_limits<double>::quiet_NaN();
    return chart()->mapToPosition(QPointF(m_gridX[m_target], 0), m_kept).x();
}

int TradeoffChart::nearestIndex(double xPixels) const
{
    int best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (int i = 0; i < gridSize(); ++i) {
        const double d = std::abs(chart()->mapToPosition(QPointF(m_gridX[i], 0), m_kept).x() - xPixels);
        if (d < bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return best;
}

void TradeoffChart::layoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    if (m_gridX.isEmpty()) {
        m_line->hide();
        m_handle->hide();
        const QRectF area = chart()->geometry();
        const QRectF br = m_empty->boundingRect();
        m_empty->setPos(area.center().x() - br.width() / 2, area.center().y() - br.height() / 2);
        return;
    }
    const double x = targetPixelX();
    const bool shown = std::isfinite(x);
    m_line->setVisible(shown);
    m_handle->setVisible(shown);
    if (!shown)
        return;
    m_line->setLine(x, plot.top(), x, plot.bottom());
    // A handle on the x axis: a small triangle pointing up at the line.
    const double h = 7;
    m_handle->setPolygon(QPolygonF({QPointF(x, plot.bottom() - h), QPointF(x - h, plot.bottom() + 1), QPointF(x + h, plot.bottom() + 1)}));
    m_line->setPen(QPen(palette::textColor(isDark()), hasFocus() ? 2.5 : 1.5));
}

QString TradeoffChart::tooltipAt(const QPointF& value) const
{
    const Recommendation* rec = recommendation();
    if (!rec || m_gridX.isEmpty())
        return {};
    const int i = nearestIndex(chart()->mapToPosition(value, m_kept).x());
    const CurvePoint& p = rec->curve[std::size_t(i)];
    return tr("<b>%1 %2</b> (%3)<br>%4 of keys never throttled (%5 of %6)<br>%7 of requests rejected (%8)")
        .arg(QString::fromStdString(rec->parameter))
        .arg(p.value)
        .arg(fmt::ratePerSecond(limitAt(i)), fmt::share(p.keysUnthrottledShare), fmt::exact(p.keysUnthrottled),
             fmt::exact(m_result->keys), fmt::share(p.requestsRejectedShare, 2), fmt::exact(p.requestsRejected));
}

void TradeoffChart::mousePressEvent(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (event->button() == Qt::LeftButton && !(event->modifiers() & Qt::ControlModifier) && !m_gridX.isEmpty()
        && chart()->plotArea().adjusted(-kGrabPx, 0, kGrabPx, kGrabPx).contains(pos)) {
        m_dragging = true;
        setFocus(Qt::MouseFocusReason);
        setCursor(Qt::SizeHorCursor);
        QToolTip::hideText();
        moveTarget(nearestIndex(pos.x()));
        event->accept();
        return;
    }
    ChartView::mousePressEvent(event);
}

void TradeoffChart::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (m_dragging) {
        moveTarget(nearestIndex(pos.x()));
        event->accept();
        return;
    }
    const QRectF plot = chart()->plotArea();
    const bool grab = std::abs(pos.x() - targetPixelX()) <= kGrabPx && pos.y() >= plot.top() && pos.y() <= plot.bottom() + kGrabPx;
    if (grab)
        setCursor(Qt::SizeHorCursor);
    else
        unsetCursor();
    ChartView::mouseMoveEvent(event);
}

void TradeoffChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        m_dragging = false;
        event->accept();
        emit targetReleased(m_target);
        return;
    }
    ChartView::mouseReleaseEvent(event);
}

void TradeoffChart::keyPressEvent(QKeyEvent* event)
{
    if ((event->key() == Qt::Key_Left || event->key() == Qt::Key_Right) && !m_gridX.isEmpty()) {
        const int step = (event->modifiers() & Qt::ShiftModifier) ? 10 : 1;
        const int before = m_target;
        moveTarget(m_target + (event->key() == Qt::Key_Left ? -step : step));
        if (m_target != before)
            emit targetReleased(m_target);
        event->accept();
        return;
    }
    ChartView::keyPressEvent(event);
}

void TradeoffChart::focusInEvent(QFocusEvent* event)
{
    ChartView::focusInEvent(event);
    layoutOverlays();  // the line thickens while the keys move it
}

void TradeoffChart::focusOutEvent(QFocusEvent* event)
{
    ChartView::focusOutEvent(event);
    layoutOverlays();
}

QString TradeoffChart::csv() const
{
    const Recommendation* rec = recommendation();
    QString out = QStringLiteral("algorithm,%1,limit_per_s,keys_unthrottled_share,requests_rejected_share\n")
                      .arg(rec ? QString::fromStdString(rec->parameter) : QStringLiteral("value"));
    if (rec)
        for (int i = 0; i < gridSize(); ++i) {
            const CurvePoint& p = rec->curve[std::size_t(i)];
            out += QStringLiteral("%1,%2,%3,%4,%5\n")
                       .arg(QString::fromStdString(rec->algorithm))
                       .arg(p.value)
                       .arg(limitAt(i), 0, 'g', 12)
                       .arg(p.keysUnthrottledShare, 0, 'g', 12)
                       .arg(p.requestsRejectedShare, 0, 'g', 12);
        }
    return out;
}

} // namespace ratelab
