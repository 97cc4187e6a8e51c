#include "app/gui/charts/cluster/windowticks.h"

#include <QFontMetricsF>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPainterPath>
#include <QPen>

#include <algorithm>

namespace ratelab {

namespace {
// Above the series (4) and the outage bands, below the crosshair: the rows sit in the headroom
// the chart keeps free for them.
constexpr qreal kTicksZ = 5;
}  // namespace

void WindowTicks::setRows(const QList<QList<double>>& starts, const QStringList& names)
{
    clear();
    m_starts = starts;
    m_names = names;
    for (int i = 0; i < starts.size(); ++i) {
        auto* path = new QGraphicsPathItem(m_chart);
        path->setZValue(kTicksZ);
        m_paths.append(path);
        auto* back = new QGraphicsRectItem(m_chart);
        back->setZValue(kTicksZ + 0.1);
        back->setPen(Qt::NoPen);
        m_labelBacks.append(back);
        auto* label = new QGraphicsSimpleTextItem(m_chart);
        label->setZValue(kTicksZ + 0.2);
        m_labels.append(label);
    }
    m_drawn = QList<QList<double>>(starts.size());
}

void WindowTicks::clear()
{
    qDeleteAll(m_paths);
    qDeleteAll(m_labelBacks);
    qDeleteAll(m_labels);
    m_paths.clear();
    m_labelBacks.clear();
    m_labels.clear();
    m_starts.clear();
    m_names.clear();
    m_drawn.clear();
}

double WindowTicks::rowHeight() const
{
    return QFontMetricsF(m_font).height() + 1;
}

double WindowTicks::heightPx() const
{
    return m_starts.isEmpty() ? 0 : rowHeight() * double(m_starts.size()) + 2;
}

QString WindowTicks::label(int row) const
{
    return row >= 0 && row < m_labels.size() ? m_labels[row]->text() : QString();
}

void WindowTicks::layout(const QRectF& plot, double lo, double hi)
{
    const double h = rowHeight();
    for (int r = 0; r < m_starts.size(); ++r) {
        const double top = plot.top() + 1 + h * r;
        const auto first = std::lower_bound(m_starts[r].begin(), m_starts[r].end(), lo);
        const auto last = std::upper_bound(m_starts[r].begin(), m_starts[r].end(), hi);
        const auto count = std::distance(first, last);
        const bool dense = count > 0 && plot.width() / double(count) < kMinSpacingPx;
        QPainterPath path;
        m_drawn[r].clear();
        if (!dense) {
            for (auto it = first; it != last; ++it) {
                const double x = plot.left() + (*it - lo) / (hi - lo) * plot.width();
                path.moveTo(x, top + 2);
                path.lineTo(x, top + h - 2);
                m_drawn[r].append(*it);
            }
        }
        m_paths[r]->setPath(path);
        m_labels[r]->setText(dense ? QObject::tr("%1 windows: zoom in").arg(m_names.value(r))
                                   : QObject::tr("%1 windows").arg(m_names.value(r)));
        m_labels[r]->setPos(plot.left() + 3, top);
        m_labelBacks[r]->setRect(m_labels[r]->mapRectToParent(m_labels[r]->boundingRect()).adjusted(-2, 0, 2, 0));
    }
}

void WindowTicks::restyle(const QColor& tick, const QColor& text, const QColor& background, const QFont& font)
{
    m_font = font;
    QColor back = background;
    back.setAlphaF(0.85f);
    for (int r = 0; r < m_paths.size(); ++r) {
        m_paths[r]->setPen(QPen(tick, 1.2));
        m_labels[r]->setBrush(text);
        m_labels[r]->setFont(font);
        m_labelBacks[r]->setBrush(back);
    }
}

}  // namespace ratelab
