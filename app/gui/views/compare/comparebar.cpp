#include "app/gui/views/compare/comparebar.h"

#include "app/gui/charts/base/legendstrip.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/gui/parts/countsselector.h"
#include "app/gui/parts/redischeckbar.h"
#include "app/models/text/formatting.h"

#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

CompareBar::CompareBar(QWidget* parent) : QWidget(parent)
{
    auto* bar = new QVBoxLayout(this);
    bar->setContentsMargins(0, 0, 0, 0);
    bar->setSpacing(2);
    m_legend = new LegendStrip(this);
    bar->addWidget(m_legend);
    auto* controls = new QHBoxLayout;
    m_selector = new CountsSelector(this);
    controls->addWidget(m_selector, 1);
    m_pin = new QToolButton(this);
    m_pin->setText(tr("Pin run"));
    m_pin->setCheckable(true);
    m_pin->setToolTip(tr("Keep this run to compare the next ones against (a change of parameter, seed or algorithm): "
                         "its lines faint in chart A, where the key and bucket are the same, and each figure's "
                         "change in the table"));
    controls->addWidget(m_pin);
    m_check = new RedisCheckBar(this);  // its line goes under these controls
    m_rangeLabel = new QLabel(this);
    m_rangeLabel->setToolTip(tr("Drag on chart A to zoom, wheel to zoom around the mouse, double-click to reset"));
    controls->addWidget(m_rangeLabel);
    bar->addLayout(controls);
    bar->addWidget(m_check->status());
}

void CompareBar::showPinned(std::optional<quint64> seed)
{
    const QSignalBlocker block(m_pin);
    m_pin->setChecked(seed.has_value());
    m_pin->setText(seed ? tr("Pinned: seed %1").arg(*seed) : tr("Pin run"));
}

void CompareBar::showRange(const Report* report, std::pair<double, double> range)
{
    if (!report) {
        m_rangeLabel->clear();
        return;
    }
    const auto [lo, hi] = range;
    const fmt::TimeScale scale = fmt::timeScaleFor(double(report->scenario.durationUs) / 1e6);
    const QString unit = scale.title.mid(scale.title.indexOf(QLatin1Char('(')) + 1).chopped(1);
    // The reset hint in the tooltip: at 1024 px the row above chart A has no room for it.
    m_rangeLabel->setText(
        tr("Range %1–%2 %3").arg(NiceAxis::plain(lo, (hi - lo) / 100), NiceAxis::plain(hi, (hi - lo) / 100), unit));
    m_rangeLabel->setToolTip(tr("Chart A's visible time range; double-click chart A to see the whole run"));
}

}  // namespace ratelab
