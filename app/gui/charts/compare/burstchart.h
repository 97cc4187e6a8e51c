#pragma once
// Compare chart B: peak burst against the nominal limit, one bar per algorithm: the most cost
// one key had admitted in a trailing window over the nominal limit for that window
// (design.md section 6). A dashed line marks 1.00×; each bar says "2.00× at 60.0 s". With
// counts per bucket from the view (ChartInput::counts), the peaks are those of the counted key
// set within chart A's visible range (to the bucket); else the report's, over the whole run.
// Clicking a bar asks the view to zoom chart A to that window.

#include "app/gui/charts/base/barschart.h"

#include <optional>
#include <vector>

namespace ratelab {

class BurstChart : public BarsChart {
    Q_OBJECT
public:
    explicit BurstChart(QWidget* parent = nullptr);
    void setInput(const ChartInput& input);
    QString exportName() const override { return QStringLiteral("bursts"); }

    // The peak bar `i` shows; none when its algorithm allowed nothing in the range.
    std::optional<PeakBurst> shownPeak(int i) const;
    // "B  Peak burst vs nominal limit · key user-0 · 0.00–4.50 s"
    QString title() const { return m_title; }

private:
    std::vector<std::optional<PeakBurst>> m_peaks;
    QString m_title;
};

}  // namespace ratelab
