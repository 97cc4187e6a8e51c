#pragma once
// Compare chart A: requests over time, one line per algorithm, from the counts the view picked
// (ChartInput::counts: every key at the report's bucket, or one key, or a finer bucket): allowed
// or rejected cost per second, allowed minus the exact sliding log's, or the acceptance share
// per bucket. Each bucket's value is drawn level across the bucket (a step line), so a burst
// shows as long as the buckets it filled; the exact sliding log's line is drawn last, on top of
// those it coincides with. The offered load is a grey area behind the two rate modes. For one key, its
// nominal limit per second is a dashed line under the series when the algorithms share it; for
// every key there is none (the limit is per key) and the title says so. Series are
// min/max-downsampled to the plot width on every zoom and resize. What it draws is computed
// apart (AllowedData); drawn as strips, by AllowedStrips.

#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/base/offeredlines.h"
#include "app/gui/charts/compare/allowedstrips.h"
#include "app/models/plotdata/alloweddata.h"

#include <QLineSeries>

#include <QHash>

#include <memory>

class QGraphicsPathItem;
class QGraphicsSimpleTextItem;

namespace ratelab {

class NiceAxis;

class AllowedChart : public ChartView {
    Q_OBJECT
public:
    using Mode = AllowedData::Mode;
    using Strip = AllowedStrips::Strip;
    explicit AllowedChart(QWidget* parent = nullptr);

    void setInput(const ChartInput& input);
    // MinusLog falls back to Allowed when the report has no sliding_window_log lane.
    void setMode(Mode mode);
    Mode mode() const { return m_data.mode(); }
    // Small multiples: one strip per shown algorithm, top to bottom in report order, on one
    // shared scale (each strip's 0 and top on the y axis), each with the offered load and the
    // limit line of its own; the x axis, zoom and crosshair stay one (AllowedStrips).
    void setStrips(bool strips);
    bool strips() const { return m_strips; }

    QString csvIn(const CsvRange& range) const override { return m_data.csv(range.x); }
    QString exportName() const override { return QStringLiteral("allowed"); }
    // "t = 61.240 s  |  token_bucket 412 req/s  |  ..." at x, for the status bar.
    QString readoutAt(double x) const;

    // What it draws: each algorithm's value per bucket in the mode's unit, the limit line
    // (cost per second, one step per limit change; none for every key), the title.
    const AllowedData& data() const { return m_data; }
    // For tests: the plotted (downsampled) series, one per algorithm, and the offered load.
    QList<QLineSeries*> algorithmSeries() const { return m_laneLines; }
    // The pinned run's lines, faint, one per algorithm it shares with this run (by id).
    QList<QLineSeries*> pinnedSeries() const { return m_pinnedLines.keys(); }
    QLineSeries* offeredSeries() const { return m_plot->offeredUpper(); }
    // The strips shown, top first: the algorithm (report index) and its baseline in axis
    // values (a value v of that algorithm is drawn at baseline + v - bottom).
    const AllowedStrips& stripLayout() const { return *m_stripParts; }
    QString title() const { return m_data.title(m_strips); }

protected:
    std::pair<double, double> fullXRange() const override { return m_data.fullXRange(); }
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    QList<QPair<QPointF, QColor>> markersAt(double x) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    void rebuildLines();
    void addPinnedLines();
    std::vector<std::size_t> shownLanes() const;

    ChartInput m_input;
    AllowedData m_data;
    QList<QLineSeries*> m_laneLines;                 // per algorithm (the plot holds them in drawing order)
    std::vector<std::size_t> m_lineLane;             // the algorithm of each of the plot's lines, in its order
    QHash<QLineSeries*, std::size_t> m_pinnedLines;  // the pinned run's lines, to the algorithm they match
    NiceAxis* m_x = nullptr;
    NiceAxis* m_y = nullptr;
    std::unique_ptr<OfferedLines> m_plot;  // one line per algorithm, axis units
    QGraphicsPathItem* m_limitLine = nullptr;
    QGraphicsSimpleTextItem* m_limitLabel = nullptr;
    bool m_strips = false;
    std::unique_ptr<AllowedStrips> m_stripParts;  // made after the limit line: its rules are drawn over it
};

}  // namespace ratelab
