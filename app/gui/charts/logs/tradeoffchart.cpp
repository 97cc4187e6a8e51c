#include "app/gui/charts/logs/tradeoffchart.h"

#include "app/gui/charts/base/chartseries.h"
#include "app/gui/charts/base/labelplacement.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/gui/charts/logs/tradeoffhandles.h"
#include "app/models/style/palette.h"
#include "app/models/text/formatting.h"

#include <QEvent>
#include <QLineSeries>
#include <QScatterSeries>

#include <cmath>
#include <limits>

namespace ratelab {

TradeoffChart::TradeoffChart(QWidget* parent) : ChartView(parent), m_marks(chart())
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
    m_handles = new TradeoffHandles(this);
    setCurve(nullptr, -1, AdvisorTarget::Keys);
}

void TradeoffChart::setCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by)
{
    // A result arriving mid-drag keeps the line where the mouse holds it.
    const int target = m_grid.target();
    const double draggedX = m_handles->isDraggingTarget() && target >= 0 && target < m_grid.size()
        ? m_grid.xAt(target)
        : std::numeric_limits<double>::quiet_NaN();
    m_grid.setCurve(std::move(result), recommendation, by, draggedX);
    rebuild();
}

void TradeoffChart::setRateUnit(fmt::RateUnit unit)
{
    if (unit == m_grid.unit())
        return;
    m_grid.setUnit(unit);
    rebuild();
}

void TradeoffChart::rebuild()
{
    QList<QPointF> kept;
    QList<QPointF> rejected;
    const TradeoffCurve& curve = m_grid.curve();
    for (int i = 0; i < m_grid.size(); ++i) {
        kept.append(QPointF(m_grid.xAt(i), 100 * curve.keptShare(i)));
        rejected.append(QPointF(m_grid.xAt(i), 100 * curve.point(i).requestsRejectedShare));
    }
    m_kept->replace(kept);  // at most ~25 points: no downsampling needed
    m_keptDots->replace(kept);
    m_rejected->replace(rejected);
    m_left->setNiceRange(0, 100);  // from zero, as the right axis: a share's height is its size
    const bool empty = m_grid.size() == 0;
    for (QAbstractAxis* axis : chart()->axes())
        axis->setVisible(!empty);
    m_marks.setEmptyText(m_grid.emptySentence(), empty);
    restyle();
    refreshNow();
}

void TradeoffChart::setTargetIndex(int index)
{
    if (m_grid.size() == 0)
        return;
    m_grid.setTarget(index);
    layoutOverlays();
}

void TradeoffChart::setKeep(std::int64_t ppm)
{
    m_grid.setKeep(ppm);
    layoutOverlays();
}

void TradeoffChart::moveTarget(int index)
{
    if (!m_grid.setTarget(index))
        return;
    layoutOverlays();
    emit targetMoved(m_grid.target());
}

void TradeoffChart::refresh()
{
    m_x->setNiceRange(m_grid.xRange().first, m_grid.xRange().second);
    m_right->setNiceRange(0, m_grid.rejectedTop());
}

void TradeoffChart::restyle()
{
    const bool dark = isDark();
    const TradeoffCurve& curve = m_grid.curve();
    const Recommendation* rec = curve.recommendation();
    styleAxis(m_x,
              rec ? tr("limit (%1, log): %2 per %3")
                        .arg(fmt::rateUnitName(m_grid.unit()), QString::fromStdString(rec->parameter),
                             fmt::windowLength(curve.result()->options.windowUs))
                  : QString(),
              dark);
    styleAxis(m_left,
              curve.by() == AdvisorTarget::Keys ? tr("keys never throttled (%, solid)")
                                                : tr("requests of keys never throttled (%, solid)"),
              dark);
    styleAxis(m_right, tr("requests rejected (%, dashed)"), dark);
    m_right->setGridLineVisible(false);
    const QColor color = palette::familyColor(rec ? rec->algorithm : std::string(), dark);
    m_kept->setPen(QPen(color, 2));
    m_rejected->setPen(QPen(color, 2, Qt::DashLine));
    QColor outline = palette::textColor(dark);
    outline.setAlphaF(0.4f);
    m_keptDots->setBrush(color);
    m_keptDots->setPen(QPen(outline, 1));
    m_kept->setName(rec ? QString::fromStdString(rec->algorithm) : QString());
    m_marks.restyle(dark, hasFocus());
}

double TradeoffChart::pixelX(int index) const
{
    if (index < 0 || index >= m_grid.size())
        return std::numeric_limits<double>::quiet_NaN();
    return chart()->mapToPosition(QPointF(m_grid.xAt(index), 0), m_kept).x();
}

double TradeoffChart::keepPixelY() const
{
    const double percent = std::clamp(double(m_grid.keepPpm()) / 10'000, 0.0, 100.0);
    return chart()->mapToPosition(QPointF(m_grid.size() == 0 ? 0 : m_grid.xAt(0), percent), m_kept).y();
}

QPointF TradeoffChart::keepHandlePos() const
{
    return mapFromScene(QPointF(chart()->plotArea().left() + TradeoffMarks::kHandlePx / 2, keepPixelY()));
}

void TradeoffChart::layoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    if (m_grid.size() == 0) {
        m_marks.showEmpty(chart()->geometry());
        return;
    }
    // Labels off the curves: the keep share first, then the knee clear of it too.
    const QList<QPolygonF> paths = labelplacement::seriesPaths(chart());
    const double lineX = pixelX(m_grid.target());
    m_marks.layoutKeep(keepPixelY(), lineX, tr("keep %1").arg(fmt::share(double(m_grid.keepPpm()) / 1e6)), plot, paths);
    const auto knee = m_grid.curve().knee();
    if (knee && int(*knee) < m_grid.size()) {
        const int i = int(*knee);
        const QPointF at = chart()->mapToPosition(QPointF(m_grid.xAt(i), m_kept->at(i).y()), m_kept);
        m_marks.layoutKnee(&at, tr("knee %1").arg(fmt::rate(m_grid.limitAt(i), m_grid.unit())), plot, paths);
    } else {
        m_marks.layoutKnee(nullptr, QString(), plot, paths);
    }
    m_marks.layoutTarget(lineX, plot, isDark(), hasFocus());
}

bool TradeoffChart::event(QEvent* event)
{
    const bool handled = ChartView::event(event);
    if (event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut)
        layoutOverlays();  // the line thickens while the keys move it
    return handled;
}

QString TradeoffChart::tooltipAt(const QPointF& value) const
{
    const TradeoffCurve& curve = m_grid.curve();
    const Recommendation* rec = curve.recommendation();
    if (!rec || m_grid.size() == 0)
        return {};
    const int i = m_grid.nearest(value.x());
    const CurvePoint& p = rec->curve[std::size_t(i)];
    const QString text =
        tr("<b>%1 %2</b> (%3)<br>%4 of keys never throttled (%5 of %6)<br>%7 of requests rejected (%8)")
            .arg(QString::fromStdString(rec->parameter))
            .arg(p.value)
            .arg(fmt::rate(m_grid.limitAt(i), m_grid.unit()), fmt::share(p.keysUnthrottledShare), fmt::exact(p.keysUnthrottled),
                 fmt::exact(curve.result()->keys), fmt::share(p.requestsRejectedShare, 2), fmt::exact(p.requestsRejected));
    return curve.knee() && int(*curve.knee()) == i ? text + tr("<br>the knee: past it, a higher limit keeps few more") : text;
}

QString TradeoffChart::csvIn(const CsvRange& range) const
{
    const Recommendation* rec = m_grid.curve().recommendation();
    QString out = QStringLiteral("algorithm,%1,limit_per_s,keys_unthrottled_share,requests_rejected_share\n")
                      .arg(rec ? QString::fromStdString(rec->parameter) : QStringLiteral("value"));
    if (rec)
        for (int i = 0; i < m_grid.size(); ++i) {
            if (!range.contains(m_grid.xAt(i)))
                continue;
            const CurvePoint& p = rec->curve[std::size_t(i)];
            out += QStringLiteral("%1,%2,%3,%4,%5\n")
                       .arg(QString::fromStdString(rec->algorithm))
                       .arg(p.value)
                       .arg(m_grid.limitAt(i), 0, 'g', 12)
                       .arg(p.keysUnthrottledShare, 0, 'g', 12)
                       .arg(p.requestsRejectedShare, 0, 'g', 12);
        }
    return out;
}

}  // namespace ratelab
