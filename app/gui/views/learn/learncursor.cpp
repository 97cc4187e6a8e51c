#include "app/gui/views/learn/learncursor.h"

#include "app/models/plotdata/lanestate.h"

#include <algorithm>

namespace ratelab {

int LearnCursor::stepCount() const
{
    return m_lanes.isEmpty() ? 0 : int(m_lanes.front().history.steps.size());
}

void LearnCursor::moveTo(int step, bool moveNow)
{
    const int n = stepCount();
    m_current = n == 0 ? -1 : std::clamp(step, 0, n - 1);
    if (m_current >= 0 && moveNow)
        m_nowUs = m_lanes.front().history.steps[std::size_t(m_current)].atUs;
    emit moved(true);
}

void LearnCursor::moveToStepAt(int step, qint64 nowUs)
{
    m_nowUs = nowUs;
    moveTo(step, false);
}

void LearnCursor::moveToTime(qint64 atUs)
{
    moveToStepAt(m_lanes.isEmpty() ? -1 : std::max(0, stepAtOrBefore(m_lanes.front().history, atUs)), atUs);
}

void LearnCursor::setNow(qint64 nowUs)
{
    m_nowUs = nowUs;
    emit moved(false);
}

int LearnCursor::laneStep(int lane) const
{
    if (lane == 0)
        return m_current;
    return stepAtOrBefore(m_lanes[lane].history, m_nowUs);
}

const KeyStep* LearnCursor::stepOf(int lane) const
{
    if (lane >= m_lanes.size())
        return nullptr;
    const int step = laneStep(lane);
    return step < 0 ? nullptr : &m_lanes[lane].history.steps[std::size_t(step)];
}

}  // namespace ratelab
