#pragma once
// "Check against Redis" (Run menu): an action that decides the shown scenario's lanes again in a
// live Redis (app/models/jobs/redischeckcontroller.h) and a line that says what came of it, red
// when a decision differs, under Compare's controls. Without a configured server the action
// asks for a URL, and keeps it in the settings once a check through it has finished. While a check runs it cancels it; a new scenario
// cancels it too.

#include "engine/scenario/scenario.h"

#include <QObject>

#include <memory>

class QAction;
class QLabel;
class QWidget;

namespace ratelab {

class RedisCheckController;

class RedisCheckBar : public QObject {
    Q_OBJECT
public:
    explicit RedisCheckBar(QWidget* parent);

    // Run > Check against Redis; while a check runs, "Cancel check".
    QAction* action() const { return m_action; }
    QLabel* status() const { return m_status; }
    RedisCheckController* controller() const { return m_controller; }

    // The scenario a check replays; a check of another one under way is cancelled and its line cleared.
    void setScenario(std::shared_ptr<const Scenario> scenario);
    // Starts a check against `url` (the button asks for one when none is configured).
    void check(const QString& url);
    void setDark(bool dark);

private:
    void clicked();
    void show(const QString& text, bool bad);

    QAction* m_action = nullptr;
    QLabel* m_status = nullptr;
    RedisCheckController* m_controller = nullptr;
    std::shared_ptr<const Scenario> m_scenario;
    bool m_bad = false;
    QString m_askedUrl;  // the URL the user typed for the check under way
};

}  // namespace ratelab
