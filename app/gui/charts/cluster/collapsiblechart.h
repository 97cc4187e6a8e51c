#pragma once
// A Cluster time chart that folds to one line when it has nothing to show in a run ("Decisions
// during outages: No store outage in this scenario."), instead of taking a chart's height over
// empty axes.

#include <QFrame>

class QLabel;

namespace ratelab {

class ClusterTimeChart;

class CollapsibleChart : public QFrame {
    Q_OBJECT
public:
    CollapsibleChart(ClusterTimeChart* chart, QWidget* parent = nullptr);

    // Folds the chart to its title and `sentence`, or shows it when `sentence` is empty.
    void setSentence(const QString& sentence);
    bool isCollapsed() const { return m_collapsed; }
    QLabel* sentenceLabel() const { return m_line; }
    ClusterTimeChart* chart() const { return m_chart; }

private:
    ClusterTimeChart* m_chart;
    QLabel* m_line = nullptr;
    bool m_collapsed = false;
};

}  // namespace ratelab
