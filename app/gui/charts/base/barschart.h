#pragma once
// A horizontal bar chart with one bar per algorithm (in scenario order, top to bottom), each
// in its algorithm's colour (a dashed outline for a second instance of a family), a text
// annotation at the end of each bar and an optional dashed reference line. The base of
// Compare's B (peak burst) and C (state per key). In Log2 scale the bars hold log2 of the
// value, starting at 1.

#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/models/plotdata/chartinput.h"

class QBarCategoryAxis;
class QHorizontalStackedBarSeries;
class QBarSet;
class QGraphicsLineItem;
class QGraphicsSimpleTextItem;

namespace ratelab {

class BarsChart : public ChartView {
    Q_OBJECT
public:
    struct Bar {
        QString id;
        double value = 0;  // data units (bytes, ratio)
        QString annotation;
        QString tooltip;  // rich text
        palette::SeriesStyle style;
        bool hidden = false;
        // What the annotation and tooltip say, as CSV columns after the value: (name, value);
        // every bar of a chart names the same columns.
        QList<QPair<QString, QString>> csvFields;
    };

    BarsChart(NiceAxis::Formatter formatter, NiceAxis::Scale scale, QWidget* parent = nullptr);

    QList<Bar> bars() const { return m_bars; }
    QString csvIn(const CsvRange& range) const override;
    // For tests: one bar set per bar, in the bars' order.
    const QList<QBarSet*>& barSets() const { return m_sets; }

signals:
    void barClicked(int index);
    void barDoubleClicked(int index);

protected:
    void setBars(const QList<Bar>& bars, const QString& valueTitle, const QString& csvValueName);
    // A dashed vertical line at `value` with a label (NaN: none).
    void setReference(double value, const QString& label);
    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    double axisValue(double value) const;

    NiceAxis::Scale m_scale;
    QList<Bar> m_bars;
    QString m_valueTitle;
    QString m_csvValueName;
    double m_reference;
    QString m_referenceLabel;
    QHorizontalStackedBarSeries* m_series = nullptr;
    QList<QBarSet*> m_sets;
    QBarCategoryAxis* m_categories = nullptr;
    NiceAxis* m_values = nullptr;
    QList<QGraphicsSimpleTextItem*> m_annotations;
    QGraphicsLineItem* m_refLine = nullptr;
    QGraphicsSimpleTextItem* m_refText = nullptr;
    std::pair<double, double> m_range{0, 1};
};

}  // namespace ratelab
