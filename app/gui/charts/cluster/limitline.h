#pragma once
// A dashed horizontal reference line across a time chart's plot in the text colour, labelled
// at its right end above the line ("global limit 300/s"). A graphics item parented to the
// chart, not a series, so it stays out of the legend and CSV; the chart's autoscale reads
// value() to keep it in view.

#include <QFont>
#include <QString>

#include <optional>

class QAbstractSeries;
class QChart;
class QGraphicsLineItem;
class QGraphicsSimpleTextItem;
class QRectF;

namespace ratelab {

class LimitLine {
public:
    explicit LimitLine(QChart* chart);

    // None hides it.
    void set(std::optional<double> value, const QString& label);
    std::optional<double> value() const { return m_value; }
    void restyle(const QColor& text, const QFont& font);
    // At the value on `series`'s y axis, over `plot`; hidden when `shown` is false (no lines).
    void layout(const QRectF& plot, QAbstractSeries* series, double lo, bool shown);

private:
    QChart* m_chart;
    std::optional<double> m_value;
    QString m_label;
    QGraphicsLineItem* m_line;
    QGraphicsSimpleTextItem* m_text;
};

}  // namespace ratelab
