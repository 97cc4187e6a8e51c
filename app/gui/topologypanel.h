#pragma once
// The Cluster view's topology (gui-guide.md 4.4), painted: clients -> load balancer -> instances
// (each with its clock offset and drift, its requests and allowed, and its state at the
// cursor time: filled disc ok, half disc slow, ring with a cross down) -> the shared store
// (mode, clock, latency, timeout) -> the failure policy and breaker, with the run's store
// statistics. Scrubbing the time cursor replays which instances saw the store fail.

#include "app/gui/clusterinput.h"

#include <QWidget>

namespace ratelab {

class TopologyPanel : public QWidget {
    Q_OBJECT
public:
    explicit TopologyPanel(QWidget* parent = nullptr);

    void setInput(const ClusterInput& input);
    void setCursorUs(double us);  // NaN: no cursor (states at no particular time)

    enum class State { Ok, Slow, Down };
    // The store as instance `i` sees it at `us` from the scenario start (the outage schedule).
    State stateAt(int instance, double us) const;

    QSize sizeHint() const override { return {300, 560}; }
    QSize minimumSizeHint() const override { return {260, 420}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    ClusterInput m_input;
    double m_cursorUs;
};

} // namespace ratelab
