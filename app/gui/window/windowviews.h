#pragma once
// The main window's views, Compare | Learn | Logs | Cluster, as tabs: what a finished run
// shows in each (Learn traces on demand: when it is showing, else when it is next opened),
// the theme they draw in, and whether what they show is settled.

#include <QObject>

#include <memory>
#include <optional>

class QMenu;
class QTabWidget;
class QWidget;

namespace ratelab {

class ClusterView;
class CompareView;
class LearnView;
class LogsView;
struct Report;
struct Scenario;

class WindowViews : public QObject {
    Q_OBJECT
public:
    enum class View { Compare, Learn, Logs, Cluster };

    explicit WindowViews(QWidget* window);

    QTabWidget* tabs() const { return m_tabs; }
    CompareView* compare() const { return m_compare; }
    LearnView* learn() const { return m_learn; }
    LogsView* logs() const { return m_logs; }
    ClusterView* cluster() const { return m_cluster; }

    void setView(View view);
    View view() const;
    static std::optional<View> parse(const QString& name);  // "compare", "learn", "logs", "cluster"
    void addViewActions(QMenu* menu);                       // Ctrl+1 to Ctrl+4

    void showRun(const std::shared_ptr<const Report>& report, const std::shared_ptr<const Scenario>& scenario);
    void setDark(bool dark);
    // What the view in sight shows is complete: Compare's charts, Learn's trace, Logs' import.
    bool isReady() const;

signals:
    void readyChanged();  // one of the views became ready, or another is in sight

private:
    void showLearnIfStale();

    QTabWidget* m_tabs = nullptr;
    CompareView* m_compare = nullptr;
    LearnView* m_learn = nullptr;
    LogsView* m_logs = nullptr;
    ClusterView* m_cluster = nullptr;
    std::shared_ptr<const Scenario> m_learnScenario;  // the run Learn is to trace
    bool m_learnStale = true;
};

}  // namespace ratelab
