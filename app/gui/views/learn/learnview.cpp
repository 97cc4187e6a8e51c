#include "app/gui/views/learn/learnview.h"

#include "app/models/document/algorithmcatalog.h"
#include "app/models/document/playground.h"
#include "app/models/jobs/learncontroller.h"
#include "app/models/plotdata/lanestate.h"
#include "app/models/text/formatting.h"
#include "app/models/text/httpresponse.h"

#include <QComboBox>
#include <QDateTime>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace ratelab {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

}  // namespace

LearnView::LearnView(QWidget* parent) : QWidget(parent)
{
    m_learn = new LearnController(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(6);
    layout->addLayout(createPickers());
    m_canvas = new LaneCanvas(this);
    layout->addWidget(m_canvas, 1);
    layout->addLayout(createTexts());
    layout->addLayout(createControls());
    connectControls();

    connect(m_learn, &LearnController::finished, this,
            [this](quint64, std::shared_ptr<const LearnHistories> histories) { showHistories(*histories); });
    connect(m_learn, &LearnController::failed, this, [this](quint64, const QString& message) { showFailure(message); });
    m_timer.setInterval(30);
    connect(&m_timer, &QTimer::timeout, this, &LearnView::tick);
    setDark(false);
    updateTexts();
}

// Key, A, B and the status.
QHBoxLayout* LearnView::createPickers()
{
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Key"), this));
    m_key = new QComboBox(this);
    m_key->setMinimumContentsLength(14);
    m_key->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_key->setToolTip(tr("The busiest keys of the scenario, most requests first"));
    top->addWidget(m_key);
    top->addSpacing(8);
    top->addWidget(new QLabel(tr("A"), this));
    m_algoA = new QComboBox(this);
    m_algoA->setMinimumContentsLength(14);
    top->addWidget(m_algoA);
    top->addSpacing(8);
    top->addWidget(new QLabel(tr("B"), this));
    m_algoB = new QComboBox(this);
    m_algoB->setMinimumContentsLength(14);
    top->addWidget(m_algoB);
    top->addSpacing(12);
    top->addWidget(new QLabel(tr("Go to"), this));
    m_goTo = new QLineEdit(this);
    m_goTo->setAccessibleName(tr("Go to time, seconds"));
    m_goTo->setPlaceholderText(tr("time, s"));
    m_goTo->setMaximumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("0000.000 s")) + 16);
    m_goTo->setToolTip(tr("Follow the key from a time (seconds from the scenario start), e.g. 25 or 25.4"));
    top->addWidget(m_goTo);
    m_seekRejection = new QToolButton(this);
    m_seekRejection->setText(tr("Next rejection"));
    m_seekRejection->setToolTip(tr("The key's next rejected request in A or B, anywhere in the run (Shift+Right)"));
    top->addWidget(m_seekRejection);
    m_seekBurst = new QToolButton(this);
    m_seekBurst->setText(tr("Next burst"));
    m_seekBurst->setToolTip(tr("The key's next burst: more requests than A's quota within its window, zoomed to fit (B)"));
    top->addWidget(m_seekBurst);
    top->addSpacing(12);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    top->addWidget(m_status, 1);
    return top;
}

// First, previous, play, next, last; the speed; the scrubber and the time.
QHBoxLayout* LearnView::createControls()
{
    auto* controls = new QHBoxLayout;
    const auto button = [this, controls](const QString& text, const QString& tip, const QKeySequence& key) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        b->setMinimumWidth(34);
        controls->addWidget(b);
        return b;
    };
    m_first = button(QStringLiteral("|◀"), tr("First request"), QKeySequence(Qt::Key_Home));
    m_prev = button(QStringLiteral("◀"), tr("Previous request"), QKeySequence(Qt::Key_Left));
    m_play = button(QStringLiteral("▶"), tr("Play / pause"), QKeySequence(Qt::Key_Space));
    m_next = button(QStringLiteral("▶|"), tr("Next request; Shift: next rejection"), QKeySequence(Qt::Key_Right));
    m_last = button(QStringLiteral("▶▶|"), tr("Last request"), QKeySequence(Qt::Key_End));
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("speed"), this));
    m_speed = new QComboBox(this);
    for (const char* s : {"0.25×", "1×", "4×", "16×", "100×"})
        m_speed->addItem(QString::fromUtf8(s));
    m_speed->setCurrentIndex(1);
    m_speed->setToolTip(tr("Simulation seconds per wall-clock second"));
    controls->addWidget(m_speed);
    controls->addSpacing(12);
    m_playground = new QToolButton(this);
    m_playground->setText(tr("Playground"));
    m_playground->setCheckable(true);
    m_playground->setToolTip(tr("Edit the key's requests: click a lane to add one, drag to move, right-click to delete; "
                                "both algorithms decide again at once, from a fresh key"));
    controls->addWidget(m_playground);
    m_sendBurst = new QToolButton(this);
    m_sendBurst->setText(tr("Send"));
    m_sendBurst->setToolTip(tr("Add a burst at the cursor, in the playground"));
    controls->addWidget(m_sendBurst);
    m_burstCount = new QSpinBox(this);
    m_burstCount->setAccessibleName(tr("Requests in a burst"));
    m_burstCount->setRange(1, 1000);
    m_burstCount->setValue(10);
    m_burstCount->setSuffix(tr(" requests"));
    controls->addWidget(m_burstCount);
    m_burstSpacing = new QComboBox(this);
    for (const char* s : {"1 ms apart", "10 ms apart", "100 ms apart"})
        m_burstSpacing->addItem(tr(s));
    m_burstSpacing->setCurrentIndex(1);
    controls->addWidget(m_burstSpacing);
    controls->addSpacing(12);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setAccessibleName(tr("Request"));
    m_slider->setToolTip(tr("Scrub through the requests"));
    controls->addWidget(m_slider, 1);
    m_time = new QLabel(this);
    m_time->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("request 2000 / 2000, t = 000.000 s")));
    controls->addWidget(m_time);
    return controls;
}

void LearnView::connectControls()
{
    connect(m_first, &QToolButton::clicked, this, [this] { setCurrent(0); });
    connect(m_prev, &QToolButton::clicked, this, [this] { stepBy(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] {
        if (QGuiApplication::keyboardModifiers() & Qt::ShiftModifier)
            nextRejection();
        else
            stepBy(1);
    });
    connect(m_last, &QToolButton::clicked, this, [this] { setCurrent(stepCount() - 1); });
    connect(m_play, &QToolButton::clicked, this, [this] { setPlaying(!m_timer.isActive()); });
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (v != m_current)
            setCurrent(v);
    });
    connect(m_canvas, &LaneCanvas::scrubbed, this, [this](qint64 atUs) {
        setPlaying(false);
        if (m_lanes.isEmpty())
            return;
        const auto& steps = m_lanes.front().history.steps;
        int step = -1;
        for (std::size_t i = 0; i < steps.size() && steps[i].atUs <= atUs; ++i)
            step = int(i);
        m_nowUs = atUs;
        setCurrent(std::max(0, step), false);
    });
    connect(m_goTo, &QLineEdit::returnPressed, this, [this] {
        bool ok = false;
        const double s = m_goTo->text().remove(QStringLiteral("s")).trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(s) || s < 0 || s > 1e9) {
            m_status->setText(tr("Go to: type a time in seconds from the scenario start, e.g. 25.4"));
            return;
        }
        goTo(qint64(std::llround(s * 1e6)));
    });
    connect(m_seekRejection, &QToolButton::clicked, this, &LearnView::nextRejection);
    connectPlayground();
    connect(m_seekBurst, &QToolButton::clicked, this, &LearnView::nextBurst);
    connect(m_status, &QLabel::linkActivated, this, [this] { followOtherKey(); });
    connect(m_key, &QComboBox::activated, this, [this] {
        m_otherKey.clear();
        loadHistories();
    });
    connect(m_algoA, &QComboBox::activated, this, [this] { loadHistories(); });
    connect(m_algoB, &QComboBox::activated, this, [this] { loadHistories(); });
}

LearnView::~LearnView() = default;

int LearnView::stepCount() const
{
    return m_canvas->stepCount();
}

void LearnView::setDark(bool dark)
{
    m_dark = dark;
    m_canvas->setDark(dark);
    if (!m_lanes.isEmpty()) {
        for (LaneCanvas::Lane& lane : m_lanes)
            lane.style.color = palette::familyColor(familyOf(lane.history.algorithmId), dark);
        m_canvas->setLanes(m_lanes);
        m_canvas->setCurrent(m_current);
        m_canvas->setNow(m_nowUs);
    }
}

std::string LearnView::familyOf(const std::string& algorithmId) const
{
    return m_scenario ? catalog::familyById(*m_scenario, algorithmId) : std::string();
}

void LearnView::setScenario(std::shared_ptr<const Scenario> scenario)
{
    m_scenario = std::move(scenario);
    const QString keepA = m_algoA->currentText();
    const QString keepB = m_algoB->currentText();
    m_algoA->clear();
    m_algoB->clear();
    m_algoB->addItem(tr("none"));
    if (m_scenario)
        for (const AlgorithmSpec& a : m_scenario->algorithms) {
            m_algoA->addItem(q(a.id));
            m_algoB->addItem(q(a.id));
        }
    if (m_algoA->findText(keepA) >= 0)
        m_algoA->setCurrentText(keepA);
    if (m_algoB->findText(keepB) >= 0)
        m_algoB->setCurrentText(keepB);
    else if (m_algoB->count() > 2)
        m_algoB->setCurrentIndex(2);  // the second algorithm, for a side-by-side by default
    loadKeys();
}

void LearnView::focusOn(const QString& algorithmId, const QString& key, qint64 atUs)
{
    m_pendingAlgorithm = algorithmId;
    m_pendingKey = key;
    m_pendingAtUs = atUs;
    if (m_algoA->findText(algorithmId) >= 0)
        m_algoA->setCurrentText(algorithmId);
    if (m_key->findText(key) < 0)
        m_key->insertItem(0, key);
    m_key->setCurrentText(key);
    loadHistories();
}

void LearnView::loadKeys()
{
    if (!m_scenario || m_scenario->algorithms.empty()) {
        m_key->clear();
        m_lanes.clear();
        m_canvas->setLanes({});
        m_ready = true;
        updateTexts();
        emit ready();
        return;
    }
    loadHistories();
}

void LearnView::setHistories(const std::vector<KeyHistory>& histories)
{
    m_lanes.clear();
    for (std::size_t i = 0; i < histories.size(); ++i) {
        LaneCanvas::Lane lane;
        lane.history = histories[i];
        lane.style.color = palette::familyColor(familyOf(lane.history.algorithmId), m_dark);
        lane.style.dash = i == 0 ? Qt::SolidLine : Qt::DashLine;
        lane.label = QStringLiteral("%1 %2").arg(i == 0 ? QStringLiteral("A") : QStringLiteral("B"), q(lane.history.algorithmId));
        if (i > 0 && !m_otherKey.empty())
            lane.label += QStringLiteral(" (%1)").arg(q(m_otherKey));
        lane.emptyText = m_canvas->isEditable() ? tr("Click to add a request; drag one to move it; right-click to delete it.")
            : i == 0                            ? tr("No request of this key in A.")
                     : tr("No request of %1 in B: B keys its traffic differently.").arg(q(lane.history.key));
        m_lanes.append(lane);
    }
    m_canvas->setLanes(m_lanes);
    m_slider->setRange(0, std::max(0, stepCount() - 1));
    fitResponses();
}

void LearnView::showHistories(const LearnHistories& result)
{
    if (result.request.listKeys) {
        m_key->clear();
        for (const std::string& k : result.keys)
            m_key->addItem(q(k));
        m_keysFor = result.request.scenario;
    }
    if (result.notFound) {
        // Stay where the view was; say what was looked for.
        m_status->setText(
            result.request.seek == LearnSeek::Burst
                ? tr("No burst of %1 in A after %2.").arg(m_key->currentText(), fmt::simTime(result.request.fromUs))
                : tr("No rejection of %1 after %2.").arg(m_key->currentText(), fmt::simTime(result.request.fromUs)));
        m_ready = true;
        emit ready();
        return;
    }
    if (result.targetUs)
        m_pendingAtUs = *result.targetUs;
    if (result.targetEndUs)
        m_pendingFit = std::make_pair(*result.targetUs, *result.targetEndUs);
    m_offeredKey = result.keyInOtherLane.value_or(std::string());
    setHistories(result.histories);
    const int n = stepCount();
    m_slider->setRange(0, std::max(0, n - 1));
    QString status = tr("%1 of key %2").arg(fmt::count(n, "request"), m_key->currentText());
    if (n > 0 && (n >= int(LearnController::kMaxSteps) || result.request.fromUs > 0 || result.targetUs))
        status += tr(" (%1 to %2; Go to or Next reaches any other)")
                      .arg(fmt::simTime(m_lanes.front().history.steps.front().atUs),
                           fmt::simTime(m_lanes.front().history.steps.back().atUs));
    // The dots and states are one exact limiter's: say so, and how the cluster's show.
    if (m_scenario && m_scenario->cluster)
        status += QStringLiteral(". ") + clusterStatus();
    if (!m_offeredKey.empty())
        status += QStringLiteral(". ")
            + tr("B has no request of %1; it keys the same traffic as %2: <a href=\"follow\">follow %2 in B</a>")
                  .arg(m_key->currentText().toHtmlEscaped(), q(m_offeredKey).toHtmlEscaped());
    m_status->setText(status);
    setCurrent(n > 0 ? openingStep() : -1);
    if (result.request.seek == LearnSeek::Time && n > 0) {  // the cursor at the time asked for
        m_nowUs = *result.targetUs;
        setCurrent(m_current, false);
    }
    if (m_pendingFit)
        m_canvas->fitSpan(m_pendingFit->first, m_pendingFit->second);
    else if (m_current >= 0)
        m_canvas->fitAround(m_current);
    m_pendingFit.reset();
    m_ready = true;
    emit ready();
}

// How many of the requests on screen the cluster decided otherwise than the exact limiter
// whose dots and state the lanes draw.
QString LearnView::clusterStatus() const
{
    int otherwise = 0;
    int decided = 0;
    for (const LaneCanvas::Lane& lane : m_lanes)
        for (const KeyStep& step : lane.history.steps)
            if (step.cluster) {
                ++decided;
                otherwise += step.cluster->allowed != step.decision.allowed ? 1 : 0;
            }
    return tr("dots and state: each exact limiter alone; ringed: the cluster decided otherwise (%1 of %2)")
        .arg(fmt::exact(otherwise), fmt::exact(decided));
}

// Where asked (focusOn()), or on the first rejection in either lane: the moment worth
// explaining (with a fixed window in A that never rejects, B's first one).
int LearnView::openingStep()
{
    qint64 openAtUs = m_pendingAtUs;
    m_pendingAtUs = -1;
    if (openAtUs < 0)
        for (const LaneCanvas::Lane& lane : m_lanes)
            for (const auto& step : lane.history.steps)
                if (!step.decision.allowed) {
                    if (openAtUs < 0 || step.atUs < openAtUs)
                        openAtUs = step.atUs;
                    break;
                }
    int start = 0;
    if (openAtUs >= 0) {
        const auto& steps = m_lanes.front().history.steps;
        for (std::size_t i = 0; i < steps.size() && steps[i].atUs <= openAtUs; ++i)
            start = int(i);
    }
    return start;
}

void LearnView::showFailure(const QString& message)
{
    if (m_listingKeys) {
        m_key->clear();
        m_keysFor = m_scenario;
    }
    m_lanes.clear();
    m_canvas->setLanes(m_lanes);
    m_slider->setRange(0, 0);
    m_status->setText(tr("Trace failed: %1").arg(message));
    m_pendingAtUs = -1;
    setCurrent(-1);
    m_ready = true;
    emit ready();
}

void LearnView::setCurrent(int step, bool moveNow)
{
    const int n = stepCount();
    m_current = n == 0 ? -1 : std::clamp(step, 0, n - 1);
    if (m_current >= 0 && moveNow)
        m_nowUs = m_lanes.front().history.steps[std::size_t(m_current)].atUs;
    m_canvas->setCurrent(m_current);
    m_canvas->setNow(m_nowUs);
    if (m_current >= 0 && m_slider->value() != m_current) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(m_current);
    }
    updateTexts();
}

void LearnView::stepBy(int delta)
{
    setPlaying(false);
    setCurrent(m_current + delta);
}

void LearnView::setPlaying(bool playing)
{
    if (playing && stepCount() == 0)
        playing = false;
    if (playing) {
        if (m_current >= stepCount() - 1)
            setCurrent(0);
        m_lastTickMs = QDateTime::currentMSecsSinceEpoch();
        m_timer.start();
    } else {
        m_timer.stop();
    }
    m_play->setText(playing ? QStringLiteral("❚❚") : QStringLiteral("▶"));
}

void LearnView::tick()
{
    static const double speeds[] = {0.25, 1, 4, 16, 100};
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const qint64 elapsed = nowMs - m_lastTickMs;
    m_lastTickMs = nowMs;
    m_nowUs += qint64(double(elapsed) * 1000.0 * speeds[std::clamp(m_speed->currentIndex(), 0, 4)]);
    const auto& steps = m_lanes.front().history.steps;
    int step = m_current;
    while (step + 1 < int(steps.size()) && steps[std::size_t(step + 1)].atUs <= m_nowUs)
        ++step;
    if (step != m_current)
        setCurrent(step, false);
    else
        m_canvas->setNow(m_nowUs);
    if (step >= int(steps.size()) - 1 && m_nowUs > steps.back().atUs + 500'000)
        setPlaying(false);
    m_time->setText(tr("request %1 / %2, t = %3").arg(m_current + 1).arg(stepCount()).arg(fmt::simTime(m_nowUs)));
}

QString LearnView::sentenceA() const
{
    if (m_current < 0 || m_lanes.isEmpty())
        return {};
    return q(m_lanes.front().history.steps[std::size_t(m_current)].sentence);
}

int LearnView::laneStep(int lane) const
{
    if (lane == 0)
        return m_current;
    return stepAtOrBefore(m_lanes[lane].history, m_nowUs);
}

QString LearnView::sentenceB() const
{
    if (m_lanes.size() < 2 || laneStep(1) < 0)
        return {};
    return q(m_lanes[1].history.steps[std::size_t(laneStep(1))].sentence);
}

QString LearnView::status() const
{
    return m_status->text();
}

QString LearnView::headersA() const
{
    return m_headersA->toPlainText();
}

void LearnView::hideEvent(QHideEvent* event)
{
    setPlaying(false);  // the timer stops while the view is hidden
    QWidget::hideEvent(event);
}

void LearnView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Space: setPlaying(!m_timer.isActive()); return;
    case Qt::Key_Right:
        if (event->modifiers() & Qt::ShiftModifier)
            nextRejection();
        else
            stepBy(1);
        return;
    case Qt::Key_Left: stepBy(-1); return;
    case Qt::Key_Home: setCurrent(0); return;
    case Qt::Key_End: setCurrent(stepCount() - 1); return;
    default: QWidget::keyPressEvent(event);
    }
}

}  // namespace ratelab
