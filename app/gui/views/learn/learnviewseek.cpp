// The Learn view's seeks: the request for the picked key and lanes, and going beyond the
// requests the lanes hold (any time, the next rejection, the next burst, B's own key).

#include "app/gui/views/learn/learnview.h"
#include "app/models/jobs/learncontroller.h"
#include "app/models/plotdata/lanestate.h"

#include <QComboBox>
#include <QLabel>

namespace ratelab {

LearnRequest LearnView::request() const
{
    LearnRequest request;
    request.scenario = m_scenario;
    request.listKeys = m_key->count() == 0 || m_keysFor != m_scenario;
    if (!request.listKeys)
        request.key = m_key->currentText().toStdString();
    request.algorithms.push_back(m_algoA->currentText().toStdString());
    if (m_algoB->currentIndex() > 0 && m_algoB->currentText() != m_algoA->currentText())
        request.algorithms.push_back(m_algoB->currentText().toStdString());
    request.otherKey = m_otherKey;
    return request;
}

void LearnView::loadHistories()
{
    seek(LearnSeek::None, 0);
}

void LearnView::seek(LearnSeek seek, qint64 fromUs)
{
    setPlaying(false);
    showPlaygroundControls(false);  // a key, a lane or a time from the run leaves the playground
    if (!m_scenario || m_algoA->count() == 0)
        return;
    m_ready = false;
    m_status->setText(seek == LearnSeek::None ? tr("Tracing…") : tr("Searching…"));
    LearnRequest r = request();
    r.seek = seek;
    r.fromUs = fromUs;
    m_listingKeys = r.listKeys;
    m_learn->start(r);
}

void LearnView::followOtherKey()
{
    if (m_offeredKey.empty())
        return;
    m_otherKey = m_offeredKey;
    m_pendingAtUs = m_nowUs;
    loadHistories();
}

void LearnView::goTo(qint64 atUs)
{
    setPlaying(false);
    const int n = stepCount();
    if (n > 0 && atUs >= m_canvas->firstUs() && atUs <= m_canvas->lastUs()) {
        m_nowUs = atUs;
        setCurrent(std::max(0, stepAtOrBefore(m_lanes.front().history, atUs)), false);
        m_canvas->fitAround(m_current);
        return;
    }
    seek(LearnSeek::Time, atUs);
}

void LearnView::nextRejection()
{
    setPlaying(false);
    // In the requests the lanes hold, when one comes after the cursor in either lane.
    std::optional<qint64> found;
    for (const LaneCanvas::Lane& lane : m_lanes)
        for (const KeyStep& step : lane.history.steps)
            if (step.atUs > m_nowUs && !step.decision.allowed) {
                if (!found || step.atUs < *found)
                    found = step.atUs;
                break;
            }
    if (found && *found <= m_canvas->lastUs()) {
        m_nowUs = *found;
        setCurrent(stepAtOrBefore(m_lanes.front().history, *found), false);
        m_canvas->fitAround(m_current);
        return;
    }
    seek(LearnSeek::Rejection, m_nowUs + 1);
}

void LearnView::nextBurst()
{
    seek(LearnSeek::Burst, m_nowUs + 1);
}

}  // namespace ratelab
