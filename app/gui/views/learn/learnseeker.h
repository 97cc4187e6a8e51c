#pragma once
// What the Learn view follows and where it goes: the histories of the picked key through the
// picked algorithms, loaded through the LearnController on its worker (a newer request
// supersedes an older one), and the seeks beyond the requests the lanes hold: go to a time, the
// next rejection, the next burst, B's own key. A seek within the lanes only moves the cursor.
// On each result it says what is shown (LearnPickers' status), opens at the moment worth
// explaining and emits ready().

#include "app/gui/canvases/lanecanvas.h"
#include "engine/scenario/scenario.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace ratelab {

class LearnController;
class LearnCursor;
class LearnPickers;
enum class LearnSeek;
struct LearnHistories;
struct LearnRequest;

class LearnSeeker : public QObject {
    Q_OBJECT
public:
    // Shows one key's histories as the lanes; `otherKey`: the key B follows when not A's.
    using ShowHistories = std::function<void(const std::vector<KeyHistory>& histories, const std::string& otherKey)>;

    LearnSeeker(LearnPickers* pickers, LearnCursor* cursor, LaneCanvas* canvas, ShowHistories show, QObject* parent = nullptr);
    ~LearnSeeker() override;

    // A new scenario: its algorithms in the pickers, its key list and histories reloaded.
    void setScenario(std::shared_ptr<const Scenario> scenario);
    const Scenario* scenario() const { return m_scenario.get(); }
    // The key and algorithm to follow, opening at `atUs` (from Compare's burst bars).
    void focusOn(const QString& algorithmId, const QString& key, qint64 atUs);
    void loadHistories();
    bool isReady() const { return m_ready; }

    void goTo(qint64 atUs);
    void nextRejection();
    void nextBurst();
    // B follows the key it gives the same traffic (offered when it has no request of the key).
    void followOtherKey();

signals:
    void aboutToMove();  // the cursor is about to move or the lanes to reload: stop playing
    void aboutToLoad();  // the lanes are about to reload from the run: leave the playground
    void ready();        // histories for the current key and algorithms are shown (also after a failure)

private:
    LearnRequest request() const;  // for the picked key and algorithms
    void seek(LearnSeek seek, qint64 fromUs);
    void showResult(const LearnHistories& result);
    void showFailure(const QString& message);
    int openingStep();  // consumes the step focusOn() asked for
    QString clusterStatus() const;
    void settle();  // ready, and says so

    LearnPickers* m_pickers;
    LearnCursor* m_cursor;
    LaneCanvas* m_canvas;
    ShowHistories m_show;
    LearnController* m_learn = nullptr;
    std::shared_ptr<const Scenario> m_scenario;
    std::shared_ptr<const Scenario> m_keysFor;  // the scenario the key list is of
    bool m_listingKeys = false;                 // the running job lists them
    bool m_ready = false;
    qint64 m_pendingAtUs = -1;
    std::optional<std::pair<qint64, qint64>> m_pendingFit;  // a burst to zoom to
    std::string m_otherKey;                                 // B's key, when not the picked one
    std::string m_offeredKey;                               // B's key for the same traffic
};

}  // namespace ratelab
