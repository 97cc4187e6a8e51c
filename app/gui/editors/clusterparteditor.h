#pragma once
// The editor of one part of the cluster, opened from its box on the Cluster view's topology:
// the load balancer (instances and balancing), the instances (their count and clocks: offset,
// drift, steps), the store (mode, clock, latency, timeout, and its outage schedule) or the
// failure policy (and its circuit breaker). A popup of ScenarioForms over the scenario being
// edited: every change is judged by the loader and undoable like any other edit.

#include "app/gui/canvases/topologypanel.h"
#include "app/models/document/scenariodraft.h"

#include <QFrame>

namespace ratelab {

class ScenarioForm;

class ClusterPartEditor : public QFrame {
    Q_OBJECT
public:
    ClusterPartEditor(ScenarioDraft* draft, TopologyPanel::Part part, QWidget* parent = nullptr);

    TopologyPanel::Part part() const { return m_part; }
    // The editor of a field by its path, in any of the popup's forms.
    QWidget* editor(const QString& path) const;
    static QString title(TopologyPanel::Part part);

protected:
    void hideEvent(QHideEvent* event) override;

private:
    ScenarioDraft* m_draft;
    TopologyPanel::Part m_part;
    QList<ScenarioForm*> m_forms;
};

}  // namespace ratelab
