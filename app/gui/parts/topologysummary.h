#pragma once
// The Cluster view's topology folded to one row (gui-guide.md 4.4: "below 1400 px the topology
// collapses to one summary row above the charts (instances with their offsets, store,
// policy), expandable"): the row's text, elided to its width with the whole in the tooltip,
// and a button that shows the painted topology again.

#include "app/models/plotdata/clusterinput.h"

#include <QFrame>

class QLabel;
class QToolButton;

namespace ratelab {

class TopologySummary : public QFrame {
    Q_OBJECT
public:
    explicit TopologySummary(QWidget* parent = nullptr);

    void setInput(const ClusterInput& input);
    // "inst-0 ±0 ms, inst-1 +300.0 ms  |  store: redis_atomic, instance clocks  |  policy: ..."
    static QString summaryText(const ClusterInput& input);
    QString text() const { return m_text; }

    bool isExpanded() const;
    void setExpanded(bool expanded);
    QToolButton* expandButton() const { return m_expand; }

signals:
    void expandedChanged(bool expanded);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void elide();

    QString m_text;
    QLabel* m_label = nullptr;
    QToolButton* m_expand = nullptr;
};

}  // namespace ratelab
