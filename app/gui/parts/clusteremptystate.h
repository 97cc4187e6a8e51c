#pragma once
// The Cluster view's empty state for a single-instance scenario: it says why there is nothing
// to show, names the embedded cluster scenarios and opens one with a click, or adds a cluster
// to the scenario.

#include <QWidget>

class QLabel;
class QPushButton;

namespace ratelab {

class ClusterEmptyState : public QWidget {
    Q_OBJECT
public:
    explicit ClusterEmptyState(QWidget* parent = nullptr);
    QString text() const;
    QPushButton* openButton() const { return m_open; }
    QPushButton* addButton() const { return m_add; }
    static QStringList clusterScenarios();  // embedded scenarios with a cluster section, by name

signals:
    void exampleRequested(const QString& name);
    void addClusterRequested();

private:
    QLabel* m_text = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_add = nullptr;
};

}  // namespace ratelab
