#pragma once
// The base of the Cluster view's time charts: lines over time in req/s, for the picked algorithm
// or one per lane, with the scenario's outage windows as hatched bands and its clock steps as
// dotted verticals behind the series (gui-guide.md 4.4 and 5: graphics items, not series, so they
// stay out of legends, autoscale and CSV). Subclasses add their lines in build(); the base
// downsamples them to the plot width, autoscales y, and keeps the overlays aligned on every
// zoom/resize. Every series is per bucket of arrival (report.h ClusterStats), as the offered load.

#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/base/offeredlines.h"
#include "app/models/plotdata/clusterinput.h"

#include <QLineSeries>

#include <memory>

class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace ratelab {

class NiceAxis;

class ClusterTimeChart : public ChartView {
    Q_OBJECT
public:
    explicit ClusterTimeChart(const QString& title, const QString& yTitle, QWidget* parent = nullptr);

    void setInput(const ClusterInput& input);

    // For tests: the plotted series, their full-resolution points (axis units, req/s), and
    // the overlays.
    QList<QLineSeries*> lines() const { return m_plot->lines(); }
    QList<QPointF> fullPoints(int line) const { return m_plot->fullLines().value(line); }
    QList<QGraphicsRectItem*> outageBands() const { return m_bands; }
    QList<QGraphicsLineItem*> stepLines() const { return m_steps; }
    QList<QGraphicsSimpleTextItem*> endLabels() const { return m_endLabels; }
    std::optional<double> limitLine() const { return m_limit; }
    // The x extent of a band in axis units (for tests).
    QPair<double, double> bandSpan(int band) const { return m_bandSpans.value(band); }

    QString csvIn(const CsvRange& range) const override;
    // Stacked charts show the x title on the bottom one only.
    void setXTitleVisible(bool on);
    // The chart's title without the lane a lane-following chart adds to it.
    QString title() const { return m_title; }
    // The sentence the view shows instead of the chart when it has nothing to show in this run
    // ("No store outage in this scenario."); empty when it has something.
    virtual QString nothingToShow() const { return {}; }
    // What the tooltip lists at x (axis units): each line's value in req/s, by name, in line
    // order, then the offered load's when the chart has one.
    QList<QPair<QString, double>> valuesAt(double x) const;
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
    // A dashed horizontal reference line in the text colour, with a label.
    void setLimit(std::optional<double> perSecond, const QString& label);
    void setStepLabels(bool on) { m_stepLabels = on; }
    // A chart of the picked lane alone names it in its title ("Allowed per instance: fail_open").
    void setFollowsLane(bool on) { m_followsLane = on; }
    // Each line's name at its right end (gui-guide.md 4.4: instances share the colour and differ by
    // dash and name), in the right margin every stacked chart keeps for it.
    void setEndLabels(bool on) { m_endLabelsOn = on; }
    // Shown in the plot when every line is zero ("the store never failed").
    void setEmptyNote(const QString& note) { m_emptyNoteText = note; }
    const ClusterInput& input() const { return m_input; }
    QPen algorithmPen(Qt::PenStyle dash = Qt::SolidLine, qreal width = 2) const;

    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    QList<QPair<QPointF, QColor>> markersAt(double x) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    struct TooltipRow {
        int line;  // index into lines(); -1 for the offered load
        QString name;
        double perSecond;
    };
    QList<TooltipRow> rowsAt(double x) const;
    void clear();
    void buildOverlays();
    void layoutEndLabels(const QRectF& plot, double hi);

    ClusterInput m_input;
    QString m_title;
    bool m_followsLane = false;
    QString m_yTitle;
    NiceAxis* m_x = nullptr;
    NiceAxis* m_y = nullptr;
    std::unique_ptr<OfferedLines> m_plot;
    QList<QPen> m_pens;     // per line of m_plot
    QList<int> m_lineLane;  // per line of m_plot: its lane, or -1
    double m_topReservePx = 0;
    QList<std::vector<std::int64_t>> m_raw;
    std::optional<double> m_limit;
    QString m_limitText;
    QGraphicsLineItem* m_limitLine = nullptr;
    QGraphicsSimpleTextItem* m_limitLabel = nullptr;
    bool m_stepLabels = false;
    bool m_xTitle = true;
    bool m_allZero = false;
    QString m_emptyNoteText;
    QGraphicsSimpleTextItem* m_emptyNote = nullptr;
    QList<QGraphicsRectItem*> m_bands;
    QList<QPair<double, double>> m_bandSpans;  // axis units
    QList<QString> m_bandTips;
    QList<QGraphicsLineItem*> m_steps;
    QList<double> m_stepX;  // axis units
    QList<QGraphicsSimpleTextItem*> m_stepText;
    bool m_endLabelsOn = false;
    QList<QGraphicsSimpleTextItem*> m_endLabels;  // one per line when on
};

}  // namespace ratelab
