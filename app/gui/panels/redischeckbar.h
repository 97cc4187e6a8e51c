#pragma once
// Compare's "Check against Redis": a button that decides the shown scenario's lanes again in a
// live Redis (app/models/redischeckcontroller.h) and a line that says what came of it, red
// when a decision differs. Without a configured server the button asks for a URL and keeps it
// in the settings. While a check runs the button cancels it; a new scenario cancels it too.

#include "engine/scenario/scenario.h"

#include <QObject>

#include <memory>

class QLabel;
class QToolButton;
class QWidget;

namespace ratelab {

class RedisCheckController;

class RedisCheckBar : public QObject {
    Q_OBJECT
public:
    explicit RedisCheckBar(QWidget* parent);

    QToolButton* button() const { return m_button; }
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

    QToolButton* m_button = nullptr;
    QLabel* m_status = nullptr;
    RedisCheckController* m_controller = nullptr;
    std::shared_ptr<const Scenario> m_scenario;
    bool m_bad = false;
};

}  // namespace ratelab
