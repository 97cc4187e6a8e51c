#pragma once
// The Cluster view's empty state for a single-instance scenario: it says why there is nothing
// to show, names the embedded cluster scenarios and opens one with a click.

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
    static QStringList clusterScenarios();  // embedded scenarios with a cluster section, by name

signals:
    void exampleRequested(const QString& name);

private:
    QLabel* m_text = nullptr;
    QPushButton* m_open = nullptr;
};

}  // namespace ratelab
