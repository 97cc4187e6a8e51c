#pragma once
// Compare chart C: model state bytes per key on a log axis (GCRA keeps one timestamp, the
// sliding log grows with what it admitted), each bar labelled with the peak total state and
// the peak number of live keys ("16 B/key · 3.4 MiB, 210k keys"), and in a cluster where they
// were held ("16 B/key · 80 B, 5 keys: store 1, up to 1 per instance").

#include "app/gui/charts/base/barschart.h"

namespace ratelab {

class StateChart : public BarsChart {
    Q_OBJECT
public:
    explicit StateChart(QWidget* parent = nullptr);
    void setInput(const ChartInput& input);
    QString exportName() const override { return QStringLiteral("state"); }
};

}  // namespace ratelab
