#pragma once
// The base of the Cluster view's time charts: lines over time in req/s, for the picked algorithm
// or one per lane, over the scenario's faults (ClusterFaultMarks: outages as hatched bands, clock
// steps as dotted verticals), with an optional reference line (LimitLine) and names at the lines'
// ends (LineEndLabels). Subclasses add their lines in build(); the base downsamples them to the
// plot width, autoscales y, and keeps the overlays aligned on every zoom/resize. Every series is
// per bucket of arrival (report.h ClusterStats), as the offered load.

#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/base/offeredlines.h"
#include "app/gui/charts/cluster/clusterfaultmarks.h"
#include "app/gui/charts/cluster/limitline.h"
#include "app/gui/charts/cluster/lineendlabels.h"
#include "app/models/plotdata/clusterinput.h"

#include <QLineSeries>

#include <memory>

class QGraphicsSimpleTextItem;

namespace ratelab {

class NiceAxis;

// What a chart draws beside its lines, fixed for its life.
struct ClusterChartOptions {
    // A chart of the picked lane alone names it in its title ("Allowed per instance: fail_open").
    bool followsLane = false;
    // Each line's name at its right end (LineEndLabels).
    bool endLabels = false;
    // The clock steps' sizes along the top (ClusterFaultMarks).
    bool stepLabels = false;
    // Shown in the plot when every line is zero ("the store never failed").
    QString emptyNote;
};

// A line's pen: `color` at `width`, flat caps and round joins.
QPen linePen(const QColor& color, Qt::PenStyle dash = Qt::SolidLine, qreal width = 2);

class ClusterTimeChart : public ChartView {
    Q_OBJECT
public:
    ClusterTimeChart(const QString& title, const QString& yTitle, const ClusterChartOptions& options, QWidget* parent = nullptr);

    void setInput(const ClusterInput& input);

    // The plotted series, their full-resolution points (axis units, req/s), and the overlays.
    QList<QLineSeries*> lines() const { return m_plot->lines(); }
    QList<QPointF> fullPoints(int line) const { return m_plot->fullLines().value(line); }
    const ClusterFaultMarks& faults() const { return m_faults; }
    const LineEndLabels& endLabels() const { return m_endLabels; }

    QString csvIn(const CsvRange& range) const override;
    // Stacked charts show the x title on the bottom one only.
    void setXTitleVisible(bool on);
    // The chart's title without the lane a lane-following chart adds to it.
    QString title() const { return m_title; }
    // The sentence the view shows instead of the chart when it has nothing to show in this run
    // ("No store outage in this scenario."); empty when it has something.
    virtual QString nothingToShow() const { return {}; }
    struct Value {
        int line;  // index into lines(); -1 for the offered load
        QString name;
        double perSecond;
    };
    // What the tooltip lists at x (axis units): each shown line's value in req/s, in line
    // order, then the offered load's when the chart has one.
    QList<Value> valuesAt(double x) const;
    // The lane (index into the report's algorithms) a line draws; -1 for a line of no lane.
    int laneOfLine(int line) const { return m_lineLane.value(line, -1); }

protected:
    // Add the chart's lines (after clearing): addLine() for each.
    virtual void build() = 0;
    // `endLabel` names the line at its right end when end labels are on (default: its name).
    QLineSeries* addLine(const QString& name, const std::vector<std::int64_t>& perBucket, const QPen& pen,
                         const QString& endLabel = {});
    // One line per lane of `series`, named by the lane and in its style, in lane order: the
    // picked lane wide, the others thin.
    void addLaneLines(std::vector<std::int64_t> ClusterStats::*series);
    // Appended to a line's row in the tooltip, for the bucket under the mouse ("2 wrongly").
    virtual QString lineNote(int line, std::size_t bucket) const
    {
        (void)line;
        (void)bucket;
        return {};
    }
    // Room kept free at the top of the plot, in pixels, for overlays drawn there.
    void setTopReservePx(double px) { m_topReservePx = px; }
    // A grey offered-load area behind the lines.
    void setOffered(const std::vector<std::int64_t>& perBucket);
    // A dashed horizontal reference line in the text colour, with a label; reset by setInput.
    LimitLine& limitLine() { return m_limitLine; }
    const ClusterInput& input() const { return m_input; }

    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    QList<QPair<QPointF, QColor>> markersAt(double x) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    ClusterInput m_input;
    QString m_title;
    QString m_yTitle;
    ClusterChartOptions m_options;
    NiceAxis* m_x = nullptr;
    NiceAxis* m_y = nullptr;
    std::unique_ptr<OfferedLines> m_plot;
    QList<QPen> m_pens;     // per line of m_plot
    QList<int> m_lineLane;  // per line of m_plot: its lane, or -1
    double m_topReservePx = 0;
    QList<std::vector<std::int64_t>> m_raw;
    bool m_xTitle = true;
    bool m_allZero = false;
    QGraphicsSimpleTextItem* m_emptyNote = nullptr;
    ClusterFaultMarks m_faults;
    LimitLine m_limitLine;
    LineEndLabels m_endLabels;  // one per line when the options ask for them
};

}  // namespace ratelab
