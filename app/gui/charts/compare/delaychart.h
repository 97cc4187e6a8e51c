#pragma once
// Compare chart D: the shaping delay distribution as a CDF, one line per shaping algorithm
// (x: delay in the unit of the largest delay, y: share of accepted requests), with p50 and p99
// ticks at the top. Without a shaping algorithm it says what to add instead of drawing empty
// axes.

#include "app/gui/charts/base/chartview.h"
#include "app/models/plotdata/chartinput.h"
#include "app/models/text/formatting.h"

#include <QLineSeries>

class QGraphicsSimpleTextItem;
class QGraphicsLineItem;

namespace ratelab {

class NiceAxis;

class DelayChart : public ChartView {
    Q_OBJECT
public:
    explicit DelayChart(QWidget* parent = nullptr);
    void setInput(const ChartInput& input);

    QString csvIn(const CsvRange& range) const override;
    QString exportName() const override { return QStringLiteral("delay"); }
    bool isEmptyState() const { return m_lines.isEmpty(); }
    QString emptyText() const;
    QList<QLineSeries*> lines() const { return m_lines; }

protected:
    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    struct Curve {
        std::size_t algorithm = 0;
        QList<QPointF> points;    // (delay in axis units, share in %)
        double p50 = 0, p99 = 0;  // axis units
    };
    ChartInput m_input;
    fmt::DurationUnit m_unit;
    QList<Curve> m_curves;
    QList<QLineSeries*> m_lines;
    QList<QGraphicsLineItem*> m_ticks;
    QList<QGraphicsSimpleTextItem*> m_tickLabels;
    NiceAxis* m_x = nullptr;
    NiceAxis* m_y = nullptr;
    QGraphicsSimpleTextItem* m_empty = nullptr;
    double m_maxX = 1;
};

}  // namespace ratelab
