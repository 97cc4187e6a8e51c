#include "app/gui/charts/logs/ratedistributionchart.h"

#include "app/gui/charts/base/chartseries.h"
#include "app/gui/charts/base/labelplacement.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/models/plotdata/downsample.h"
#include "app/models/plotdata/tradeoffcurve.h"
#include "app/models/style/palette.h"
#include "app/models/text/formatting.h"

#include <QAreaSeries>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>

#include <cmath>

namespace ratelab {

namespace {
// Room above the data (a share of the plot height) where the percentile labels sit, so they
// never cover the CDF as it nears 100%.
constexpr double kHeadroom = 1.2;
constexpr int kTicks = 4;          // p50, p90, p99, p99.9 (the distribution's fifth is the max)
constexpr double kLogBase = -0.3;  // the log keys axis' floor: log10 of half a key
}  // namespace

RateDistributionChart::RateDistributionChart(QWidget* parent) : ChartView(parent)
{
    setChartTitle(tr("Per-key rate distribution"));
    m_x = new NiceAxis([](double v, double) { return fmt::compact(v); }, NiceAxis::Scale::Log10, this);
    m_keys = new NiceAxis(&NiceAxis::compact, NiceAxis::Scale::Linear, this);
    m_keys->setTargetTicks(5);
    m_keysLog = new NiceAxis(&NiceAxis::compact, NiceAxis::Scale::Log10, this);
    m_share = new NiceAxis([](double v, double) { return QString::number(v, 'f', 0) + QLatin1Char('%'); },
                           NiceAxis::Scale::Linear, this);
    m_share->setTargetTicks(5);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_keys, Qt::AlignLeft);
    chart()->addAxis(m_keysLog, Qt::AlignLeft);
    chart()->addAxis(m_share, Qt::AlignRight);

    m_histTop = new QLineSeries(this);
    m_histBase = new QLineSeries(this);
    m_histogram = new QAreaSeries(m_histTop, m_histBase);
    m_histogram->setName(tr("keys per bin"));
    addToAxes(chart(), m_histogram, m_x, m_keys);  // first: ChartView maps the mouse through it
    m_cdfSeries = addLine(chart(), this, tr("CDF"), m_x, m_share);

    for (int i = 0; i < kTicks; ++i) {
        auto* line = new QGraphicsLineItem(chart());
        line->setZValue(7);
        m_tickLines.append(line);
        auto* label = new QGraphicsSimpleTextItem(chart());
        label->setZValue(7);
        m_tickLabels.append(label);
    }
    m_empty = new QGraphicsSimpleTextItem(chart());
    m_empty->setZValue(10);
    rebuild();
}

QString RateDistributionChart::emptyText() const
{
    return tr("Import an access log (Import log…) to see how fast its keys send requests");
}

const WindowRates* RateDistributionChart::windowRates() const
{
    if (!m_result || m_window < 0 || std::size_t(m_window) >= m_result->rates.windows.size())
        return nullptr;
    return &m_result->rates.windows[std::size_t(m_window)];
}

void RateDistributionChart::setResult(std::shared_ptr<const AdvisorResult> result, int window)
{
    m_result = std::move(result);
    m_window = window;
    rebuild();
}

void RateDistributionChart::setWindow(int window)
{
    m_window = window;
    rebuild();
}

void RateDistributionChart::setRateUnit(fmt::RateUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    rebuild();
}

void RateDistributionChart::rebuild()
{
    m_bars.clear();
    m_cdf.clear();
    m_percentiles.clear();
    m_cdfLine.clear();
    m_maxKeys = 1;
    const WindowRates* w = windowRates();
    const bool tooFew = m_result && m_result->keys > 0 && m_result->keys < kMinKeysForCurves;
    if (w && w->distribution.count > 0 && !tooFew) {
        const Distribution& d = w->distribution;
        // A count per W as req/s, then in the unit.
        const double perSecond = 1e6 / double(w->windowUs);
        const auto rate = [this, perSecond](std::int64_t count) { return fmt::rateIn(double(count) * perSecond, m_unit); };
        for (const HistogramBin& bin : d.histogram) {
            // The [0, 1) bin (zero-cost requests only) is drawn one octave wide on the log axis.
            const double upper = rate(bin.upper);
            m_bars.append({bin.lower > 0 ? rate(bin.lower) : upper / 2, upper, bin.keys});
            m_maxKeys = std::max(m_maxKeys, double(bin.keys));
        }
        for (const CdfStep& step : d.cdf)
            m_cdf.append(QPointF(rate(step.value), 100.0 * double(step.keys) / double(d.count)));
        for (int i = 0; i < kTicks && i < int(d.percentiles.size()); ++i)
            m_percentiles.append({d.percentiles[std::size_t(i)].quantile, rate(d.percentiles[std::size_t(i)].value)});
        m_xRange = {std::log10(fmt::niceFloor(m_bars.front().lower)), std::log10(fmt::niceCeil(m_bars.back().upper))};
        // The CDF as steps: flat until each value, then up to its share.
        double previous = 0;
        m_cdfLine.append(QPointF(m_xRange.first, 0));
        for (const QPointF& step : m_cdf) {
            if (step.x() <= 0)
                continue;
            const double x = std::log10(step.x());
            m_cdfLine.append(QPointF(x, previous));
            m_cdfLine.append(QPointF(x, step.y()));
            previous = step.y();
        }
        m_cdfLine.append(QPointF(m_xRange.second, previous));
    }
    double fewest = m_maxKeys;
    for (const Bar& bar : m_bars)
        if (bar.keys > 0)
            fewest = std::min(fewest, double(bar.keys));
    setKeysLog(m_maxKeys >= kLogKeysRatio * fewest);
    const double base = m_logKeys ? kLogBase : 0;  // a bar of one key stands above a log axis' floor
    QList<QPointF> top;
    for (const Bar& bar : m_bars) {
        const double lo = std::log10(bar.lower);
        const double hi = std::log10(bar.upper);
        const double y = bar.keys <= 0 ? base : m_logKeys ? std::log10(double(bar.keys)) : double(bar.keys);
        top << QPointF(lo, base) << QPointF(lo, y) << QPointF(hi, y) << QPointF(hi, base);
    }
    m_histTop->replace(top);
    m_histBase->replace(top.isEmpty() ? QList<QPointF>{} : QList<QPointF>{{top.front().x(), base}, {top.back().x(), base}});

    const bool empty = m_bars.isEmpty();
    for (QAbstractAxis* axis : chart()->axes())
        axis->setVisible(!empty);
    setKeysLog(m_logKeys);  // of the two keys axes, only the one in use
    m_empty->setVisible(empty);
    m_empty->setText(!m_result    ? emptyText()
                         : tooFew ? tr("Only %1 keys in this log: too few for a distribution of per-key rates (%2 at least)")
                                        .arg(m_result->keys)
                                        .arg(kMinKeysForCurves)
                                  : tr("No requests in this log"));
    for (int i = 0; i < kTicks; ++i) {
        const bool shown = i < m_percentiles.size();
        m_tickLabels[i]->setVisible(shown);
        m_tickLines[i]->setVisible(shown);
        if (shown)
            m_tickLabels[i]->setText(QStringLiteral("p%1 %2")
                                         .arg(m_percentiles[i].first * 100, 0, 'g', 4)
                                         .arg(fmt::rateNumber(m_percentiles[i].second)));
    }
    restyle();
    refreshNow();
}

void RateDistributionChart::setKeysLog(bool log)
{
    m_keys->setVisible(!log && !m_bars.isEmpty());
    m_keysLog->setVisible(log && !m_bars.isEmpty());
    if (log == m_logKeys)
        return;
    m_logKeys = log;
    m_histogram->detachAxis(log ? m_keys : m_keysLog);
    m_histogram->attachAxis(log ? m_keysLog : m_keys);
}

std::pair<double, double> RateDistributionChart::fullXRange() const
{
    return m_xRange;
}

void RateDistributionChart::refresh()
{
    m_cdfSeries->replace(downsampleMinMax(m_cdfLine, m_xRange.first, m_xRange.second, plotColumns()));
    m_x->setNiceRange(m_xRange.first, m_xRange.second);
    if (m_logKeys)
        m_keysLog->setNiceRange(kLogBase, std::log10(m_maxKeys * kHeadroom * kHeadroom));
    else
        m_keys->setNiceRange(0, m_maxKeys * kHeadroom);
    m_share->setNiceRange(0, 100 * kHeadroom);
}

void RateDistributionChart::restyle()
{
    const bool dark = isDark();
    const WindowRates* w = windowRates();
    const QString window = w ? fmt::windowLength(w->windowUs) : QString();
    styleAxis(m_x, w ? tr("busiest %1 of each key (%2, log)").arg(window, fmt::rateUnitName(m_unit)) : QString(), isDark());
    styleAxis(m_keys, tr("keys per bin (bars)"), isDark());
    styleAxis(m_keysLog, tr("keys per bin (bars, log)"), isDark());
    styleAxis(m_share, tr("CDF of keys (%, line)"), isDark());
    m_share->setGridLineVisible(false);
    // Neither series is an algorithm: bars in the text colour, faint; the CDF in it, solid.
    QColor fill = palette::textColor(dark);
    fill.setAlphaF(0.18f);
    QColor outline = palette::textColor(dark);
    outline.setAlphaF(0.45f);
    m_histogram->setBrush(fill);
    m_histogram->setPen(QPen(outline, 1));
    m_cdfSeries->setPen(QPen(palette::textColor(dark), 2));
    for (int i = 0; i < kTicks; ++i) {
        m_tickLines[i]->setPen(QPen(palette::mutedTextColor(dark), 1, Qt::DashLine));
        m_tickLabels[i]->setBrush(palette::textColor(dark));
        m_tickLabels[i]->setFont(chartLabelFont());
    }
    QFont f = chartLabelFont();
    f.setPointSizeF(f.pointSizeF() + 1);
    m_empty->setFont(f);
    m_empty->setBrush(palette::mutedTextColor(dark));
}

void RateDistributionChart::layoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    if (m_bars.isEmpty()) {
        const QRectF area = chart()->geometry();
        const QRectF br = m_empty->boundingRect();
        m_empty->setPos(area.center().x() - br.width() / 2, area.center().y() - br.height() / 2);
        return;
    }
    // Labels in the headroom above the data, right of their tick or left of it, a row lower
    // when they would overlap one placed before or sit on the bars or the CDF; they may reach
    // into the right margin (the right axis has no tick label up there).
    const QRectF bounds = plot.adjusted(0, 0, chart()->geometry().right() - 4 - plot.right(), 0);
    const QList<QPolygonF> paths = labelplacement::seriesPaths(chart());
    QList<QRectF> placed;
    for (int i = 0; i < m_percentiles.size(); ++i) {
        const double x = chart()->mapToPosition(QPointF(std::log10(m_percentiles[i].second), 0), m_histogram).x();
        QGraphicsSimpleTextItem* label = m_tickLabels[i];
        const QSizeF size = label->boundingRect().size();
        QList<QRectF> candidates;
        for (double y = plot.top() + 2; y + size.height() <= plot.bottom(); y += size.height())
            for (double lx : {x + 3, x - size.width() - 3})
                candidates.append(QRectF(QPointF(lx, y), size));
        QList<QRectF> taken;
        for (const QRectF& other : placed)
            taken.append(other.adjusted(-4, 0, 4, 0));
        const QRectF rect = labelplacement::place(candidates, bounds, paths, taken);
        placed.append(rect);
        label->setPos(rect.topLeft());
        m_tickLines[i]->setLine(x, rect.top(), x, plot.bottom());
    }
}

QString RateDistributionChart::tooltipAt(const QPointF& value) const
{
    const WindowRates* w = windowRates();
    if (!w || m_bars.isEmpty())
        return {};
    const double rate = std::pow(10.0, value.x());
    const qsizetype n = m_bars.size();
    qsizetype i = 0;
    while (i + 1 < n && rate >= m_bars[i].upper)
        ++i;
    const Bar& bar = m_bars[i];
    const HistogramBin& bin = w->distribution.histogram[std::size_t(i)];
    double atOrBelow = 0;
    for (const QPointF& step : m_cdf)
        if (step.x() <= rate)
            atOrBelow = step.y();
    // A bin of one value ([1, 2)) sent exactly that many.
    const QString sent = bin.upper - 1 == bin.lower
        ? fmt::count(bin.lower, "request")
        : tr("%1 to %2 requests").arg(fmt::exact(bin.lower), fmt::exact(bin.upper - 1));
    const QString unit = fmt::rateUnitName(m_unit);
    return tr("<b>%1</b> sent %2 in their busiest %3 (%4 to %5 %8)<br>%6 of keys stay at or below %7 %8")
        .arg(fmt::count(bar.keys, "key"), sent, fmt::windowLength(w->windowUs), fmt::rateNumber(bar.lower),
             fmt::rateNumber(bar.upper), fmt::share(atOrBelow / 100), fmt::rateNumber(rate), unit);
}

QString RateDistributionChart::csvIn(const CsvRange& range) const
{
    const WindowRates* w = windowRates();
    QString out = QStringLiteral("window_us,lower,upper,keys\n");
    if (w)
        for (std::size_t i = 0; i < w->distribution.histogram.size(); ++i) {
            // A bin's x: log10 of its lower edge's rate, where its bar starts.
            if (qsizetype(i) < m_bars.size() && !range.contains(std::log10(m_bars[qsizetype(i)].lower)))
                continue;
            const HistogramBin& bin = w->distribution.histogram[i];
            out += QStringLiteral("%1,%2,%3,%4\n").arg(w->windowUs).arg(bin.lower).arg(bin.upper).arg(bin.keys);
        }
    return out;
}

QList<QGraphicsSimpleTextItem*> RateDistributionChart::annotationLabels() const
{
    QList<QGraphicsSimpleTextItem*> out;
    for (QGraphicsSimpleTextItem* label : m_tickLabels)
        if (label->isVisible())
            out.append(label);
    return out;
}

QString RateDistributionChart::shownSentence() const
{
    return m_empty->isVisible() ? m_empty->text() : QString();
}

}  // namespace ratelab
