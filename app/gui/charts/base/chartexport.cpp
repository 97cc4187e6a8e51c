#include "app/gui/charts/base/chartexport.h"

#include "app/gui/charts/base/chartcrosshair.h"
#include "app/gui/charts/base/chartstyle.h"
#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/base/chartzoom.h"
#include "app/models/document/filewriter.h"
#include "app/models/style/palette.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
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

// Puts an export's file in place, or says why not in `error`.
bool finish(FileWriter& writer, QString* error)
{
    if (writer.commit())
        return true;
    if (error)
        *error = writer.error();
    return false;
}

}  // namespace

ChartExport::ChartExport(ChartView* view) : QObject(view), m_view(view) {}

void ChartExport::setContext(const QString& scenarioName, quint64 seed)
{
    m_scenarioName = scenarioName;
    m_seed = seed;
}

// The legend's entries laid out in rows `width` wide: each entry's left edge and row.
QList<QPair<QPointF, QXYSeries*>> ChartExport::legendLayout(double width) const
{
    const QFontMetrics metrics(chartLabelFont());
    QList<QPair<QPointF, QXYSeries*>> out;
    double x = 8;
    int row = 0;
    for (QXYSeries* s : legendSeries(m_view->chart())) {
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

int ChartExport::legendHeight() const
{
    const auto layout = legendLayout(m_view->chart()->geometry().width());
    return layout.isEmpty() ? 0 : int(layout.back().first.y() + 1) * (QFontMetrics(chartLabelFont()).height() + 6) + 4;
}

QSizeF ChartExport::renderedSize() const
{
    return m_view->chart()->geometry().size() + QSizeF(0, QFontMetrics(chartLabelFont()).height() + 8 + legendHeight());
}

// Rows of swatches and names, in the series' own pens.
void ChartExport::renderLegend(QPainter& painter, const QRectF& area)
{
    const double rowHeight = QFontMetrics(chartLabelFont()).height() + 6;
    for (const auto& [at, s] : legendLayout(area.width())) {
        const QRectF row(area.left() + at.x(), area.top() + at.y() * rowHeight, area.width(), rowHeight);
        QPen pen = s->pen();
        pen.setWidthF(2);
        painter.setPen(pen);
        painter.drawLine(QPointF(row.left(), row.center().y()), QPointF(row.left() + kSwatchWidth, row.center().y()));
        painter.setPen(palette::textColor(m_view->isDark()));
        painter.drawText(row.adjusted(kSwatchWidth + 6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, s->name());
    }
}

void ChartExport::renderTo(QPainter& painter, const QRectF& target)
{
    m_view->crosshair().setHidden(true);
    m_view->setSeriesCached(false);
    const QFont footerFont = chartLabelFont();
    const int footerHeight = QFontMetrics(footerFont).height() + 8;
    const int legend = legendHeight();
    const QRectF chartRect(target.left(), target.top(), target.width(), target.height() - footerHeight - legend);
    painter.fillRect(target, palette::chartBackground(m_view->isDark()));
    m_view->scene()->render(&painter, chartRect, m_view->chart()->geometry());
    painter.setFont(footerFont);
    if (legend > 0)
        renderLegend(painter, QRectF(target.left(), chartRect.bottom(), target.width(), legend));
    const QRectF footerTop(target.left(), chartRect.bottom() + legend, target.width(), footerHeight);
    painter.setPen(palette::mutedTextColor(m_view->isDark()));
    const QString footer = QStringLiteral("%1, seed %2, RateLab %3, %4")
                               .arg(m_scenarioName.isEmpty() ? tr("untitled") : m_scenarioName)
                               .arg(m_seed)
                               .arg(QCoreApplication::applicationVersion(),
                                    QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
    painter.drawText(QRectF(target.left() + 8, footerTop.top(), target.width() - 16, footerHeight),
                     Qt::AlignRight | Qt::AlignVCenter, footer);
    m_view->setSeriesCached(true);
    m_view->crosshair().setHidden(false);
}

QImage ChartExport::renderImage(qreal devicePixelRatio, bool lightTheme)
{
    const bool wasDark = m_view->isDark();
    if (lightTheme && wasDark)
        m_view->setDark(false);
    const QSizeF logical = renderedSize();
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
        m_view->setDark(true);
    return image;
}

bool ChartExport::exportPng(const QString& path, QString* error)
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

bool ChartExport::exportSvg(const QString& path, QString* error)
{
    FileWriter writer(path);
    QIODevice* out = writer.open();
    if (!out)
        return finish(writer, error);
    const bool wasDark = m_view->isDark();
    if (wasDark)
        m_view->setDark(false);
    const QSizeF logical = renderedSize();
    QSvgGenerator generator;
    generator.setOutputDevice(out);
    generator.setSize(logical.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), logical));
    generator.setTitle(m_view->chart()->title());
    generator.setDescription(QStringLiteral("RateLab chart"));
    bool ok = false;
    {
        QPainter painter;
        ok = painter.begin(&generator);
        if (ok)
            renderTo(painter, QRectF(QPointF(0, 0), logical));
    }  // the generator writes the document as the painter ends
    if (wasDark)
        m_view->setDark(true);
    if (!ok)
        writer.cancel(tr("the SVG generator failed"));
    return finish(writer, error);
}

QString ChartExport::csv(CsvScope scope) const
{
    return m_view->csvIn(ChartView::CsvRange{scope == CsvScope::VisibleRange ? m_view->zoom().range() : std::nullopt});
}

bool ChartExport::exportCsv(const QString& path, QString* error, CsvScope scope) const
{
    QString why;
    if (writeFile(path, csv(scope).toUtf8(), &why))
        return true;
    if (error)
        *error = why;
    return false;
}

}  // namespace ratelab
