#include "app/gui/charts/logs/tradeoffchart.h"

#include "app/gui/charts/base/chartseries.h"
#include "app/gui/charts/base/labelplacement.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/models/style/palette.h"
#include "app/models/text/formatting.h"

#include <QGraphicsEllipseItem>
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

namespace {
constexpr double kHandlePx = 7;            // the handles' half width
constexpr std::int64_t kKeepStep = 1'000;  // a dragged share moves in 0.1% steps (ppm)
}  // namespace

TradeoffChart::TradeoffChart(QWidget* parent) : ChartView(parent)
{
    setChartTitle(tr("Advisor: limit vs cost"));
    setFocusPolicy(Qt::StrongFocus);  // Left/Right step the target
    m_x = new NiceAxis([](double v, double) { return fmt::compact(v); }, NiceAxis::Scale::Log10, this);
    m_left = new NiceAxis([](double v, double) { return QString::number(v, 'f', 0) + QLatin1Char('%'); }, NiceAxis::Scale::Linear,
                          this);
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
    addToAxes(chart(), m_kept, m_x, m_left);
    addToAxes(chart(), m_keptDots, m_x, m_left);
    addToAxes(chart(), m_rejected, m_x, m_right);

    m_line = new QGraphicsLineItem(chart());
    m_line->setZValue(12);
    m_handle = new QGraphicsPolygonItem(chart());
    m_handle->setZValue(12);
    m_keepHandle = new QGraphicsPolygonItem(chart());
    m_keepHandle->setZValue(12);
    m_keepGuide = new QGraphicsLineItem(chart());
    m_keepGuide->setZValue(11);
    m_keepLabel = new QGraphicsSimpleTextItem(chart());
    m_keepLabel->setZValue(12);
    m_kneeRing = new QGraphicsEllipseItem(chart());
    m_kneeRing->setZValue(12);
    m_kneeLabel = new QGraphicsSimpleTextItem(chart());
    m_kneeLabel->setZValue(12);
    m_empty = new QGraphicsSimpleTextItem(chart());
    m_empty->setZValue(10);
    setCurve(nullptr, -1, AdvisorTarget::Keys);
}

const Recommendation* TradeoffChart::recommendation() const
{
    return m_curve.recommendation();
}

int TradeoffChart::gridSize() const
{
    return int(m_gridX.size());
}

const CurvePoint* TradeoffChart::targetPoint() const
{
    return m_target >= 0 && m_target < gridSize() ? &m_curve.point(m_target) : nullptr;
}

double TradeoffChart::limitAt(int index) const
{
    return index >= 0 && index < gridSize() ? m_curve.limitPerSecond(index) : 0.0;
}

void TradeoffChart::setCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by)
{
    // A result arriving mid-drag keeps the line where the mouse holds it.
    const double draggedX =
        m_dragging && m_target >= 0 && m_target < gridSize() ? m_gridX[m_target] : std::numeric_limits<double>::quiet_NaN();
    m_curve = TradeoffCurve(std::move(result), recommendation, by);
    rebuild(draggedX);
}

void TradeoffChart::setRateUnit(fmt::RateUnit unit)
{
    if (unit == m_unit)
        return;
    const int target = m_target;
    m_unit = unit;
    rebuild(std::numeric_limits<double>::quiet_NaN());
    if (target >= 0 && target < gridSize())
        setTargetIndex(target);
}

void TradeoffChart::rebuild(double draggedX)
{
    m_gridX.clear();
    QList<QPointF> kept;
    QList<QPointF> rejected;
    double mostRejected = 0;
    const AdvisorResult* advice = m_curve.result();
    const bool tooFew = advice && advice->keys > 0 && advice->keys < kMinKeysForCurves;
    for (int i = 0; i < (tooFew ? 0 : m_curve.size()); ++i) {
        const double x = std::log10(fmt::rateIn(m_curve.limitPerSecond(i), m_unit));
        m_gridX.append(x);
        kept.append(QPointF(x, 100 * m_curve.keptShare(i)));
        rejected.append(QPointF(x, 100 * m_curve.point(i).requestsRejectedShare));
        mostRejected = std::max(mostRejected, rejected.back().y());
    }
    m_target = tooFew ? -1 : m_curve.recommended();
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
    m_left->setNiceRange(0, 100);  // from zero, as the right axis: a share's height is its size
    const double step = fmt::niceStep(std::max(mostRejected, 0.1), 5);
    m_rejectedTop = std::ceil(std::max(mostRejected, 0.1) / step) * step;

    const bool empty = m_gridX.isEmpty();
    for (QAbstractAxis* axis : chart()->axes())
        axis->setVisible(!empty);
    m_empty->setVisible(empty);
    m_empty->setText(
        !advice ? tr("The advisor's curve appears once a log is imported")
            : tooFew
            ? tr("Only %1 keys: too few for a curve of shares (%2 at least);\nthe recommendation below still holds for them")
                  .arg(advice->keys)
                  .arg(kMinKeysForCurves)
            : tr("No curve for this algorithm"));
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

void TradeoffChart::setKeep(std::int64_t ppm)
{
    m_keepPpm = ppm;
    layoutOverlays();
}

void TradeoffChart::moveTarget(int index)
{
    if (m_gridX.isEmpty())
        return;
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
    const QString limit = fmt::rate(limitAt(m_target), m_unit);
    const QString rejected = fmt::share(p->requestsRejectedShare, 2);
    if (m_curve.by() == AdvisorTarget::Requests)
        return tr("%1: %2 of requests from keys never throttled (%3 of keys), %4 of requests rejected")
            .arg(limit, fmt::share(m_curve.keptShare(m_target)), fmt::share(p->keysUnthrottledShare), rejected);
    return tr("%1: %2 of keys never throttled, %3 of requests rejected")
        .arg(limit, fmt::share(p->keysUnthrottledShare), rejected);
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
    styleAxis(m_x,
              rec ? tr("limit (%1, log): %2 per %3")
                        .arg(fmt::rateUnitName(m_unit), QString::fromStdString(rec->parameter),
                             fmt::windowLength(m_curve.result()->options.windowUs))
                  : QString());
    styleAxis(m_left,
              m_curve.by() == AdvisorTarget::Keys ? tr("keys never throttled (%, solid)")
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
    m_keepHandle->setBrush(text);
    m_keepHandle->setPen(Qt::NoPen);
    QPen guide(text, 1, Qt::DotLine);
    m_keepGuide->setPen(guide);
    m_keepLabel->setFont(labelFont());
    m_keepLabel->setBrush(text);
    m_kneeRing->setPen(QPen(text, 1.5));
    m_kneeRing->setBrush(Qt::NoBrush);
    m_kneeLabel->setFont(labelFont());
    m_kneeLabel->setBrush(text);
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
        for (QGraphicsItem* item : std::initializer_list<QGraphicsItem*>{m_line, m_handle, m_keepHandle, m_keepGuide, m_keepLabel,
                                                                         m_kneeRing, m_kneeLabel})
            item->hide();
        const QRectF area = chart()->geometry();
        const QRectF br = m_empty->boundingRect();
        m_empty->setPos(area.center().x() - br.width() / 2, area.center().y() - br.height() / 2);
        return;
    }
    // Labels off the curves: the keep share first, then the knee clear of it too.
    const QList<QPolygonF> paths = labelplacement::seriesPaths(chart());
    layoutKeep(plot, paths);
    layoutKnee(plot, paths);
    const double x = targetPixelX();
    const bool shown = std::isfinite(x);
    m_line->setVisible(shown);
    m_handle->setVisible(shown);
    if (!shown)
        return;
    m_line->setLine(x, plot.top(), x, plot.bottom());
    // A handle on the x axis: a small triangle pointing up at the line.
    const double h = kHandlePx;
    m_handle->setPolygon(
        QPolygonF({QPointF(x, plot.bottom() - h), QPointF(x - h, plot.bottom() + 1), QPointF(x + h, plot.bottom() + 1)}));
    m_line->setPen(QPen(palette::textColor(isDark()), hasFocus() ? 2.5 : 1.5));
}

double TradeoffChart::keepPixelY() const
{
    const double percent = std::clamp(double(m_keepPpm) / 10'000, 0.0, 100.0);
    return chart()->mapToPosition(QPointF(m_gridX.isEmpty() ? 0 : m_gridX.front(), percent), m_kept).y();
}

QPointF TradeoffChart::keepHandlePos() const
{
    return mapFromScene(QPointF(chart()->plotArea().left() + kHandlePx / 2, keepPixelY()));
}

std::int64_t TradeoffChart::keepAt(double yPixels) const
{
    const double percent = chart()->mapToValue(QPointF(chart()->plotArea().left(), yPixels), m_kept).y();
    const double ppm = std::clamp(percent, 0.0, 100.0) * 10'000;
    return std::int64_t(std::llround(ppm / double(kKeepStep))) * kKeepStep;
}

bool TradeoffChart::onKeepHandle(const QPointF& pos) const
{
    const double left = chart()->plotArea().left();
    return !m_gridX.isEmpty() && std::abs(pos.y() - keepPixelY()) <= kGrabPx && pos.x() >= left - kGrabPx
        && pos.x() <= left + kHandlePx + kGrabPx;
}

// The keep handle: a triangle on the left axis pointing into the plot, a dotted guide from it
// to the target line, and its share along the guide, above or below it, at its left end or as
// near to it as no curve is.
void TradeoffChart::layoutKeep(const QRectF& plot, const QList<QPolygonF>& paths)
{
    const double y = keepPixelY();
    const double h = kHandlePx;
    m_keepHandle->setPolygon(
        QPolygonF({QPointF(plot.left() + h, y), QPointF(plot.left() - 1, y - h), QPointF(plot.left() - 1, y + h)}));
    const double lineX = targetPixelX();
    const double guideEnd = std::isfinite(lineX) ? std::max(lineX, plot.left() + h) : plot.right();
    m_keepGuide->setLine(plot.left() + h, y, guideEnd, y);
    m_keepLabel->setText(tr("keep %1").arg(fmt::share(double(m_keepPpm) / 1e6)));
    const QSizeF size = m_keepLabel->boundingRect().size();
    QList<QRectF> candidates;
    for (double x = plot.left() + h + 3; x + size.width() <= plot.right(); x += size.width() / 2)
        for (double labelY : {y - size.height() - 1, y + 2})
            candidates.append(QRectF(QPointF(x, labelY), size));
    m_keepLabel->setPos(labelplacement::place(candidates, plot, paths).topLeft());
    for (QGraphicsItem* item : std::initializer_list<QGraphicsItem*>{m_keepHandle, m_keepGuide, m_keepLabel})
        item->show();
}

// The knee: a ring on the kept curve with "knee" and its limit beside it: below right, else at
// another corner of the ring, else further out, wherever no curve and not the keep label is.
void TradeoffChart::layoutKnee(const QRectF& plot, const QList<QPolygonF>& paths)
{
    const auto knee = m_curve.knee();
    const bool shown = knee && int(*knee) < gridSize();
    m_kneeRing->setVisible(shown);
    m_kneeLabel->setVisible(shown);
    if (!shown)
        return;
    const int i = int(*knee);
    const QPointF at = chart()->mapToPosition(QPointF(m_gridX[i], m_kept->at(i).y()), m_kept);
    const double r = 7;
    m_kneeRing->setRect(at.x() - r, at.y() - r, 2 * r, 2 * r);
    m_kneeLabel->setText(tr("knee %1").arg(fmt::rate(limitAt(i), m_unit)));
    const QSizeF size = m_kneeLabel->boundingRect().size();
    QList<QRectF> candidates;
    for (int away = 0; away < 8; ++away) {
        const double dy = away * (size.height() + 2);
        for (double x : {at.x() + r + 2, at.x() - r - 2 - size.width()})
            for (double y : {at.y() + r - 2 + dy, at.y() - r + 2 - size.height() - dy})
                candidates.append(QRectF(QPointF(x, y), size));
    }
    const QRectF keep = m_keepLabel->mapRectToParent(m_keepLabel->boundingRect());
    m_kneeLabel->setPos(labelplacement::place(candidates, plot, paths, {keep}).topLeft());
}

QString TradeoffChart::tooltipAt(const QPointF& value) const
{
    const Recommendation* rec = recommendation();
    if (!rec || m_gridX.isEmpty())
        return {};
    const int i = nearestIndex(chart()->mapToPosition(value, m_kept).x());
    const CurvePoint& p = rec->curve[std::size_t(i)];
    const QString text =
        tr("<b>%1 %2</b> (%3)<br>%4 of keys never throttled (%5 of %6)<br>%7 of requests rejected (%8)")
            .arg(QString::fromStdString(rec->parameter))
            .arg(p.value)
            .arg(fmt::rate(limitAt(i), m_unit), fmt::share(p.keysUnthrottledShare), fmt::exact(p.keysUnthrottled),
                 fmt::exact(m_curve.result()->keys), fmt::share(p.requestsRejectedShare, 2), fmt::exact(p.requestsRejected));
    return m_curve.knee() && int(*m_curve.knee()) == i ? text + tr("<br>the knee: past it, a higher limit keeps few more") : text;
}

void TradeoffChart::mousePressEvent(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (event->button() == Qt::LeftButton && onKeepHandle(pos)) {
        m_draggingKeep = true;
        setFocus(Qt::MouseFocusReason);
        setCursor(Qt::SizeVerCursor);
        QToolTip::hideText();
        event->accept();
        return;
    }
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
    if (m_draggingKeep) {
        const std::int64_t ppm = keepAt(pos.y());
        if (ppm != m_keepPpm) {
            setKeep(ppm);
            emit keepMoved(ppm);
        }
        event->accept();
        return;
    }
    const QRectF plot = chart()->plotArea();
    const bool grab =
        std::abs(pos.x() - targetPixelX()) <= kGrabPx && pos.y() >= plot.top() && pos.y() <= plot.bottom() + kGrabPx;
    if (onKeepHandle(pos))
        setCursor(Qt::SizeVerCursor);
    else if (grab)
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
    if (m_draggingKeep && event->button() == Qt::LeftButton) {
        m_draggingKeep = false;
        event->accept();
        emit keepReleased(m_keepPpm);
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

QString TradeoffChart::csvIn(const CsvRange& range) const
{
    const Recommendation* rec = recommendation();
    QString out = QStringLiteral("algorithm,%1,limit_per_s,keys_unthrottled_share,requests_rejected_share\n")
                      .arg(rec ? QString::fromStdString(rec->parameter) : QStringLiteral("value"));
    if (rec)
        for (int i = 0; i < gridSize(); ++i) {
            if (!range.contains(m_gridX[i]))
                continue;
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

QList<QGraphicsSimpleTextItem*> TradeoffChart::annotationLabels() const
{
    QList<QGraphicsSimpleTextItem*> out;
    for (QGraphicsSimpleTextItem* label : {m_keepLabel, m_kneeLabel})
        if (label->isVisible())
            out.append(label);
    return out;
}

QString TradeoffChart::shownSentence() const
{
    return m_empty->isVisible() ? m_empty->text() : QString();
}

}  // namespace ratelab
