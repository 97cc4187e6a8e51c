#include "app/gui/charts/base/chartzoom.h"

#include <algorithm>

namespace ratelab {

ChartZoom::ChartZoom(std::function<XRange()> full, QObject* parent) : QObject(parent), m_full(std::move(full)) {}

void ChartZoom::setZoomable(bool zoomable)
{
    m_zoomable = zoomable;
    emit zoomableChanged(zoomable);
}

XRange ChartZoom::currentRange() const
{
    return m_range ? *m_range : m_full();
}

void ChartZoom::setRange(std::optional<XRange> range)
{
    zoomTo(range, false);
}

void ChartZoom::zoomTo(std::optional<XRange> range, bool remember)
{
    if (range) {
        const auto full = m_full();
        const double lo = std::max(range->first, full.first);
        const double hi = std::min(range->second, full.second);
        const double minSpan = (full.second - full.first) * 1e-6;
        if (!(hi - lo > minSpan))
            return;
        range = std::make_pair(lo, hi);
        if (lo <= full.first && hi >= full.second)
            range.reset();
    }
    if (remember)
        m_stack.append(m_range);
    m_range = range;
    emit changed();
    if (remember)
        emit requested(m_range);
}

void ChartZoom::panTo(XRange range)
{
    m_range = range;
    emit changed();
    emit requested(m_range);
}

void ChartZoom::stepTo(XRange range)
{
    zoomTo(range, false);
    emit requested(m_range);
}

void ChartZoom::reset()
{
    if (m_range)
        zoomTo(std::nullopt, true);
}

void ChartZoom::back()
{
    if (m_stack.isEmpty())
        return;
    m_range = m_stack.takeLast();
    emit changed();
    emit requested(m_range);
}

}  // namespace ratelab
