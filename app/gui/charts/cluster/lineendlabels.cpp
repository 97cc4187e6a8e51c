#include "app/gui/charts/cluster/lineendlabels.h"

#include "app/gui/charts/base/offeredlines.h"

#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>

#include <algorithm>

namespace ratelab {

void LineEndLabels::add(const QString& text)
{
    auto* label = new QGraphicsSimpleTextItem(text, m_chart);
    label->setZValue(6);
    m_labels.append(label);
}

void LineEndLabels::clear()
{
    qDeleteAll(m_labels);
    m_labels.clear();
}

void LineEndLabels::restyle(const QColor& text, const QFont& font)
{
    for (QGraphicsSimpleTextItem* label : m_labels) {
        label->setBrush(text);
        label->setFont(font);
    }
}

void LineEndLabels::layout(const QRectF& plot, double hi, const QList<QLineSeries*>& lines, const QList<QList<QPointF>>& full)
{
    // At the height of each line's last point in view, then pushed apart to not overlap.
    QList<QPair<double, QGraphicsSimpleTextItem*>> placed;
    for (int i = 0; i < m_labels.size(); ++i) {
        const bool visible = lines[i]->isVisible() && !full[i].isEmpty();
        m_labels[i]->setVisible(visible);
        if (!visible)
            continue;
        const QPointF last = OfferedLines::nearest(full[i], hi);
        const double y = m_chart->mapToPosition(QPointF(last.x(), last.y()), lines[i]).y();
        placed.append({y - m_labels[i]->boundingRect().height() / 2, m_labels[i]});
    }
    std::sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    double nextFree = plot.top() - 4;
    for (auto& [top, label] : placed) {
        top = std::max(top, nextFree);
        nextFree = top + label->boundingRect().height() - 2;
    }
    // Keep the last inside the plot's height, moving the others up with it.
    double limit = plot.bottom() + 4;
    for (auto it = placed.rbegin(); it != placed.rend(); ++it) {
        const double h = it->second->boundingRect().height();
        it->first = std::min(it->first, limit - h);
        limit = it->first + 2;
    }
    for (const auto& [top, label] : placed)
        label->setPos(plot.right() + 4, top);
}

}  // namespace ratelab
