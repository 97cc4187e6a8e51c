#pragma once
// The "offered load and lines" plot of Compare's chart A and of the Cluster time charts: a grey
// offered-load area behind one line per series. Both are kept at full resolution (axis units)
// and downsampled for the x range in view: the area by the max of each plot column (its upper
// edge is all that shows), each line by min/max to the columns its pen needs
// (ChartView::plotColumnsFor).

#include <QCoreApplication>
#include <QList>
#include <QPointF>

class QAbstractAxis;
class QAreaSeries;
class QLineSeries;

namespace ratelab {

class ChartView;

class OfferedLines {
    Q_DECLARE_TR_FUNCTIONS(OfferedLines)

public:
    // Adds the (empty) offered area to `view`'s chart, on axes x and y.
    OfferedLines(ChartView* view, QAbstractAxis* x, QAbstractAxis* y);

    // A new line on the same axes, plotted from `full`; its pen is the series' own.
    QLineSeries* addLine(const QString& name, QList<QPointF> full);
    void setOffered(QList<QPointF> full) { m_fullOffered = std::move(full); }
    // Removes every line and the offered points.
    void clear();

    const QList<QLineSeries*>& lines() const { return m_lines; }
    const QList<QList<QPointF>>& fullLines() const { return m_full; }
    const QList<QPointF>& fullOffered() const { return m_fullOffered; }
    QLineSeries* offeredUpper() const { return m_offeredUpper; }
    QAreaSeries* offeredArea() const { return m_offeredArea; }

    // The points for the x range [lo, hi] at the view's current plot width, and the highest and
    // lowest finite y of the offered load and the visible lines (0 when there is none).
    struct Sampled {
        QList<QPointF> offered;
        QList<QList<QPointF>> lines;
        double yMax = 0;
        double yMin = 0;
    };
    Sampled sample(double lo, double hi) const;
    // Puts sampled points into the series. Call it after setting the axes' ranges: a series
    // whose points are replaced after its axes are set lays its path out once, not once for
    // the points and again for the new range.
    void show(const Sampled& sampled);

    // The offered area's fill and edge (the same in both themes).
    void styleOffered();

    // The point of `points` (sorted by x) nearest to x; NaN, NaN when there is none.
    static QPointF nearest(const QList<QPointF>& points, double x);

private:
    ChartView* m_view;
    QAbstractAxis* m_x;
    QAbstractAxis* m_y;
    QList<QLineSeries*> m_lines;
    QList<QList<QPointF>> m_full;
    QList<QPointF> m_fullOffered;
    QLineSeries* m_offeredUpper = nullptr;
    QAreaSeries* m_offeredArea = nullptr;
};

}  // namespace ratelab
