#pragma once
// The Learn view (gui-guide.md 4.2): one key, one or two algorithms, step by step, as the
// LearnController follows them on its worker (a newer request supersedes an older one): request
// dots and state lanes (LaneCanvas), the decision in words (KeyStep::sentence), the HTTP
// response it would get (httpresponse.h), play / pause / step / speed / scrub controls, and
// seeks beyond the requests a lane holds: go to a time, the next rejection, the next burst.

#include "app/gui/canvases/lanecanvas.h"
#include "engine/core/units.h"
#include "engine/scenario/scenario.h"

#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSlider;
class QSpinBox;
class QToolButton;

namespace ratelab {

class LearnController;
class Playground;
enum class LearnSeek;
struct LearnHistories;
struct LearnRequest;

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

    bool isReady() const { return m_ready; }
    int currentStep() const { return m_current; }
    int stepCount() const;
    LaneCanvas* canvas() const { return m_canvas; }
    QString sentenceA() const;
    QString sentenceB() const;
    QString headersA() const;
    QString status() const;
    qint64 nowUs() const { return m_nowUs; }
    // Seeks as the controls do: within the requests the lanes hold when they can, else through
    // the LearnController (ready() follows).
    void goTo(qint64 atUs);
    void nextRejection();
    void nextBurst();
    // The second lane follows the key it gives the same traffic (offered when it has no
    // request of the picked key).
    void followOtherKey();
    // The playground (learnviewplayground.cpp): the key's requests edited by hand, decided
    // again by both lanes at every change (Playground, engine playKey).
    void setPlayground(bool on);
    void sendBurst(int count, qint64 spacingUs);  // at the cursor
    bool isPlayground() const;
    const Playground& playground() const { return *m_edits; }

signals:
    // Histories for the current key and algorithms are shown (also after a failure).
    void ready();

protected:
    void hideEvent(QHideEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    QHBoxLayout* createPickers();
    QGridLayout* createTexts();
    QHBoxLayout* createControls();
    void connectControls();
    void loadKeys();
    void loadHistories();
    LearnRequest request() const;              // for the picked key and algorithms
    void seek(LearnSeek seek, qint64 fromUs);  // loadHistories() through a seek
    void showHistories(const LearnHistories& histories);
    void setHistories(const std::vector<KeyHistory>& histories);
    void connectPlayground();
    void replayPlayground();  // the lanes for the playground's requests
    void showPlaygroundControls(bool on);
    void showFailure(const QString& message);
    int openingStep();  // consumes the step focusOn() asked for
    QString clusterStatus() const;
    std::string familyOf(const std::string& algorithmId) const;
    void setCurrent(int step, bool moveNow = true);
    void stepBy(int delta);
    int laneStep(int lane) const;  // the lane's step at the cursor (B's retries differ from A's)
    void tick();
    void updateTexts();
    void fitResponses();
    static constexpr int kResponseLines = 8;      // a 200's status line and headers
    static constexpr int kMaxResponseLines = 26;  // beyond this, the panel scrolls
    void setPlaying(bool playing);

    std::shared_ptr<const Scenario> m_scenario;
    LearnController* m_learn = nullptr;
    std::shared_ptr<const Scenario> m_keysFor;  // the scenario the key list is of
    bool m_listingKeys = false;                 // the running history job lists them
    bool m_ready = false;
    bool m_dark = false;
    QString m_pendingKey;
    QString m_pendingAlgorithm;
    qint64 m_pendingAtUs = -1;
    std::optional<std::pair<qint64, qint64>> m_pendingFit;  // a burst to zoom to
    std::string m_otherKey;                                 // B's key, when not the picked one
    std::string m_offeredKey;                               // B's key for the same traffic

    QComboBox* m_key = nullptr;
    QComboBox* m_algoA = nullptr;
    QComboBox* m_algoB = nullptr;
    QLabel* m_status = nullptr;
    QLineEdit* m_goTo = nullptr;
    QToolButton* m_seekRejection = nullptr;
    QToolButton* m_seekBurst = nullptr;
    QToolButton* m_playground = nullptr;
    QToolButton* m_sendBurst = nullptr;
    QSpinBox* m_burstCount = nullptr;
    QComboBox* m_burstSpacing = nullptr;
    std::unique_ptr<Playground> m_edits;
    LaneCanvas* m_canvas = nullptr;
    QLabel* m_sentenceA = nullptr;
    QLabel* m_sentenceB = nullptr;
    QLabel* m_about = nullptr;
    QPlainTextEdit* m_headersA = nullptr;
    QPlainTextEdit* m_headersB = nullptr;
    QToolButton* m_first = nullptr;
    QToolButton* m_prev = nullptr;
    QToolButton* m_play = nullptr;
    QToolButton* m_next = nullptr;
    QToolButton* m_last = nullptr;
    QComboBox* m_speed = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_time = nullptr;

    QList<LaneCanvas::Lane> m_lanes;
    int m_current = -1;
    qint64 m_nowUs = 0;
    QTimer m_timer;
    qint64 m_lastTickMs = 0;
};

}  // namespace ratelab
