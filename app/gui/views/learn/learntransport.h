#pragma once
// The Learn view's transport, under its texts: first, previous, play / pause, next, last, the
// speed, the scrubber and the time, over a LearnCursor. Playing moves the cursor's time at the
// speed (simulation seconds per wall-clock second) and stops half a second past the last
// request. A widget for the row's middle (the playground's) goes between the speed and the
// scrubber (setMiddle).

#include <QTimer>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QSlider;
class QToolButton;

namespace ratelab {

class LearnCursor;

class LearnTransport : public QWidget {
    Q_OBJECT
public:
    LearnTransport(LearnCursor* cursor, QWidget* parent = nullptr);

    void setMiddle(QWidget* middle);
    void setPlaying(bool playing);
    bool isPlaying() const { return m_timer.isActive(); }
    void stepBy(int delta);  // stops playing
    // The slider's range for the cursor's steps (after new lanes).
    void updateRange();

signals:
    // Shift with next, or Shift+Right: the next rejection, which may lie beyond the lanes.
    void nextRejectionRequested();

private:
    QToolButton* addButton(const QString& text, const QString& tip, const QKeySequence& key);
    void tick();
    void showCursor();

    LearnCursor* m_cursor;
    QHBoxLayout* m_row = nullptr;
    QToolButton* m_first = nullptr;
    QToolButton* m_prev = nullptr;
    QToolButton* m_play = nullptr;
    QToolButton* m_next = nullptr;
    QToolButton* m_last = nullptr;
    QComboBox* m_speed = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_time = nullptr;
    QTimer m_timer;
    qint64 m_lastTickMs = 0;
};

}  // namespace ratelab
