#pragma once
// Where each instance's windows begin, drawn along the top of a time chart's plot: one row of
// short ticks per instance, labelled with its name, so that clocks that disagree show as rows
// that do not line up (gui-guide.md 4.4). Graphics items parented to the chart, not series.
// A row whose ticks would be closer than kMinSpacingPx in the x range shown draws none and says
// "zoom in".

#include <QColor>
#include <QFont>
#include <QList>
#include <QRectF>
#include <QStringList>

class QGraphicsItem;
class QGraphicsPathItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace ratelab {

class WindowTicks {
public:
    static constexpr double kMinSpacingPx = 3;

    explicit WindowTicks(QGraphicsItem* chart) : m_chart(chart) {}
    ~WindowTicks() { clear(); }
    WindowTicks(const WindowTicks&) = delete;
    WindowTicks& operator=(const WindowTicks&) = delete;

    // One row per name; starts in axis units, in order.
    void setRows(const QList<QList<double>>& starts, const QStringList& names);
    void clear();
    int rowCount() const { return int(m_starts.size()); }
    // The height the rows take at the top of the plot, in pixels.
    double heightPx() const;
    void layout(const QRectF& plot, double lo, double hi);
    void restyle(const QColor& tick, const QColor& text, const QColor& background, const QFont& font);

    // For tests: the ticks a row draws now, in axis units, and its label.
    QList<double> drawnTicks(int row) const { return m_drawn.value(row); }
    QString label(int row) const;

private:
    double rowHeight() const;

    QGraphicsItem* m_chart;
    QList<QList<double>> m_starts;
    QStringList m_names;
    QList<QGraphicsPathItem*> m_paths;
    QList<QGraphicsRectItem*> m_labelBacks;
    QList<QGraphicsSimpleTextItem*> m_labels;
    QList<QList<double>> m_drawn;
    QFont m_font;
};

}  // namespace ratelab
