#pragma once
// Compare chart B: peak burst against the nominal limit, one bar per algorithm: the most cost
// one key had admitted in a trailing window over the nominal limit for that window
// (design.md section 6). A dashed line marks 1.00×; each bar says "2.00× at 60.0 s". Clicking a bar asks
// the view to zoom chart A to that window.

#include "app/gui/charts/barschart.h"

namespace ratelab {

class BurstChart : public BarsChart {
    Q_OBJECT
public:
    explicit BurstChart(QWidget* parent = nullptr);
    void setInput(const ChartInput& input);
    QString exportName() const override { return QStringLiteral("bursts"); }
};

}  // namespace ratelab
