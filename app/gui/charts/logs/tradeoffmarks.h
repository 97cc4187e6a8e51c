#pragma once
// What the trade-off chart draws over its curves (tradeoffchart.h): the target line with its
// handle on the x axis, the keep handle on the left axis with its dotted guide and its share
// ("keep 99.0%"), the knee's ring and label, and the sentence shown instead of an empty curve.
// Labels go where no curve (and not the other label) is (labelplacement.h).

#include <QList>
#include <QPolygonF>
#include <QRectF>
#include <QString>

class QChart;
class QGraphicsEllipseItem;
class QGraphicsLineItem;
class QGraphicsPolygonItem;
class QGraphicsSimpleTextItem;

namespace ratelab {

class TradeoffMarks {
public:
    static constexpr double kHandlePx = 7;  // the handles' half width

    explicit TradeoffMarks(QChart* chart);

    void restyle(bool dark, bool focused);
    // The sentence shown instead of the curve (`shown`: the curve is empty).
    void setEmptyText(const QString& text, bool shown);
    QString shownSentence() const;  // empty while the curve shows
    // The sentence alone, centred in `area`: every mark hidden.
    void showEmpty(const QRectF& area);
    // The target line at `x` (NaN: none) in `plot`, thicker while the chart has focus.
    void layoutTarget(double x, const QRectF& plot, bool dark, bool focused);
    // The keep handle at height `y`, its guide to the target line at `lineX`, its label.
    void layoutKeep(double y, double lineX, const QString& label, const QRectF& plot, const QList<QPolygonF>& paths);
    // The knee ringed at `at` with `label`; none: hidden.
    void layoutKnee(const QPointF* at, const QString& label, const QRectF& plot, const QList<QPolygonF>& paths);
    QList<QGraphicsSimpleTextItem*> labels() const;  // those shown

private:
    QGraphicsLineItem* m_line = nullptr;
    QGraphicsPolygonItem* m_handle = nullptr;
    QGraphicsPolygonItem* m_keepHandle = nullptr;
    QGraphicsLineItem* m_keepGuide = nullptr;
    QGraphicsSimpleTextItem* m_keepLabel = nullptr;
    QGraphicsEllipseItem* m_kneeRing = nullptr;
    QGraphicsSimpleTextItem* m_kneeLabel = nullptr;
    QGraphicsSimpleTextItem* m_empty = nullptr;
};

}  // namespace ratelab
