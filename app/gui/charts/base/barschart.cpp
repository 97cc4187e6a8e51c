#include "app/gui/charts/base/barschart.h"

#include "app/gui/charts/base/chartseries.h"
#include "app/models/text/formatting.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalStackedBarSeries>

#include <cmath>
#include <limits>

namespace ratelab {

BarsChart::BarsChart(NiceAxis::Formatter formatter, NiceAxis::Scale scale, QWidget* parent)
    : ChartView(parent), m_scale(scale), m_reference(std::numeric_limits<double>::quiet_NaN())
{
    m_values = new NiceAxis(std::move(formatter), scale, this);
    m_values->setTargetTicks(5);
    m_categories = new QBarCategoryAxis(this);
    chart()->addAxis(m_values, Qt::AlignBottom);
    chart()->addAxis(m_categories, Qt::AlignLeft);
    m_series = new QHorizontalStackedBarSeries(this);
    m_series->setBarWidth(0.62);
    addToAxes(chart(), m_series, m_values, m_categories);
    m_refLine = new QGraphicsLineItem(chart());
    m_refLine->setZValue(8);
    m_refText = new QGraphicsSimpleTextItem(chart());
    m_refText->setZValue(8);
}

double BarsChart::axisValue(double value) const
{
    if (m_scale == NiceAxis::Scale::Log2)
        return value >= 1 ? std::log2(value) : 0;
    return value;
}

void BarsChart::setBars(const QList<Bar>& bars, const QString& valueTitle, const QString& csvValueName)
{
    m_bars = bars;
    m_valueTitle = valueTitle;
    m_csvValueName = csvValueName;
    m_series->clear();  // deletes the sets
    m_sets.clear();
    qDeleteAll(m_annotations);
    m_annotations.clear();

    const int n = int(bars.size());
    QStringList categories;
    for (int c = 0; c < n; ++c)
        categories << bars[n - 1 - c].id;  // the first algorithm on top
    m_categories->clear();
    m_categories->append(categories);

    double maxValue = 0;
    for (int i = 0; i < n; ++i) {
        auto* set = new QBarSet(bars[i].id);
        QList<qreal> values(n, 0.0);
        values[n - 1 - i] = bars[i].hidden ? 0.0 : axisValue(bars[i].value);
        set->append(values);
        m_sets.append(set);
        // Queued: what a click does (a zoom, a view change) may set new bars, deleting the bar
        // item whose mouse handler is still running.
        connect(
            set, &QBarSet::clicked, this, [this, i](int) { emit barClicked(i); }, Qt::QueuedConnection);
        connect(
            set, &QBarSet::doubleClicked, this, [this, i](int) { emit barDoubleClicked(i); }, Qt::QueuedConnection);
        if (!bars[i].hidden)
            maxValue = std::max(maxValue, axisValue(bars[i].value));
        auto* label = new QGraphicsSimpleTextItem(chart());
        label->setZValue(9);
        label->setText(bars[i].hidden ? tr("hidden") : bars[i].annotation);
        m_annotations.append(label);
    }
    m_series->append(m_sets);
    if (std::isfinite(m_reference))
        maxValue = std::max(maxValue, axisValue(m_reference));
    // Room on the right for the annotations.
    const double top = maxValue > 0 ? maxValue * 1.15 : 1.0;
    const double step = fmt::niceStep(top, 5);
    m_range = {0, m_scale == NiceAxis::Scale::Log2 ? std::ceil(top / 2) * 2 : std::ceil(top / step) * step};
    restyle();
    refreshNow();
}

void BarsChart::setReference(double value, const QString& label)
{
    m_reference = value;
    m_referenceLabel = label;
}

std::pair<double, double> BarsChart::fullXRange() const
{
    return m_range;
}

void BarsChart::refresh()
{
    m_values->setNiceRange(m_range.first, m_range.second);
}

void BarsChart::restyle()
{
    const bool dark = isDark();
    styleAxis(m_values, m_valueTitle, isDark());
    styleAxis(m_categories, QString(), isDark());
    m_categories->setGridLineVisible(false);
    QColor outline = palette::textColor(dark);
    outline.setAlphaF(0.4f);
    for (int i = 0; i < m_sets.size(); ++i) {
        const Bar& bar = m_bars[i];
        QColor fill = bar.style.color;
        if (bar.style.instance > 0)
            fill.setAlphaF(0.55f);
        m_sets[i]->setBrush(fill);
        QPen pen = palette::linePen(bar.style, bar.style.instance > 0 ? 1.5 : 1);
        pen.setColor(bar.style.instance > 0 ? bar.style.color.darker(130) : outline);
        m_sets[i]->setPen(pen);
    }
    for (QGraphicsSimpleTextItem* a : m_annotations) {
        a->setBrush(palette::textColor(dark));
        a->setFont(chartLabelFont());
    }
    m_refLine->setPen(QPen(palette::textColor(dark), 1.2, Qt::DashLine));
    m_refText->setBrush(palette::textColor(dark));
    m_refText->setFont(chartLabelFont());
}

void BarsChart::layoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    const int n = int(m_bars.size());
    // Grow the value range until every annotation fits right of its bar.
    if (plot.width() > 50) {
        double needed = m_range.second;
        for (int i = 0; i < n && i < m_annotations.size(); ++i) {
            if (m_bars[i].hidden)
                continue;
            const double v = axisValue(m_bars[i].value);
            const double room = 1.0 - (m_annotations[i]->boundingRect().width() + 10) / plot.width();
            if (room > 0.2)
                needed = std::max(needed, v / room);
        }
        if (needed > m_range.second * 1.001) {
            const double step = m_scale == NiceAxis::Scale::Log2 ? 2.0 : fmt::niceStep(needed, 5);
            m_range.second = std::ceil(needed / step) * step;
            scheduleRefresh();
        }
    }
    for (int i = 0; i < n && i < m_annotations.size(); ++i) {
        const double v = m_bars[i].hidden ? 0.0 : axisValue(m_bars[i].value);
        const QPointF end = chart()->mapToPosition(QPointF(v, n - 1 - i), m_series);
        const QRectF br = m_annotations[i]->boundingRect();
        double x = end.x() + 6;
        if (x + br.width() > plot.right())
            x = std::max(plot.left() + 4, plot.right() - br.width() - 2);
        m_annotations[i]->setPos(x, end.y() - br.height() / 2);
    }
    const bool ref = std::isfinite(m_reference) && n > 0;
    m_refLine->setVisible(ref);
    m_refText->setVisible(ref && !m_referenceLabel.isEmpty());
    if (ref) {
        const double x = chart()->mapToPosition(QPointF(axisValue(m_reference), 0), m_series).x();
        m_refLine->setLine(x, plot.top(), x, plot.bottom());
        m_refText->setText(m_referenceLabel);
        m_refText->setPos(x + 4, plot.bottom() - m_refText->boundingRect().height() - 1);
    }
}

QString BarsChart::tooltipAt(const QPointF& value) const
{
    const int n = int(m_bars.size());
    const int category = int(std::lround(value.y()));
    if (category < 0 || category >= n)
        return {};
    return m_bars[n - 1 - category].tooltip;
}

// Bars by id have no x range: every bar, whatever the range.
QString BarsChart::csvIn([[maybe_unused]] const CsvRange& range) const
{
    // A field is quoted when it holds a comma or a quote (a key, an algorithm id).
    const auto field = [](const QString& v) {
        if (!v.contains(QLatin1Char(',')) && !v.contains(QLatin1Char('"')))
            return v;
        return QLatin1Char('"') + QString(v).replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    };
    QString out = QStringLiteral("id,%1").arg(m_csvValueName);
    if (!m_bars.isEmpty())
        for (const auto& [name, value] : m_bars.front().csvFields)
            out += QLatin1Char(',') + name;
    out += QLatin1Char('\n');
    for (const Bar& bar : m_bars) {
        out += field(bar.id) + QLatin1Char(',') + QString::number(bar.value, 'g', 12);
        for (const auto& [name, value] : bar.csvFields)
            out += QLatin1Char(',') + field(value);
        out += QLatin1Char('\n');
    }
    return out;
}

}  // namespace ratelab
