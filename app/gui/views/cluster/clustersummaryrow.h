#pragma once
// The Cluster view's summary row: the picked lane's run in eight separated cells (overshoot,
// wrongly rejected, decided during outages, store round trips, CAS retries, decision latency,
// backend load), each a caption over its value with the detail in its tooltip.

#include "app/models/plotdata/clusterinput.h"

#include <QFrame>

class QLabel;

namespace ratelab {

class ClusterSummaryRow : public QFrame {
    Q_OBJECT
public:
    explicit ClusterSummaryRow(QWidget* parent = nullptr);

    // The picked lane of a valid input.
    void setInput(const ClusterInput& input);
    // The cells as plain text, "caption value | caption value | ...".
    QString text() const;

private:
    QList<QLabel*> m_stats;
};

}  // namespace ratelab
