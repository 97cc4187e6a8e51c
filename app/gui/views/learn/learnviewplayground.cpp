// The Learn view's playground: the key's requests edited by hand (click to add, drag to move,
// right-click to delete, send a burst at the cursor), both lanes decided again at each change
// from a fresh key, as `ratelab-cli decide` decides the same requests.

#include "app/gui/views/learn/learnview.h"
#include "app/models/document/playground.h"
#include "app/models/plotdata/lanestate.h"
#include "app/models/text/formatting.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>

namespace ratelab {

void LearnView::connectPlayground()
{
    m_edits = std::make_unique<Playground>();
    connect(m_playground, &QToolButton::toggled, this, &LearnView::setPlayground);
    connect(m_sendBurst, &QToolButton::clicked, this, [this] {
        static const qint64 spacings[] = {1'000, 10'000, 100'000};
        sendBurst(m_burstCount->value(), spacings[std::clamp(m_burstSpacing->currentIndex(), 0, 2)]);
    });
    connect(m_canvas, &LaneCanvas::requestAdded, this, [this](qint64 atUs) {
        const int index = m_edits->add(atUs);
        m_nowUs = atUs;
        replayPlayground();
        setCurrent(index, false);
    });
    connect(m_canvas, &LaneCanvas::requestMoved, this, [this](int index, qint64 atUs) {
        const int moved = m_edits->move(index, atUs);
        m_canvas->continueDrag(moved);
        m_nowUs = atUs;
        replayPlayground();
        setCurrent(moved, false);
    });
    connect(m_canvas, &LaneCanvas::requestRemoved, this, [this](int index) {
        m_edits->remove(index);
        replayPlayground();
        setCurrent(std::max(0, stepAtOrBefore(m_lanes.front().history, m_nowUs)), false);
    });
}

bool LearnView::isPlayground() const
{
    return m_canvas->isEditable();
}

void LearnView::setPlayground(bool on)
{
    if (on && (!m_scenario || m_lanes.isEmpty()))
        on = false;
    if (on == isPlayground()) {
        showPlaygroundControls(on);
        return;
    }
    setPlaying(false);
    showPlaygroundControls(on);
    if (!on) {
        loadHistories();  // leaves the playground's lanes for the run's
        return;
    }
    m_edits->reset(m_lanes.front().history);
    replayPlayground();
    setCurrent(std::max(0, stepAtOrBefore(m_lanes.front().history, m_nowUs)), false);
}

void LearnView::showPlaygroundControls(bool on)
{
    {
        const QSignalBlocker block(m_playground);
        m_playground->setChecked(on);
    }
    for (QWidget* w : {static_cast<QWidget*>(m_key), static_cast<QWidget*>(m_goTo), static_cast<QWidget*>(m_seekRejection),
                       static_cast<QWidget*>(m_seekBurst)})
        w->setEnabled(!on);
    if (on != m_canvas->isEditable())
        m_canvas->setEditable(on);
    if (!on)
        m_edits->clear();
}

void LearnView::sendBurst(int count, qint64 spacingUs)
{
    if (!isPlayground())
        setPlayground(true);
    if (!isPlayground())
        return;
    const int first = m_edits->add(m_nowUs, count, spacingUs);
    replayPlayground();
    setCurrent(first, false);
}

void LearnView::replayPlayground()
{
    std::vector<std::string> ids;
    for (const LaneCanvas::Lane& lane : m_lanes)
        ids.push_back(lane.history.algorithmId);
    const std::string key = m_key->currentText().toStdString();
    try {
        setHistories(m_edits->histories(*m_scenario, ids, key));
        m_status->setText(tr("Playground: %1 of %2 from a fresh key, as ratelab-cli decide decides them. "
                             "Click a lane to add one, drag to move, right-click to delete.")
                              .arg(fmt::count(qint64(m_edits->requests().size()), "request"), m_key->currentText()));
    } catch (const std::exception& e) {
        m_status->setText(tr("Playground: %1").arg(QString::fromStdString(e.what())));
    }
}

}  // namespace ratelab
