#include "app/gui/dialogs/choosedialog.h"

#include "app/models/jobs/chooseguide.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace ratelab {

ChooseDialog::ChooseDialog(ChooseGuide* guide, QWidget* parent) : QDialog(parent), m_guide(guide)
{
    if (!m_guide->parent())
        m_guide->setParent(this);
    setWindowTitle(tr("Choose an algorithm"));
    resize(900, 720);
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Answer the questions in order. Each answered branch shows what a shipped scenario "
                                "measures when it runs; select a step to open its scenario."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_steps = new QListWidget(this);
    m_steps->setWordWrap(true);
    m_steps->setAlternatingRowColors(true);
    m_steps->setSpacing(3);
    layout->addWidget(m_steps, 3);

    m_question = new QLabel(this);
    QFont bold = m_question->font();
    bold.setBold(true);
    m_question->setFont(bold);
    m_question->setWordWrap(true);
    layout->addWidget(m_question);
    auto* answers = new QHBoxLayout;
    m_yes = new QPushButton(this);
    m_no = new QPushButton(this);
    m_keys = new QSpinBox(this);
    m_keys->setRange(0, std::numeric_limits<int>::max());
    m_keys->setGroupSeparatorShown(true);
    m_keys->setValue(10'000);
    m_keysAnswer = new QPushButton(tr("Answer"), this);
    for (QWidget* w : {static_cast<QWidget*>(m_yes), static_cast<QWidget*>(m_no), static_cast<QWidget*>(m_keys),
                       static_cast<QWidget*>(m_keysAnswer)})
        answers->addWidget(w);
    answers->addStretch(1);
    layout->addLayout(answers);
    connect(m_yes, &QPushButton::clicked, m_guide, [this] { m_guide->answer(true); });
    connect(m_no, &QPushButton::clicked, m_guide, [this] { m_guide->answer(false); });
    connect(m_keysAnswer, &QPushButton::clicked, m_guide, [this] { m_guide->answerKeys(m_keys->value()); });

    m_recommendation = new QLabel(this);
    m_recommendation->setWordWrap(true);
    m_recommendation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_recommendation);
    m_export = new QPlainTextEdit(this);
    m_export->setReadOnly(true);
    m_export->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_export->setLineWrapMode(QPlainTextEdit::NoWrap);
    layout->addWidget(m_export, 3);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_back = buttons->addButton(tr("Back"), QDialogButtonBox::ActionRole);
    auto* restart = buttons->addButton(tr("Start over"), QDialogButtonBox::ActionRole);
    m_open = buttons->addButton(tr("Open scenario"), QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_back, &QPushButton::clicked, m_guide, &ChooseGuide::back);
    connect(restart, &QPushButton::clicked, m_guide, &ChooseGuide::restart);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem* item = m_steps->currentItem())
            emit openScenario(item->data(Qt::UserRole).toString());
    });
    connect(m_steps, &QListWidget::currentRowChanged, this, [this] { updateOpenButton(); });
    connect(m_guide, &ChooseGuide::changed, this, [this] { refresh(); });
    connect(m_guide, &ChooseGuide::runningChanged, this, [this] { refresh(); });
    refresh();
}

QString ChooseDialog::recommendationText() const
{
    return m_recommendation->text();
}

QString ChooseDialog::exportText() const
{
    return m_export->toPlainText();
}

void ChooseDialog::refresh()
{
    const QVector<ChooseGuide::StepText> steps = m_guide->steps();
    int select = -1;
    m_steps->clear();
    for (int i = 0; i < steps.size(); ++i) {
        const ChooseGuide::StepText& s = steps[i];
        QString text = tr("%1. %2  %3").arg(i + 1).arg(s.question, s.answer);
        if (!s.scenario.isEmpty()) {
            text += QLatin1Char('\n')
                + (s.evidence.isEmpty() ? tr("why: %1, running…").arg(s.scenario)
                                        : tr("why: %1: %2").arg(s.scenario, s.evidence));
            select = i;
        }
        auto* item = new QListWidgetItem(text, m_steps);
        item->setData(Qt::UserRole, s.scenario);
    }
    if (select >= 0)
        m_steps->setCurrentRow(select);
    const bool asking = !m_guide->finished();
    const bool keys = m_guide->asksForKeys();
    m_question->setText(asking ? m_guide->question() : tr("Recommendation"));
    m_yes->setText(m_guide->yesLabel());
    m_no->setText(m_guide->noLabel());
    m_yes->setVisible(asking && !keys);
    m_no->setVisible(asking && !keys);
    m_keys->setVisible(keys);
    m_keysAnswer->setVisible(keys);
    m_recommendation->setText(m_guide->recommendationText());
    m_recommendation->setVisible(!asking);
    m_export->setPlainText(m_guide->exportText());
    m_export->setVisible(!asking);
    m_back->setEnabled(!steps.isEmpty());
    updateOpenButton();
}

void ChooseDialog::updateOpenButton()
{
    QListWidgetItem* item = m_steps->currentItem();
    const QString name = item ? item->data(Qt::UserRole).toString() : QString();
    m_open->setEnabled(!name.isEmpty());
    m_open->setText(name.isEmpty() ? tr("Open scenario") : tr("Open %1").arg(name));
}

}  // namespace ratelab
