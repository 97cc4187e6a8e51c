#include "app/gui/views/learn/learnseeker.h"

#include "app/gui/views/learn/learncursor.h"
#include "app/gui/views/learn/learnpickers.h"
#include "app/models/jobs/learncontroller.h"
#include "app/models/plotdata/lanestate.h"
#include "app/models/text/formatting.h"
#include "app/models/text/fromstd.h"

namespace ratelab {

LearnSeeker::LearnSeeker(LearnPickers* pickers, LearnCursor* cursor, LaneCanvas* canvas, ShowHistories show, QObject* parent)
    : QObject(parent), m_pickers(pickers), m_cursor(cursor), m_canvas(canvas), m_show(std::move(show))
{
    m_learn = new LearnController(this);
    connect(m_learn, &LearnController::finished, this,
            [this](quint64, std::shared_ptr<const LearnHistories> histories) { showResult(*histories); });
    connect(m_learn, &LearnController::failed, this, [this](quint64, const QString& message) { showFailure(message); });
    connect(m_pickers, &LearnPickers::keyPicked, this, [this] {
        m_otherKey.clear();
        loadHistories();
    });
    connect(m_pickers, &LearnPickers::algorithmsPicked, this, &LearnSeeker::loadHistories);
    connect(m_pickers, &LearnPickers::goToRequested, this, &LearnSeeker::goTo);
    connect(m_pickers, &LearnPickers::nextRejectionRequested, this, &LearnSeeker::nextRejection);
    connect(m_pickers, &LearnPickers::nextBurstRequested, this, &LearnSeeker::nextBurst);
    connect(m_pickers, &LearnPickers::followRequested, this, &LearnSeeker::followOtherKey);
}

LearnSeeker::~LearnSeeker() = default;

void LearnSeeker::setScenario(std::shared_ptr<const Scenario> scenario)
{
    m_scenario = std::move(scenario);
    m_pickers->setAlgorithms(m_scenario.get());
    if (m_scenario && !m_scenario->algorithms.empty()) {
        loadHistories();
        return;
    }
    m_pickers->setKeys({});
    m_show({}, {});
    m_cursor->moveTo(-1);
    settle();
}

void LearnSeeker::focusOn(const QString& algorithmId, const QString& key, qint64 atUs)
{
    m_pendingAtUs = atUs;
    m_pickers->pick(algorithmId, key);
    loadHistories();
}

LearnRequest LearnSeeker::request() const
{
    LearnRequest request;
    request.scenario = m_scenario;
    request.listKeys = !m_pickers->hasKeys() || m_keysFor != m_scenario;
    if (!request.listKeys)
        request.key = m_pickers->key().toStdString();
    request.algorithms.push_back(m_pickers->algorithmA().toStdString());
    if (!m_pickers->algorithmB().isEmpty())
        request.algorithms.push_back(m_pickers->algorithmB().toStdString());
    request.otherKey = m_otherKey;
    return request;
}

void LearnSeeker::loadHistories()
{
    seek(LearnSeek::None, 0);
}

void LearnSeeker::seek(LearnSeek seek, qint64 fromUs)
{
    emit aboutToMove();
    emit aboutToLoad();  // a key, a lane or a time from the run leaves the playground
    if (!m_scenario || m_pickers->algorithmA().isEmpty())
        return;
    m_ready = false;
    m_pickers->setStatus(seek == LearnSeek::None ? tr("Tracing…") : tr("Searching…"));
    LearnRequest r = request();
    r.seek = seek;
    r.fromUs = fromUs;
    m_listingKeys = r.listKeys;
    m_learn->start(r);
}

void LearnSeeker::followOtherKey()
{
    if (m_offeredKey.empty())
        return;
    m_otherKey = m_offeredKey;
    m_pendingAtUs = m_cursor->nowUs();
    loadHistories();
}

void LearnSeeker::goTo(qint64 atUs)
{
    emit aboutToMove();
    if (m_cursor->stepCount() > 0 && atUs >= m_canvas->scale().firstUs() && atUs <= m_canvas->scale().lastUs()) {
        m_cursor->moveToTime(atUs);
        m_canvas->fitAround(m_cursor->current());
        return;
    }
    seek(LearnSeek::Time, atUs);
}

void LearnSeeker::nextRejection()
{
    emit aboutToMove();
    // In the requests the lanes hold, when one comes after the cursor in either lane.
    std::optional<qint64> found;
    for (const LaneCanvas::Lane& lane : m_cursor->lanes())
        for (const KeyStep& step : lane.history.steps)
            if (step.atUs > m_cursor->nowUs() && !step.decision.allowed) {
                if (!found || step.atUs < *found)
                    found = step.atUs;
                break;
            }
    if (found && *found <= m_canvas->scale().lastUs()) {
        m_cursor->moveToTime(*found);
        m_canvas->fitAround(m_cursor->current());
        return;
    }
    seek(LearnSeek::Rejection, m_cursor->nowUs() + 1);
}

void LearnSeeker::nextBurst()
{
    seek(LearnSeek::Burst, m_cursor->nowUs() + 1);
}

void LearnSeeker::showResult(const LearnHistories& result)
{
    if (result.request.listKeys) {
        m_pickers->setKeys(result.keys);
        m_keysFor = result.request.scenario;
    }
    const QString key = m_pickers->key();
    if (result.notFound) {
        // Stay where the view was; say what was looked for.
        m_pickers->setStatus(result.request.seek == LearnSeek::Burst
                                 ? tr("No burst of %1 in A after %2.").arg(key, fmt::simTime(result.request.fromUs))
                                 : tr("No rejection of %1 after %2.").arg(key, fmt::simTime(result.request.fromUs)));
        settle();
        return;
    }
    if (result.targetUs)
        m_pendingAtUs = *result.targetUs;
    if (result.targetEndUs)
        m_pendingFit = std::make_pair(*result.targetUs, *result.targetEndUs);
    m_offeredKey = result.keyInOtherLane.value_or(std::string());
    m_show(result.histories, m_otherKey);
    const int n = m_cursor->stepCount();
    QString status = tr("%1 of key %2").arg(fmt::count(n, "request"), key);
    if (n > 0 && (n >= int(LearnController::kMaxSteps) || result.request.fromUs > 0 || result.targetUs)) {
        const auto& steps = m_cursor->lanes().front().history.steps;
        status += tr(" (%1 to %2; Go to or Next reaches any other)")
                      .arg(fmt::simTime(steps.front().atUs), fmt::simTime(steps.back().atUs));
    }
    // The dots and states are one exact limiter's: say so, and how the cluster's show.
    if (m_scenario && m_scenario->cluster)
        status += QStringLiteral(". ") + clusterStatus();
    if (!m_offeredKey.empty())
        status += QStringLiteral(". ")
            + tr("B has no request of %1; it keys the same traffic as %2: <a href=\"follow\">follow %2 in B</a>")
                  .arg(key.toHtmlEscaped(), q(m_offeredKey).toHtmlEscaped());
    m_pickers->setStatus(status);
    if (result.request.seek == LearnSeek::Time && n > 0)  // the cursor at the time asked for
        m_cursor->moveToStepAt(openingStep(), *result.targetUs);
    else
        m_cursor->moveTo(n > 0 ? openingStep() : -1);
    if (m_pendingFit)
        m_canvas->fitSpan(m_pendingFit->first, m_pendingFit->second);
    else if (m_cursor->current() >= 0)
        m_canvas->fitAround(m_cursor->current());
    m_pendingFit.reset();
    settle();
}

// How many of the requests on screen the cluster decided otherwise than the exact limiter
// whose dots and state the lanes draw.
QString LearnSeeker::clusterStatus() const
{
    int otherwise = 0;
    int decided = 0;
    for (const LaneCanvas::Lane& lane : m_cursor->lanes())
        for (const KeyStep& step : lane.history.steps)
            if (step.cluster) {
                ++decided;
                otherwise += step.cluster->allowed != step.decision.allowed ? 1 : 0;
            }
    return tr("dots and state: each exact limiter alone; ringed: the cluster decided otherwise (%1 of %2)")
        .arg(fmt::exact(otherwise), fmt::exact(decided));
}

// Where asked (focusOn(), a seek's find), or on the first rejection in either lane: the moment
// worth explaining (with a fixed window in A that never rejects, B's first one).
int LearnSeeker::openingStep()
{
    qint64 openAtUs = m_pendingAtUs;
    m_pendingAtUs = -1;
    if (openAtUs < 0)
        for (const LaneCanvas::Lane& lane : m_cursor->lanes())
            for (const auto& step : lane.history.steps)
                if (!step.decision.allowed) {
                    if (openAtUs < 0 || step.atUs < openAtUs)
                        openAtUs = step.atUs;
                    break;
                }
    int start = 0;
    if (openAtUs >= 0) {
        const auto& steps = m_cursor->lanes().front().history.steps;
        for (std::size_t i = 0; i < steps.size() && steps[i].atUs <= openAtUs; ++i)
            start = int(i);
    }
    return start;
}

void LearnSeeker::showFailure(const QString& message)
{
    if (m_listingKeys) {
        m_pickers->setKeys({});
        m_keysFor = m_scenario;
    }
    m_show({}, {});
    m_pickers->setStatus(tr("Trace failed: %1").arg(message));
    m_pendingAtUs = -1;
    m_cursor->moveTo(-1);
    settle();
}

void LearnSeeker::settle()
{
    m_ready = true;
    emit ready();
}

}  // namespace ratelab
