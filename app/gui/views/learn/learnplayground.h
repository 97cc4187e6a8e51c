#pragma once
// The Learn view's playground: the key's requests edited by hand (click a lane to add one, drag
// to move it, right-click to delete it, send a burst at the cursor), both lanes decided again
// at each change from a fresh key, as `ratelab-cli decide` decides the same requests
// (Playground, engine playKey). The widget is its controls: the toggle, Send, how many and how
// far apart.

#include "engine/sim/keyhistory.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QComboBox;
class QSpinBox;
class QToolButton;

namespace ratelab {

class LaneCanvas;
class LearnCursor;
class LearnPickers;
class Playground;
struct Scenario;

class LearnPlayground : public QWidget {
    Q_OBJECT
public:
    using ShowHistories = std::function<void(const std::vector<KeyHistory>& histories)>;

    LearnPlayground(LaneCanvas* canvas, LearnCursor* cursor, LearnPickers* pickers, ShowHistories show,
                    QWidget* parent = nullptr);
    ~LearnPlayground() override;

    bool isOn() const;
    // The controls on or off: the toggle, the canvas editable, the key and the seeks off while
    // on; off forgets the edits (the caller reloads the run's lanes).
    void showControls(bool on);
    // Edits from the first lane's requests of `scenario`, the cursor kept where it was.
    void start(const Scenario& scenario);
    // `count` requests `spacingUs` apart at the cursor.
    void addBurst(int count, qint64 spacingUs);
    const Playground& edits() const { return *m_edits; }

signals:
    void toggled(bool on);
    void sendRequested(int count, qint64 spacingUs);

private:
    void replay();  // the lanes for the edited requests

    LaneCanvas* m_canvas;
    LearnCursor* m_cursor;
    LearnPickers* m_pickers;
    ShowHistories m_show;
    const Scenario* m_scenario = nullptr;
    std::unique_ptr<Playground> m_edits;
    QToolButton* m_toggle = nullptr;
    QToolButton* m_send = nullptr;
    QSpinBox* m_count = nullptr;
    QComboBox* m_spacing = nullptr;
};

}  // namespace ratelab
