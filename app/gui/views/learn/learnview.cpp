#include "app/gui/views/learn/learnview.h"

#include "app/gui/canvases/lanemouseeditor.h"
#include "app/gui/views/learn/learncursor.h"
#include "app/gui/views/learn/learnlanes.h"
#include "app/gui/views/learn/learnpickers.h"
#include "app/gui/views/learn/learnplayground.h"
#include "app/gui/views/learn/learnseeker.h"
#include "app/gui/views/learn/learntexts.h"
#include "app/gui/views/learn/learntransport.h"

#include <QKeyEvent>
#include <QVBoxLayout>

namespace ratelab {

LearnView::LearnView(QWidget* parent) : QWidget(parent)
{
    m_cursor = new LearnCursor(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(6);
    m_pickers = new LearnPickers(this);
    layout->addWidget(m_pickers);
    m_canvas = new LaneCanvas(this);
    layout->addWidget(m_canvas, 1);
    m_texts = new LearnTexts(m_cursor, this);
    layout->addWidget(m_texts);
    m_transport = new LearnTransport(m_cursor, this);
    m_playground = new LearnPlayground(m_canvas, m_cursor, m_pickers,
                                       [this](const std::vector<KeyHistory>& histories) { showHistories(histories, {}); });
    m_transport->setMiddle(m_playground);
    layout->addWidget(m_transport);
    m_seeker = new LearnSeeker(
        m_pickers, m_cursor, m_canvas,
        [this](const std::vector<KeyHistory>& histories, const std::string& otherKey) { showHistories(histories, otherKey); },
        this);

    connect(m_cursor, &LearnCursor::moved, this, &LearnView::showCursor);
    connect(m_canvas, &LaneCanvas::scrubbed, this, [this](qint64 atUs) {
        m_transport->setPlaying(false);
        if (!m_cursor->isEmpty())
            m_cursor->moveToTime(atUs);
    });
    connect(m_transport, &LearnTransport::nextRejectionRequested, m_seeker, &LearnSeeker::nextRejection);
    connect(m_seeker, &LearnSeeker::aboutToMove, this, [this] { m_transport->setPlaying(false); });
    connect(m_seeker, &LearnSeeker::aboutToLoad, this, [this] { m_playground->showControls(false); });
    connect(m_seeker, &LearnSeeker::ready, this, &LearnView::ready);
    connect(m_playground, &LearnPlayground::toggled, this, &LearnView::setPlayground);
    connect(m_playground, &LearnPlayground::sendRequested, this, &LearnView::sendBurst);
    setDark(false);
    m_texts->showCursor();
}

LearnView::~LearnView() = default;

void LearnView::setScenario(std::shared_ptr<const Scenario> scenario)
{
    m_texts->setContext(scenario.get(), m_dark);
    m_seeker->setScenario(std::move(scenario));
}

void LearnView::setDark(bool dark)
{
    m_dark = dark;
    m_canvas->setDark(dark);
    m_texts->setContext(m_seeker->scenario(), dark);
    if (!m_cursor->isEmpty()) {
        recolourLanes(m_cursor->lanes(), m_seeker->scenario(), dark);
        m_canvas->setLanes(m_cursor->lanes());
        m_canvas->setCurrent(m_cursor->current());
        m_canvas->setNow(m_cursor->nowUs());
    }
}

void LearnView::focusOn(const QString& algorithmId, const QString& key, qint64 atUs)
{
    m_seeker->focusOn(algorithmId, key, atUs);
}

bool LearnView::isReady() const
{
    return m_seeker->isReady();
}

void LearnView::showHistories(const std::vector<KeyHistory>& histories, const std::string& otherKey)
{
    m_cursor->setLanes(lanesFor(histories, m_seeker->scenario(), m_dark, otherKey, m_canvas->editor().isOn()));
    m_canvas->setLanes(m_cursor->lanes());
    m_transport->updateRange();
    m_texts->fitResponses();
}

void LearnView::showCursor(bool step)
{
    m_canvas->setCurrent(m_cursor->current());
    m_canvas->setNow(m_cursor->nowUs());
    if (step)
        m_texts->showCursor();
}

bool LearnView::isPlayground() const
{
    return m_playground->isOn();
}

const Playground& LearnView::playground() const
{
    return m_playground->edits();
}

void LearnView::setPlayground(bool on)
{
    if (on && (!m_seeker->scenario() || m_cursor->isEmpty()))
        on = false;
    if (on == isPlayground()) {
        m_playground->showControls(on);
        return;
    }
    m_transport->setPlaying(false);
    m_playground->showControls(on);
    if (!on) {
        m_seeker->loadHistories();  // leaves the playground's lanes for the run's
        return;
    }
    m_playground->start(*m_seeker->scenario());
}

void LearnView::sendBurst(int count, qint64 spacingUs)
{
    if (!isPlayground())
        setPlayground(true);
    if (isPlayground())
        m_playground->addBurst(count, spacingUs);
}

void LearnView::hideEvent(QHideEvent* event)
{
    m_transport->setPlaying(false);  // the timer stops while the view is hidden
    QWidget::hideEvent(event);
}

void LearnView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Space: m_transport->setPlaying(!m_transport->isPlaying()); return;
    case Qt::Key_Right:
        if (event->modifiers() & Qt::ShiftModifier)
            m_seeker->nextRejection();
        else
            m_transport->stepBy(1);
        return;
    case Qt::Key_Left: m_transport->stepBy(-1); return;
    case Qt::Key_Home: m_cursor->moveTo(0); return;
    case Qt::Key_End: m_cursor->moveTo(m_cursor->stepCount() - 1); return;
    default: QWidget::keyPressEvent(event);
    }
}

}  // namespace ratelab
