#pragma once
// Compare chart A: allowed over time, one line per algorithm, in req/s (allowed cost per
// metric bucket / bucket length) or as the acceptance share per bucket; the offered load as a
// grey area behind (rate mode); the nominal limit as a dashed line when every algorithm has the
// same one. Series are min/max-downsampled to the plot width on every zoom and resize.

#include "app/gui/charts/chartinput.h"
#include "app/gui/charts/chartview.h"
#include "app/gui/charts/offeredlines.h"

#include <QLineSeries>

#include <memory>

class QGraphicsLineItem;
class QGraphicsSimpleTextItem;

namespace ratelab {

class AllowedChart : public ChartView {
    Q_OBJECT
public:
    enum class Mode { Rate, Share };
    explicit AllowedChart(QWidget* parent = nullptr);

    void setInput(const ChartInput& input);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }

    QString csv() const override;
    QString exportName() const override { return QStringLiteral("allowed"); }

    // For tests: the plotted (downsampled) series, one per algorithm, and the offered load.
    QList<QLineSeries*> algorithmSeries() const { return m_plot->lines(); }
    QLineSeries* offeredSeries() const { return m_plot->offeredUpper(); }
    // The nominal limit in req/s when all algorithms share one.
    std::optional<double> nominalLimit() const { return m_nominal; }

protected:
    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    QList<QPair<QPointF, QColor>> markersAt(double x) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    void rebuildData();

    ChartInput m_input;
    Mode m_mode = Mode::Rate;
    double m_timeUnit = 1;  // seconds per axis unit
    NiceAxis* m_x = nullptr;
    NiceAxis* m_y = nullptr;
    std::unique_ptr<OfferedLines> m_plot;  // one line per algorithm, axis units
    std::optional<double> m_nominal;
    QGraphicsLineItem* m_nominalLine = nullptr;
    QGraphicsSimpleTextItem* m_nominalLabel = nullptr;
};

}  // namespace ratelab
