#include "app/gui/views/learn/learntransport.h"

#include "app/gui/views/learn/learncursor.h"
#include "app/models/text/formatting.h"

#include <QComboBox>
#include <QDateTime>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QToolButton>

#include <algorithm>

namespace ratelab {

LearnTransport::LearnTransport(LearnCursor* cursor, QWidget* parent) : QWidget(parent), m_cursor(cursor)
{
    m_row = new QHBoxLayout(this);
    m_row->setContentsMargins(0, 0, 0, 0);
    m_first = addButton(QStringLiteral("|◀"), tr("First request"), QKeySequence(Qt::Key_Home));
    m_prev = addButton(QStringLiteral("◀"), tr("Previous request"), QKeySequence(Qt::Key_Left));
    m_play = addButton(QStringLiteral("▶"), tr("Play / pause"), QKeySequence(Qt::Key_Space));
    m_next = addButton(QStringLiteral("▶|"), tr("Next request; Shift: next rejection"), QKeySequence(Qt::Key_Right));
    m_last = addButton(QStringLiteral("▶▶|"), tr("Last request"), QKeySequence(Qt::Key_End));
    m_row->addSpacing(12);
    m_row->addWidget(new QLabel(tr("speed"), this));
    m_speed = new QComboBox(this);
    for (const char* s : {"0.25×", "1×", "4×", "16×", "100×"})
        m_speed->addItem(QString::fromUtf8(s));
    m_speed->setCurrentIndex(1);
    m_speed->setToolTip(tr("Simulation seconds per wall-clock second"));
    m_row->addWidget(m_speed);
    m_row->addSpacing(12);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setAccessibleName(tr("Request"));
    m_slider->setToolTip(tr("Scrub through the requests"));
    m_row->addWidget(m_slider, 1);
    m_time = new QLabel(this);
    m_time->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("request 2000 / 2000, t = 000.000 s")));
    m_row->addWidget(m_time);

    connect(m_first, &QToolButton::clicked, this, [this] { m_cursor->moveTo(0); });
    connect(m_prev, &QToolButton::clicked, this, [this] { stepBy(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] {
        if (QGuiApplication::keyboardModifiers() & Qt::ShiftModifier)
            emit nextRejectionRequested();
        else
            stepBy(1);
    });
    connect(m_last, &QToolButton::clicked, this, [this] { m_cursor->moveTo(m_cursor->stepCount() - 1); });
    connect(m_play, &QToolButton::clicked, this, [this] { setPlaying(!isPlaying()); });
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (v != m_cursor->current())
            m_cursor->moveTo(v);
    });
    connect(m_cursor, &LearnCursor::moved, this, &LearnTransport::showCursor);
    m_timer.setInterval(30);
    connect(&m_timer, &QTimer::timeout, this, &LearnTransport::tick);
    showCursor();
}

QToolButton* LearnTransport::addButton(const QString& text, const QString& tip, const QKeySequence& key)
{
    auto* b = new QToolButton(this);
    b->setText(text);
    b->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
    b->setMinimumWidth(34);
    m_row->addWidget(b);
    return b;
}

void LearnTransport::setMiddle(QWidget* middle)
{
    const int at = m_row->indexOf(m_slider);
    m_row->insertWidget(at, middle);
    m_row->insertSpacing(at + 1, 12);
}

void LearnTransport::updateRange()
{
    m_slider->setRange(0, std::max(0, m_cursor->stepCount() - 1));
}

void LearnTransport::stepBy(int delta)
{
    setPlaying(false);
    m_cursor->moveTo(m_cursor->current() + delta);
}

void LearnTransport::setPlaying(bool playing)
{
    if (playing && m_cursor->stepCount() == 0)
        playing = false;
    if (playing) {
        if (m_cursor->current() >= m_cursor->stepCount() - 1)
            m_cursor->moveTo(0);
        m_lastTickMs = QDateTime::currentMSecsSinceEpoch();
        m_timer.start();
    } else {
        m_timer.stop();
    }
    m_play->setText(playing ? QStringLiteral("❚❚") : QStringLiteral("▶"));
}

void LearnTransport::tick()
{
    static const double speeds[] = {0.25, 1, 4, 16, 100};
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const qint64 elapsed = nowMs - m_lastTickMs;
    m_lastTickMs = nowMs;
    const qint64 now = m_cursor->nowUs() + qint64(double(elapsed) * 1000.0 * speeds[std::clamp(m_speed->currentIndex(), 0, 4)]);
    const auto& steps = m_cursor->lanes().front().history.steps;
    int step = m_cursor->current();
    while (step + 1 < int(steps.size()) && steps[std::size_t(step + 1)].atUs <= now)
        ++step;
    if (step != m_cursor->current())
        m_cursor->moveToStepAt(step, now);
    else
        m_cursor->setNow(now);
    if (step >= int(steps.size()) - 1 && now > steps.back().atUs + 500'000)
        setPlaying(false);
}

// The buttons and the slider follow the cursor; the time reads it.
void LearnTransport::showCursor()
{
    const bool has = m_cursor->current() >= 0 && !m_cursor->isEmpty();
    for (QWidget* w : {static_cast<QWidget*>(m_first), static_cast<QWidget*>(m_prev), static_cast<QWidget*>(m_play),
                       static_cast<QWidget*>(m_next), static_cast<QWidget*>(m_last), static_cast<QWidget*>(m_slider)})
        w->setEnabled(has);
    if (!has) {
        m_time->clear();
        return;
    }
    if (m_slider->value() != m_cursor->current()) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(m_cursor->current());
    }
    m_time->setText(tr("request %1 / %2, t = %3")
                        .arg(m_cursor->current() + 1)
                        .arg(m_cursor->stepCount())
                        .arg(fmt::simTime(m_cursor->nowUs())));
}

}  // namespace ratelab
