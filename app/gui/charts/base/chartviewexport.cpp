// ChartView's exports: the chart rendered in the light theme with a footer, as PNG, SVG or
// the clipboard's image, and its data as CSV.
#include "app/gui/charts/base/chartview.h"

#include "app/models/document/filewriter.h"
#include "app/models/style/palette.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QPainter>
#include <QSvgGenerator>
#include <QXYSeries>

namespace ratelab {

namespace {

// The named, visible line series of a chart: on screen the view's legend strip names them, in
// an exported image a legend row under the plot does.
QList<QXYSeries*> legendSeries(QChart* chart)
{
    QList<QXYSeries*> out;
    for (QAbstractSeries* s : chart->series())
        if (auto* xy = qobject_cast<QXYSeries*>(s); xy && xy->isVisible() && !xy->name().isEmpty()
            && xy->pen().style() != Qt::NoPen && xy->type() == QAbstractSeries::SeriesTypeLine)
            out.append(xy);
    return out;
}

constexpr int kSwatchWidth = 22;

}  // namespace

// The legend's entries laid out in rows `width` wide: each entry's left edge and row.
QList<QPair<QPointF, QXYSeries*>> ChartView::legendLayout(double width) const
{
    const QFontMetrics metrics(labelFont());
    QList<QPair<QPointF, QXYSeries*>> out;
    double x = 8;
    int row = 0;
    for (QXYSeries* s : legendSeries(chart())) {
        const double entry = kSwatchWidth + 6 + metrics.horizontalAdvance(s->name()) + 16;
        if (x > 8 && x + entry > width - 8) {
            x = 8;
            ++row;
        }
        out.append({QPointF(x, row), s});
        x += entry;
    }
    return out;
}

int ChartView::exportLegendHeight() const
{
    const auto layout = legendLayout(chart()->geometry().width());
    return layout.isEmpty() ? 0 : int(layout.back().first.y() + 1) * (QFontMetrics(labelFont()).height() + 6) + 4;
}

// Rows of swatches and names, in the series' own pens.
void ChartView::renderLegend(QPainter& painter, const QRectF& area)
{
    const double rowHeight = QFontMetrics(labelFont()).height() + 6;
    for (const auto& [at, s] : legendLayout(area.width())) {
        const QRectF row(area.left() + at.x(), area.top() + at.y() * rowHeight, area.width(), rowHeight);
        QPen pen = s->pen();
        pen.setWidthF(2);
        painter.setPen(pen);
        painter.drawLine(QPointF(row.left(), row.center().y()), QPointF(row.left() + kSwatchWidth, row.center().y()));
        painter.setPen(palette::textColor(m_dark));
        painter.drawText(row.adjusted(kSwatchWidth + 6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, s->name());
    }
}

void ChartView::renderTo(QPainter& painter, const QRectF& target)
{
    const bool crosshairVisible = m_crosshair->isVisible();
    m_crosshair->hide();
    for (QGraphicsEllipseItem* m : m_markers)
        m->hide();
    setSeriesCached(false);
    const QFont footerFont = labelFont();
    const int footerHeight = QFontMetrics(footerFont).height() + 8;
    const int legendHeight = exportLegendHeight();
    const QRectF chartRect(target.left(), target.top(), target.width(), target.height() - footerHeight - legendHeight);
    painter.fillRect(target, palette::chartBackground(m_dark));
    scene()->render(&painter, chartRect, chart()->geometry());
    painter.setFont(footerFont);
    if (legendHeight > 0)
        renderLegend(painter, QRectF(target.left(), chartRect.bottom(), target.width(), legendHeight));
    const QRectF footerTop(target.left(), chartRect.bottom() + legendHeight, target.width(), footerHeight);
    painter.setPen(palette::mutedTextColor(m_dark));
    const QString footer = QStringLiteral("%1, seed %2, RateLab %3, %4")
                               .arg(m_scenarioName.isEmpty() ? tr("untitled") : m_scenarioName)
                               .arg(m_seed)
                               .arg(QCoreApplication::applicationVersion(),
                                    QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
    painter.drawText(QRectF(target.left() + 8, footerTop.top(), target.width() - 16, footerHeight),
                     Qt::AlignRight | Qt::AlignVCenter, footer);
    setSeriesCached(true);
    m_crosshair->setVisible(crosshairVisible);
    for (QGraphicsEllipseItem* m : m_markers)
        m->show();
}

QImage ChartView::renderImage(qreal devicePixelRatio, bool lightTheme)
{
    const bool wasDark = m_dark;
    if (lightTheme && wasDark)
        setDark(false);
    const QSizeF logical = chart()->geometry().size() + QSizeF(0, QFontMetrics(labelFont()).height() + 8 + exportLegendHeight());
    QImage image((logical * devicePixelRatio).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        renderTo(painter, QRectF(QPointF(0, 0), logical));
    }
    if (lightTheme && wasDark)
        setDark(true);
    return image;
}

bool ChartView::exportPng(const QString& path, QString* error)
{
    // Encoded in memory, then written: when a write fails inside libpng, Qt leaks its copy of
    // the image.
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !renderImage(2.0, true).save(&buffer, "PNG")) {
        if (error)
            *error = tr("Cannot write %1: the image could not be encoded as PNG").arg(path);
        return false;
    }
    return writeFile(path, png, error);
}

bool ChartView::exportSvg(const QString& path, QString* error)
{
    FileWriter writer(path);
    QIODevice* out = writer.open();
    if (!out)
        return finishExport(writer, error);
    const bool wasDark = m_dark;
    if (wasDark)
        setDark(false);
    const QSizeF logical = chart()->geometry().size() + QSizeF(0, QFontMetrics(labelFont()).height() + 8 + exportLegendHeight());
    QSvgGenerator generator;
    generator.setOutputDevice(out);
    generator.setSize(logical.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), logical));
    generator.setTitle(chart()->title());
    generator.setDescription(QStringLiteral("RateLab chart"));
    bool ok = false;
    {
        QPainter painter;
        ok = painter.begin(&generator);
        if (ok)
            renderTo(painter, QRectF(QPointF(0, 0), logical));
    }  // the generator writes the document as the painter ends
    if (wasDark)
        setDark(true);
    if (!ok)
        writer.cancel(tr("the SVG generator failed"));
    return finishExport(writer, error);
}

QString ChartView::csv(CsvScope scope) const
{
    return csvIn(CsvRange{scope == CsvScope::VisibleRange ? m_range : std::nullopt});
}

bool ChartView::exportCsv(const QString& path, QString* error, CsvScope scope) const
{
    QString why;
    if (writeFile(path, csv(scope).toUtf8(), &why))
        return true;
    if (error)
        *error = why;
    return false;
}

bool ChartView::finishExport(FileWriter& writer, QString* error)
{
    if (writer.commit())
        return true;
    if (error)
        *error = writer.error();
    return false;
}

}  // namespace ratelab
