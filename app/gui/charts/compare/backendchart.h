#pragma once
// Compare chart D for a scenario with a backend model: the p99 latency of allowed requests over
// time, per algorithm, on a log axis (10 ms and 15 s both readable), with each lane's placement,
// busy share and whole-run p99 written at the top left. It answers "what does the limiter's
// place cost the users it lets through": a limiter after the work leaves the same requests
// allowed while their latency grows with the backend's queue.

#include "app/gui/charts/base/chartview.h"
#include "app/models/plotdata/chartinput.h"

#include <QLineSeries>

class QGraphicsSimpleTextItem;

namespace ratelab {

class NiceAxis;

class BackendChart : public ChartView {
    Q_OBJECT
public:
    explicit BackendChart(QWidget* parent = nullptr);
    void setInput(const ChartInput& input);
    // Whether the report has a backend model to draw (else Compare shows the delay chart).
    static bool applies(const Report* report);

    QString csvIn(const CsvRange& range) const override;
    QString exportName() const override { return QStringLiteral("backend"); }
    QList<QLineSeries*> lines() const { return m_lines; }
    // For tests: the summary line drawn for line i.
    QString summaryText(int line) const;
    // The p99 latency (us) of line i in the bucket holding `atUs` from the start; -1 when none entered.
    qint64 latencyAt(int line, SimTime atUs) const;

protected:
    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    struct Curve {
        std::size_t algorithm = 0;
        QList<QPointF> points;  // (time in axis units, log10 of the p99 latency in us)
    };
    std::size_t bucketAt(double x) const;

    ChartInput m_input;
    double m_secondsPerUnit = 1;
    QList<Curve> m_curves;
    QList<QLineSeries*> m_lines;
    QList<QGraphicsSimpleTextItem*> m_summaries;
    NiceAxis* m_x = nullptr;
    NiceAxis* m_y = nullptr;
    double m_minLog = 3, m_maxLog = 4;
};

}  // namespace ratelab
