#pragma once
// A chart's exports (gui-guide.md 3.4): PNG at 2x device pixel ratio, SVG through
// QSvgGenerator, both rendered from the scene in the light theme, with a legend row for its
// named lines and a footer ("scenario, seed, RateLab version, UTC time"), without the
// crosshair; and its data as CSV. Written through a FileWriter: false on failure, with
// "Cannot write PATH: REASON" in `error`, and a file that was there stays as it was.

#include <QImage>
#include <QObject>
#include <QString>

class QPainter;
class QXYSeries;

namespace ratelab {

class ChartView;

class ChartExport : public QObject {
    Q_OBJECT
public:
    // CSV: every row (AllData), or only the rows whose x (in the x axis' data units: the time
    // of a bucket's start, a delay bound) lies inside the zoomed x range (VisibleRange; every
    // row when the chart is not zoomed).
    enum class CsvScope { AllData, VisibleRange };

    explicit ChartExport(ChartView* view);

    void setContext(const QString& scenarioName, quint64 seed);  // the footer's
    QImage renderImage(qreal devicePixelRatio = 2.0, bool lightTheme = true);
    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportSvg(const QString& path, QString* error = nullptr);
    QString csv(CsvScope scope = CsvScope::AllData) const;
    bool exportCsv(const QString& path, QString* error = nullptr, CsvScope scope = CsvScope::AllData) const;

private:
    void renderTo(QPainter& painter, const QRectF& target);
    QSizeF renderedSize() const;  // the chart, its legend row and the footer
    int legendHeight() const;     // 0 when the chart has no named line to list
    void renderLegend(QPainter& painter, const QRectF& area);
    QList<QPair<QPointF, QXYSeries*>> legendLayout(double width) const;

    ChartView* m_view;
    QString m_scenarioName;
    quint64 m_seed = 0;
};

}  // namespace ratelab
