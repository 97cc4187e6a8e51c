#pragma once
// The Cluster view (gui-guide.md 4.4) over a cluster run: an algorithm picker (the selected lane),
// the painted topology, the faults timeline, five time charts on one x axis with outages hatched
// and clock steps dotted (ClusterCharts), and a summary row (ClusterSummaryRow). Three charts draw every lane, the selected one wide
// (global allowed vs the global limit, overshoot, rejected per lane), named in a legend strip
// over them whose entries hide and show lanes; two follow the selected lane (allowed per
// instance, decisions during outages). A chart with nothing to show in the run
// folds to one line. A scenario without a cluster section gets an empty state that names the
// cluster scenarios to open. Below 1400 px the topology folds to one row above the charts
// (TopologySummary) whose button shows it again.

#include "app/gui/canvases/topologypanel.h"
#include "app/models/plotdata/clusterinput.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QStackedWidget;
class QVBoxLayout;

namespace ratelab {

class ClusterCharts;
class ClusterEmptyState;
class ClusterPartEditor;
class ClusterSummaryRow;
class FaultsTimeline;
class LegendStrip;
class ScenarioDraft;
class TopologySummary;

class ClusterView : public QWidget {
    Q_OBJECT
public:
    explicit ClusterView(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const Report> report, std::shared_ptr<const Scenario> scenario);
    // The scenario being edited: the topology's boxes and the Edit menu open its cluster's parts.
    void setDraft(ScenarioDraft* draft);
    // Opens the editor of a part of the cluster under its box (the Clients box asks for the
    // Traffic tab instead); the editor, or null.
    ClusterPartEditor* editPart(TopologyPanel::Part part);
    void setDark(bool dark);

    bool hasCluster() const;
    ClusterEmptyState* emptyState() const { return m_empty; }
    ClusterCharts& charts() const { return *m_charts; }
    ClusterSummaryRow& summary() const { return *m_summary; }
    FaultsTimeline* timeline() const { return m_timeline; }
    TopologyPanel* topology() const { return m_topology; }
    TopologySummary* topologySummary() const { return m_topologySummary; }
    bool isTopologyCollapsed() const { return m_collapsed; }

    static constexpr int kCollapseTopologyBelowPx = 1400;
    QComboBox* algorithmPicker() const { return m_picker; }
    LegendStrip* legend() const { return m_legend; }

signals:
    void readout(const QString& text);
    void exampleRequested(const QString& name);
    void trafficRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void createTopBar(QWidget* content, QVBoxLayout* layout);
    void connectSignals();
    void setCollapsed(bool collapsed);
    void update();
    void syncTimeline();
    void updateLegend();
    void onHover(double x);

    ClusterInput m_input;
    QStackedWidget* m_stack = nullptr;
    ClusterEmptyState* m_empty = nullptr;
    QComboBox* m_picker = nullptr;
    ScenarioDraft* m_draft = nullptr;
    QLabel* m_description = nullptr;
    TopologyPanel* m_topology = nullptr;
    TopologySummary* m_topologySummary = nullptr;
    bool m_collapsed = false;
    FaultsTimeline* m_timeline = nullptr;
    LegendStrip* m_legend = nullptr;  // the lanes, over the charts that draw them all
    ClusterCharts* m_charts = nullptr;
    ClusterSummaryRow* m_summary = nullptr;
};

}  // namespace ratelab
