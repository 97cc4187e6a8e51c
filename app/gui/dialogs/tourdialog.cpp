#include "app/gui/dialogs/tourdialog.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <array>

namespace ratelab {

namespace {

struct Step {
    const char* title;
    const char* text;
    int view;  // -1: none
};

constexpr std::array<Step, 5> kSteps = {{
    {QT_TRANSLATE_NOOP("TourDialog", "Compare: what does each algorithm let through?"),
     QT_TRANSLATE_NOOP("TourDialog",
                       "Every algorithm of the scenario on the same traffic. A: requests allowed over time against the "
                       "offered load; B: each one's worst burst against its limit (the fixed window's 2x at a boundary); "
                       "C: the memory it keeps per key, in the engine and in Redis; D: how long a shaper holds requests, "
                       "or what the backend suffers. The table holds every figure; double-click a row to follow its key."),
     0},
    {QT_TRANSLATE_NOOP("TourDialog", "Learn: why was this request rejected?"),
     QT_TRANSLATE_NOOP("TourDialog",
                       "One key, request by request, through two algorithms: the state each held over time, a sentence "
                       "with the arithmetic of every decision, and the HTTP response the client gets (429 and its body "
                       "included). Step with the arrow keys, jump to the next rejection or burst, or edit the requests "
                       "in the playground."),
     1},
    {QT_TRANSLATE_NOOP("TourDialog", "Logs: what limit fits my traffic?"),
     QT_TRANSLATE_NOOP("TourDialog",
                       "Your own access log (Import log, or drop it on the window): each key's rates, and for every "
                       "algorithm the limit that keeps the share of keys you choose unthrottled, found by replaying the "
                       "log. Replay runs the log through those limits; Export writes them for Redis, nginx or Envoy."),
     2},
    {QT_TRANSLATE_NOOP("TourDialog", "Cluster: what changes when the limiter is distributed?"),
     QT_TRANSLATE_NOOP("TourDialog",
                       "For a scenario with a cluster: instances behind a balancer, skewed clocks, a store with latency "
                       "and outages, and the failure policy. How far over the global limit the instances go, and who "
                       "decided each request when the store was away."),
     3},
    {QT_TRANSLATE_NOOP("TourDialog", "Where to go next"),
     QT_TRANSLATE_NOOP("TourDialog",
                       "Help > Choose an algorithm walks the decision tree, running the scenario that shows why at "
                       "each branch. F1 opens the documentation; F1 in a table column, that metric's definition. "
                       "Example in the Scenario dock opens each lesson. This tour is in the Help menu."),
     -1},
}};

}  // namespace

TourDialog::TourDialog(std::function<void(int view)> showView, QWidget* parent) : QDialog(parent), m_showView(std::move(showView))
{
    setWindowTitle(tr("Tour of the views"));
    setModal(false);
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() + 1);
    m_title->setFont(bold);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignLeft | Qt::AlignTop);  // under the title, whatever the step's length
    m_text->setMinimumWidth(520);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 1);
    layout->addSpacing(10);  // the longest step's last line clear of the buttons
    auto* buttons = new QHBoxLayout;
    m_counter = new QLabel(this);
    buttons->addWidget(m_counter, 1);
    m_back = new QPushButton(tr("Back"), this);
    m_next = new QPushButton(this);
    auto* close = new QPushButton(tr("Close"), this);
    for (QPushButton* b : {m_back, m_next, close})
        buttons->addWidget(b);
    layout->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, [this] { setStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] {
        if (m_step + 1 < stepCount())
            setStep(m_step + 1);
        else
            accept();
    });
    connect(close, &QPushButton::clicked, this, &QDialog::reject);
    setStep(0);
}

bool TourDialog::seen()
{
    return QSettings().value(QStringLiteral("tour/seen"), false).toBool();
}

int TourDialog::stepCount() const
{
    return int(kSteps.size());
}

QString TourDialog::stepTitle() const
{
    return m_title->text();
}

void TourDialog::setStep(int step)
{
    m_step = std::clamp(step, 0, stepCount() - 1);
    const Step& s = kSteps[std::size_t(m_step)];
    m_title->setText(tr(s.title));
    m_text->setText(tr(s.text));
    m_counter->setText(tr("%1 of %2").arg(m_step + 1).arg(stepCount()));
    m_back->setEnabled(m_step > 0);
    m_next->setText(m_step + 1 < stepCount() ? tr("Next") : tr("Done"));
    m_next->setDefault(true);
    if (s.view >= 0 && m_showView)
        m_showView(s.view);
}

void TourDialog::done(int result)
{
    QSettings().setValue(QStringLiteral("tour/seen"), true);
    QDialog::done(result);
}

}  // namespace ratelab
