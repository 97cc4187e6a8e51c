// ChartView's exports: the chart rendered in the light theme with a footer, as PNG, SVG or
// the clipboard's image, and its data as CSV.
#include "app/gui/charts/chartview.h"

#include "app/models/filewriter.h"
#include "app/models/palette.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QPainter>
#include <QSvgGenerator>

namespace ratelab {

void ChartView::renderTo(QPainter& painter, const QRectF& target)
{
    const bool crosshairVisible = m_crosshair->isVisible();
    m_crosshair->hide();
    for (QGraphicsEllipseItem* m : m_markers)
        m->hide();
    setSeriesCached(false);
    const QFont footerFont = labelFont();
    const int footerHeight = QFontMetrics(footerFont).height() + 8;
    const QRectF chartRect(target.left(), target.top(), target.width(), target.height() - footerHeight);
    painter.fillRect(target, palette::chartBackground(m_dark));
    scene()->render(&painter, chartRect, chart()->geometry());
    painter.setFont(footerFont);
    painter.setPen(palette::mutedTextColor(m_dark));
    const QString footer = QStringLiteral("%1, seed %2, RateLab %3, %4")
                               .arg(m_scenarioName.isEmpty() ? tr("untitled") : m_scenarioName)
                               .arg(m_seed)
                               .arg(QCoreApplication::applicationVersion(),
                                    QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
    painter.drawText(QRectF(target.left() + 8, chartRect.bottom(), target.width() - 16, footerHeight),
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
    const QSizeF logical = chart()->geometry().size() + QSizeF(0, QFontMetrics(labelFont()).height() + 8);
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
    const QSizeF logical = chart()->geometry().size() + QSizeF(0, QFontMetrics(labelFont()).height() + 8);
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

bool ChartView::exportCsv(const QString& path, QString* error) const
{
    QString why;
    if (writeFile(path, csv().toUtf8(), &why))
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
