#pragma once
// Compare chart A: requests over time, one line per algorithm, from the counts the view picked
// (ChartInput::counts: every key at the report's bucket, or one key, or a finer bucket): allowed
// or rejected cost per second, allowed minus the exact sliding log's, or the acceptance share
// per bucket. Each bucket's value is drawn level across the bucket (a step line), so a burst
// shows as long as the buckets it filled; the exact sliding log's line is drawn last, on top of
// those it coincides with. The offered load is a grey area behind the two rate modes. For one key, its
// nominal limit per second is a dashed line under the series when the algorithms share it; for
// every key there is none (the limit is per key) and the title says so. Series are
// min/max-downsampled to the plot width on every zoom and resize.

#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/base/offeredlines.h"
#include "app/models/plotdata/chartinput.h"
#include "app/models/plotdata/comparecounts.h"

#include <QLineSeries>

#include <QHash>

#include <memory>

class QGraphicsPathItem;
class QAreaSeries;
class QGraphicsSimpleTextItem;

namespace ratelab {

class NiceAxis;

class AllowedChart : public ChartView {
    Q_OBJECT
public:
    enum class Mode { Allowed, Rejected, MinusLog, Share };
    explicit AllowedChart(QWidget* parent = nullptr);

    void setInput(const ChartInput& input);
    // MinusLog falls back to Allowed when the report has no sliding_window_log lane.
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    // Small multiples: one strip per shown algorithm, top to bottom in report order, on one
    // shared scale (each strip's 0 and top on the y axis), each with the offered load and the
    // limit line of its own; the x axis, zoom and crosshair stay one.
    void setStrips(bool strips);
    bool strips() const { return m_strips; }

    QString csvIn(const CsvRange& range) const override;
    QString exportName() const override { return QStringLiteral("allowed"); }
    // "t = 61.240 s  |  token_bucket 412 req/s  |  ..." at x, for the status bar.
    QString readoutAt(double x) const;

    // For tests: the plotted (downsampled) series, one per algorithm, each algorithm's value per
    // bucket in the mode's unit, and the offered load.
    QList<QLineSeries*> algorithmSeries() const { return m_laneLines; }
    // The pinned run's lines, faint, one per algorithm it shares with this run (by id).
    QList<QLineSeries*> pinnedSeries() const { return m_pinnedLines.keys(); }
    const std::vector<std::vector<double>>& values() const { return m_values; }
    QLineSeries* offeredSeries() const { return m_plot->offeredUpper(); }
    // The limit line shown (cost per second, one step per limit change); none for every key.
    std::optional<std::vector<LimitStep>> limitLine() const { return m_limit; }
    QString title() const { return m_title; }
    // For tests: the strips shown, top first: the algorithm (report index) and its baseline in
    // axis values (a value v of that algorithm is drawn at baseline + v - bottom).
    struct Strip {
        std::size_t lane;
        double baseline;
    };
    const std::vector<Strip>& stripLayout() const { return m_stripLayout; }
    double stripBottom() const { return m_stripBottom; }

protected:
    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    QList<QPair<QPointF, QColor>> markersAt(double x) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    void rebuildData();
    void addPinnedLines(double end);
    // The bucket under x (axis units); none outside the data.
    std::optional<std::size_t> bucketAt(double x) const;
    CountsMeasure measure() const;
    QString valueText(double y) const;
    QString yTitle() const;
    void updateTitle();
    // The nice y range [bottom, top] for values between yMin and yMax (and the limit).
    std::pair<double, double> niceValueRange(double yMin, double yMax) const;
    // allowedchartstrips.cpp: the strips' layout and points for a sampled view, their axis,
    // offered areas, rules and limit lines.
    void layoutStrips(OfferedLines::Sampled& sampled);
    double stripOffset(std::size_t lane) const;
    void ensureStripOffered(std::size_t count);
    void showStripOffered(const QList<QPointF>& offered);
    void layoutStripOverlays();

    ChartInput m_input;
    Mode m_mode = Mode::Allowed;
    double m_timeUnit = 1;                           // seconds per axis unit
    double m_bucketUnits = 1;                        // the bucket in axis units
    std::vector<std::vector<double>> m_values;       // per algorithm, per bucket
    QList<QLineSeries*> m_laneLines;                 // per algorithm (the plot holds them in drawing order)
    std::vector<std::size_t> m_lineLane;             // the algorithm of each of the plot's lines, in its order
    QHash<QLineSeries*, std::size_t> m_pinnedLines;  // the pinned run's lines, to the algorithm they match
    NiceAxis* m_x = nullptr;
    NiceAxis* m_y = nullptr;
    std::unique_ptr<OfferedLines> m_plot;  // one line per algorithm, axis units
    std::optional<std::vector<LimitStep>> m_limit;
    QGraphicsPathItem* m_limitLine = nullptr;
    QGraphicsSimpleTextItem* m_limitLabel = nullptr;
    QString m_title;
    bool m_strips = false;
    std::vector<Strip> m_stripLayout;  // empty unless strips are drawn
    double m_stripBottom = 0;
    double m_stripSpan = 1;
    QList<QAreaSeries*> m_stripOffered;  // one offered area per strip, made as needed
    QGraphicsPathItem* m_stripRules = nullptr;
};

}  // namespace ratelab
