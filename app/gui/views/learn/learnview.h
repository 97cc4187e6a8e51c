#pragma once
// The Learn view (gui-guide.md 4.2): one key, one or two algorithms, step by step. A
// composition of its parts: the pickers and seeks on top (LearnPickers), the lanes (LaneCanvas)
// over a cursor (LearnCursor), the decision in words and the HTTP response at the cursor
// (LearnTexts), the transport and the playground under them (LearnTransport,
// LearnPlayground), and what the view follows and where it goes (LearnSeeker, which loads
// the histories through the LearnController).

#include "app/gui/canvases/lanecanvas.h"
#include "engine/scenario/scenario.h"

#include <QWidget>

#include <memory>

namespace ratelab {

class LearnCursor;
class LearnPickers;
class LearnPlayground;
class LearnSeeker;
class LearnTexts;
class LearnTransport;
class Playground;

class LearnView : public QWidget {
    Q_OBJECT
public:
    explicit LearnView(QWidget* parent = nullptr);
    ~LearnView() override;

    // A new scenario: reload the key list (on a worker) and the histories.
    void setScenario(std::shared_ptr<const Scenario> scenario);
    void setDark(bool dark);
    // Jump to a key and time (from Compare's burst bars).
    void focusOn(const QString& algorithmId, const QString& key, qint64 atUs);
    bool isReady() const;

    // Its parts, for the window's actions and the tests.
    LaneCanvas* canvas() const { return m_canvas; }
    const LearnCursor& cursor() const { return *m_cursor; }
    LearnPickers* pickers() const { return m_pickers; }
    LearnSeeker* seeker() const { return m_seeker; }
    const LearnTexts& texts() const { return *m_texts; }

    // The playground: on as its toggle turns it on (there must be lanes), off back to the run's
    // lanes; a burst at the cursor turns it on.
    void setPlayground(bool on);
    bool isPlayground() const;
    void sendBurst(int count, qint64 spacingUs);
    const Playground& playground() const;

signals:
    // Histories for the current key and algorithms are shown (also after a failure).
    void ready();

protected:
    void hideEvent(QHideEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void showHistories(const std::vector<KeyHistory>& histories, const std::string& otherKey);
    void showCursor(bool step);

    bool m_dark = false;
    LearnCursor* m_cursor = nullptr;
    LearnPickers* m_pickers = nullptr;
    LaneCanvas* m_canvas = nullptr;
    LearnTexts* m_texts = nullptr;
    LearnTransport* m_transport = nullptr;
    LearnPlayground* m_playground = nullptr;
    LearnSeeker* m_seeker = nullptr;
};

}  // namespace ratelab
