#include "app/gui/views/learn/learnplayground.h"

#include "app/gui/canvases/lanecanvas.h"
#include "app/gui/canvases/lanemouseeditor.h"
#include "app/gui/views/learn/learncursor.h"
#include "app/gui/views/learn/learnpickers.h"
#include "app/models/document/playground.h"
#include "app/models/text/formatting.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>

namespace ratelab {

LearnPlayground::LearnPlayground(LaneCanvas* canvas, LearnCursor* cursor, LearnPickers* pickers, ShowHistories show,
                                 QWidget* parent)
    : QWidget(parent), m_canvas(canvas), m_cursor(cursor), m_pickers(pickers), m_show(std::move(show)),
      m_edits(std::make_unique<Playground>())
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_toggle = new QToolButton(this);
    m_toggle->setText(tr("Playground"));
    m_toggle->setCheckable(true);
    m_toggle->setToolTip(tr("Edit the key's requests: click a lane to add one, drag to move, right-click to delete; "
                            "both algorithms decide again at once, from a fresh key"));
    row->addWidget(m_toggle);
    m_send = new QToolButton(this);
    m_send->setText(tr("Send"));
    m_send->setToolTip(tr("Add a burst at the cursor, in the playground"));
    row->addWidget(m_send);
    m_count = new QSpinBox(this);
    m_count->setAccessibleName(tr("Requests in a burst"));
    m_count->setRange(1, 1000);
    m_count->setValue(10);
    m_count->setSuffix(tr(" requests"));
    row->addWidget(m_count);
    m_spacing = new QComboBox(this);
    for (const char* s : {"1 ms apart", "10 ms apart", "100 ms apart"})
        m_spacing->addItem(tr(s));
    m_spacing->setCurrentIndex(1);
    row->addWidget(m_spacing);

    connect(m_toggle, &QToolButton::toggled, this, &LearnPlayground::toggled);
    connect(m_send, &QToolButton::clicked, this, [this] {
        static const qint64 spacings[] = {1'000, 10'000, 100'000};
        emit sendRequested(m_count->value(), spacings[std::clamp(m_spacing->currentIndex(), 0, 2)]);
    });
    connect(&m_canvas->editor(), &LaneMouseEditor::requestAdded, this, [this](qint64 atUs) {
        const int index = m_edits->add(atUs);
        replay();
        m_cursor->moveToStepAt(index, atUs);
    });
    connect(&m_canvas->editor(), &LaneMouseEditor::requestMoved, this, [this](int index, qint64 atUs) {
        const int moved = m_edits->move(index, atUs);
        m_canvas->editor().continueDrag(moved);
        replay();
        m_cursor->moveToStepAt(moved, atUs);
    });
    connect(&m_canvas->editor(), &LaneMouseEditor::requestRemoved, this, [this](int index) {
        m_edits->remove(index);
        replay();
        m_cursor->moveToTime(m_cursor->nowUs());
    });
}

LearnPlayground::~LearnPlayground() = default;

bool LearnPlayground::isOn() const
{
    return m_canvas->editor().isOn();
}

void LearnPlayground::showControls(bool on)
{
    {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(on);
    }
    m_pickers->setSeeksEnabled(!on);
    if (on != m_canvas->editor().isOn())
        m_canvas->setEditable(on);
    if (!on)
        m_edits->clear();
}

void LearnPlayground::start(const Scenario& scenario)
{
    m_scenario = &scenario;
    m_edits->reset(m_cursor->lanes().front().history);
    replay();
    m_cursor->moveToTime(m_cursor->nowUs());
}

void LearnPlayground::addBurst(int count, qint64 spacingUs)
{
    const int first = m_edits->add(m_cursor->nowUs(), count, spacingUs);
    replay();
    m_cursor->moveTo(first, false);
}

void LearnPlayground::replay()
{
    std::vector<std::string> ids;
    for (const LaneCanvas::Lane& lane : m_cursor->lanes())
        ids.push_back(lane.history.algorithmId);
    const QString key = m_pickers->key();
    try {
        m_show(m_edits->histories(*m_scenario, ids, key.toStdString()));
        m_pickers->setStatus(tr("Playground: %1 of %2 from a fresh key, as ratelab-cli decide decides them. "
                                "Click a lane to add one, drag to move, right-click to delete.")
                                 .arg(fmt::count(qint64(m_edits->requests().size()), "request"), key));
    } catch (const std::exception& e) {
        m_pickers->setStatus(tr("Playground: %1").arg(QString::fromStdString(e.what())));
    }
}

}  // namespace ratelab
