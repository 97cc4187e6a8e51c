#include "app/gui/charts/base/niceaxis.h"

#include "app/models/text/formatting.h"

#include <cmath>

namespace ratelab {

NiceAxis::NiceAxis(Formatter formatter, Scale scale, QObject* parent)
    : QCategoryAxis(parent), m_formatter(std::move(formatter)), m_scale(scale)
{
    setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    connect(this, &QValueAxis::rangeChanged, this, [this] { rebuild(); });
}

void NiceAxis::setNiceRange(double min, double max)
{
    if (!(max > min))
        max = min + 1;
    setRange(min, max);
    rebuild();
}

void NiceAxis::setFixedTicks(std::vector<FixedTick> ticks, double step)
{
    m_fixed = std::move(ticks);
    m_fixedStep = step;
    rebuild();
}

QString NiceAxis::plain(double value, double step)
{
    const int decimals = step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9));
    if (std::abs(value) >= 1000 && decimals == 0)
        return fmt::compact(value);
    return QString::number(value, 'f', std::clamp(decimals, 0, 6));
}

QString NiceAxis::compact(double value, double step)
{
    if (std::abs(value) < 1000)
        return plain(value, step);
    return fmt::compact(value);
}

void NiceAxis::rebuild()
{
    if (m_rebuilding)
        return;
    m_rebuilding = true;
    const double lo = min();
    const double hi = max();
    for (const QString& label : categoriesLabels())
        remove(label);
    setStartValue(lo);
    m_ticks.clear();
    double step = 1;
    if (!m_fixed.empty()) {  // in rising order: category end values must rise
        for (const FixedTick& t : m_fixed)
            m_ticks.push_back(t.at);
        appendLabels(m_fixed, m_fixedStep);
        m_rebuilding = false;
        return;
    }
    if (m_scale == Scale::Log2) {
        // Powers of 4 (2 in log2 units), of 2 when the range is short, of 16 when it is long
        // (a chart widened for its labels spans 1 B to 256 KiB).
        step = (hi - lo) > 16 ? 4 : (hi - lo) > 8 ? 2 : 1;
        for (double t = std::ceil(lo / step) * step; t <= hi + 1e-9; t += step)
            m_ticks.push_back(t);
    } else if (m_scale == Scale::Log10) {
        const bool fine = hi - lo < 3;
        const double mantissas[] = {1, 2, 5};
        for (double decade = std::floor(lo); decade <= std::ceil(hi); ++decade)
            for (double m : mantissas) {
                const double t = decade + std::log10(m);
                if ((m == 1 || fine) && t >= lo - 1e-9 && t <= hi + 1e-9)
                    m_ticks.push_back(t);
            }
    } else {
        m_ticks = fmt::niceTicks(lo, hi, m_targetTicks);
        step = m_ticks.size() > 1 ? m_ticks[1] - m_ticks[0] : fmt::niceStep(hi - lo, m_targetTicks);
    }
    std::vector<FixedTick> ticks;
    for (const double t : m_ticks)
        ticks.push_back({t, m_scale == Scale::Log2 ? std::exp2(t) : m_scale == Scale::Log10 ? std::pow(10.0, t) : t, {}});
    appendLabels(ticks, step);
    m_rebuilding = false;
}

void NiceAxis::appendLabels(const std::vector<FixedTick>& ticks, double step)
{
    const double lo = min();
    const double hi = max();
    QStringList used;
    for (const FixedTick& t : ticks) {
        if (t.at < lo - 1e-9 || t.at > hi + 1e-9)
            continue;
        QString label = !t.text.isEmpty() ? t.text : m_formatter(t.value, m_scale == Scale::Log10 ? t.value : step);
        // Category labels must be unique; a zero-width space keeps duplicates apart.
        while (used.contains(label))
            label += QChar(0x200B);
        used << label;
        // A tick exactly at the start would be dropped (end values must rise): nudge it.
        append(label, t.at <= lo ? lo + (hi - lo) * 1e-9 : t.at);
    }
}

}  // namespace ratelab
