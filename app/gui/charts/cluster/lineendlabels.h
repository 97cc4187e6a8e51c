#pragma once
// Each line's name at its right end, beside the height of its last point in view, pushed
// apart so that none overlap and kept within the plot's height (gui-guide.md 4.4: instances
// share the colour and differ by dash and name). Drawn in the right margin every stacked
// cluster chart keeps for them; graphics items parented to the chart, not series.

#include <QFont>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

class QChart;
class QGraphicsSimpleTextItem;
class QLineSeries;

namespace ratelab {

class LineEndLabels {
public:
    explicit LineEndLabels(QChart* chart) : m_chart(chart) {}
    ~LineEndLabels() { clear(); }
    LineEndLabels(const LineEndLabels&) = delete;
    LineEndLabels& operator=(const LineEndLabels&) = delete;

    // One more label, for the line added after the others.
    void add(const QString& text);
    void clear();
    void restyle(const QColor& text, const QFont& font);
    // `lines` and their full-resolution points, one per label; `hi` the x range's end.
    void layout(const QRectF& plot, double hi, const QList<QLineSeries*>& lines, const QList<QList<QPointF>>& full);

    QList<QGraphicsSimpleTextItem*> items() const { return m_labels; }

private:
    QChart* m_chart;
    QList<QGraphicsSimpleTextItem*> m_labels;  // one per line
};

}  // namespace ratelab
