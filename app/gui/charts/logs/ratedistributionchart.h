#pragma once
// The Logs view's per-key rate distribution (gui-guide.md 4.3): for one window W, each key's busiest
// window as a rate (most requests in any W, over W, in the view's unit, req/s or req/min, on a
// log x axis); a histogram of
// keys per power-of-two bin (left axis, keys), the exact CDF over it (right axis, % of keys at
// or below) and dashed ticks at p50, p90, p99 and p99.9. Everything comes from
// AdvisorResult::rates (engine/advisor/keyrates.h, distribution.h); the chart only maps it to
// the unit and draws it.

#include "app/gui/charts/base/chartview.h"
#include "app/models/text/formatting.h"
#include "engine/advisor/advisor.h"

#include <memory>

class QAreaSeries;
class QGraphicsLineItem;
class QGraphicsSimpleTextItem;
class QLineSeries;

namespace ratelab {

class NiceAxis;

class RateDistributionChart : public ChartView {
    Q_OBJECT
public:
    explicit RateDistributionChart(QWidget* parent = nullptr);

    // The rates of `result` (null: the empty state) at result->rates.windows[window].
    void setResult(std::shared_ptr<const AdvisorResult> result, int window);
    void setWindow(int window);
    int window() const { return m_window; }
    void setRateUnit(fmt::RateUnit unit);
    fmt::RateUnit rateUnit() const { return m_unit; }

    // What is drawn, in data units: one bar per histogram bin (lower and upper in the unit,
    // keys), one CDF step per distinct value (the unit, % of keys at or below).
    struct Bar {
        double lower = 0, upper = 0;
        std::int64_t keys = 0;
    };
    QList<Bar> bars() const { return m_bars; }
    QList<QPointF> cdfSteps() const { return m_cdf; }
    // The percentile ticks: (quantile, rate in the unit), p50 to p99.9.
    QList<QPair<double, double>> percentileTicks() const { return m_percentiles; }
    bool isEmptyState() const { return m_bars.isEmpty(); }
    // The sentence shown instead of the chart; empty while the chart draws.
    QString shownSentence() const;
    // The text labels on the plot shown now (the percentiles').
    QList<QGraphicsSimpleTextItem*> annotationLabels() const;
    // Whether the keys axis is logarithmic: when the fullest bin holds kLogKeysRatio times the
    // emptiest one or more, the tail's bars would be a pixel high on a linear axis.
    bool keysAxisIsLog() const { return m_logKeys; }
    static constexpr double kLogKeysRatio = 30;
    QString emptyText() const;

    QString csvIn(const CsvRange& range) const override;
    QString exportName() const override { return QStringLiteral("key_rates"); }

protected:
    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    const WindowRates* windowRates() const;
    void rebuild();
    void setKeysLog(bool log);

    std::shared_ptr<const AdvisorResult> m_result;
    int m_window = 2;
    fmt::RateUnit m_unit = fmt::RateUnit::PerMinute;
    QList<Bar> m_bars;
    QList<QPointF> m_cdf;
    QList<QPair<double, double>> m_percentiles;
    QList<QPointF> m_cdfLine;  // (log10 rate in the unit, %) as steps
    std::pair<double, double> m_xRange{0, 1};
    double m_maxKeys = 1;
    QLineSeries* m_histTop = nullptr;
    QLineSeries* m_histBase = nullptr;
    QAreaSeries* m_histogram = nullptr;
    QLineSeries* m_cdfSeries = nullptr;
    NiceAxis* m_x = nullptr;
    NiceAxis* m_keys = nullptr;
    NiceAxis* m_keysLog = nullptr;  // the same, log10 of the keys: the one shown when m_logKeys
    bool m_logKeys = false;
    NiceAxis* m_share = nullptr;
    QList<QGraphicsLineItem*> m_tickLines;
    QList<QGraphicsSimpleTextItem*> m_tickLabels;
    QGraphicsSimpleTextItem* m_empty = nullptr;
};

}  // namespace ratelab
