#include "app/gui/views/learn/learnpickers.h"

#include "engine/scenario/scenario.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

#include <cmath>

namespace ratelab {

LearnPickers::LearnPickers(QWidget* parent) : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_key = addCombo(tr("Key"), 0);
    m_key->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_key->setToolTip(tr("The busiest keys of the scenario, most requests first"));
    m_algoA = addCombo(tr("A"), 8);
    m_algoB = addCombo(tr("B"), 8);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Go to"), this));
    m_goTo = new QLineEdit(this);
    m_goTo->setAccessibleName(tr("Go to time, seconds"));
    m_goTo->setPlaceholderText(tr("time, s"));
    m_goTo->setMaximumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("0000.000 s")) + 16);
    m_goTo->setToolTip(tr("Follow the key from a time (seconds from the scenario start), e.g. 25 or 25.4"));
    row->addWidget(m_goTo);
    m_seekRejection = new QToolButton(this);
    m_seekRejection->setText(tr("Next rejection"));
    m_seekRejection->setToolTip(tr("The key's next rejected request in A or B, anywhere in the run (Shift+Right)"));
    row->addWidget(m_seekRejection);
    m_seekBurst = new QToolButton(this);
    m_seekBurst->setText(tr("Next burst"));
    m_seekBurst->setToolTip(tr("The key's next burst: more requests than A's quota within its window, zoomed to fit (B)"));
    row->addWidget(m_seekBurst);
    row->addSpacing(12);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    row->addWidget(m_status, 1);

    connect(m_key, &QComboBox::activated, this, &LearnPickers::keyPicked);
    connect(m_algoA, &QComboBox::activated, this, &LearnPickers::algorithmsPicked);
    connect(m_algoB, &QComboBox::activated, this, &LearnPickers::algorithmsPicked);
    connect(m_goTo, &QLineEdit::returnPressed, this, [this] {
        bool ok = false;
        const double s = m_goTo->text().remove(QStringLiteral("s")).trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(s) || s < 0 || s > 1e9) {
            m_status->setText(tr("Go to: type a time in seconds from the scenario start, e.g. 25.4"));
            return;
        }
        emit goToRequested(qint64(std::llround(s * 1e6)));
    });
    connect(m_seekRejection, &QToolButton::clicked, this, &LearnPickers::nextRejectionRequested);
    connect(m_seekBurst, &QToolButton::clicked, this, &LearnPickers::nextBurstRequested);
    connect(m_status, &QLabel::linkActivated, this, &LearnPickers::followRequested);
}

QComboBox* LearnPickers::addCombo(const QString& label, int spacingBefore)
{
    auto* row = static_cast<QHBoxLayout*>(layout());
    if (spacingBefore > 0)
        row->addSpacing(spacingBefore);
    row->addWidget(new QLabel(label, this));
    auto* combo = new QComboBox(this);
    combo->setMinimumContentsLength(14);
    row->addWidget(combo);
    return combo;
}

void LearnPickers::setAlgorithms(const Scenario* scenario)
{
    const QString keepA = m_algoA->currentText();
    const QString keepB = m_algoB->currentText();
    m_algoA->clear();
    m_algoB->clear();
    m_algoB->addItem(tr("none"));
    if (scenario)
        for (const AlgorithmSpec& a : scenario->algorithms) {
            m_algoA->addItem(QString::fromStdString(a.id));
            m_algoB->addItem(QString::fromStdString(a.id));
        }
    if (m_algoA->findText(keepA) >= 0)
        m_algoA->setCurrentText(keepA);
    if (m_algoB->findText(keepB) >= 0)
        m_algoB->setCurrentText(keepB);
    else if (m_algoB->count() > 2)
        m_algoB->setCurrentIndex(2);  // the second algorithm, for a side-by-side by default
}

void LearnPickers::setKeys(const std::vector<std::string>& keys)
{
    m_key->clear();
    for (const std::string& k : keys)
        m_key->addItem(QString::fromStdString(k));
}

void LearnPickers::pick(const QString& algorithmId, const QString& key)
{
    if (m_algoA->findText(algorithmId) >= 0)
        m_algoA->setCurrentText(algorithmId);
    if (m_key->findText(key) < 0)
        m_key->insertItem(0, key);
    m_key->setCurrentText(key);
}

bool LearnPickers::hasKeys() const
{
    return m_key->count() > 0;
}

QString LearnPickers::key() const
{
    return m_key->currentText();
}

QString LearnPickers::algorithmA() const
{
    return m_algoA->currentText();
}

QString LearnPickers::algorithmB() const
{
    return m_algoB->currentIndex() > 0 && m_algoB->currentText() != m_algoA->currentText() ? m_algoB->currentText() : QString();
}

void LearnPickers::setStatus(const QString& text)
{
    m_status->setText(text);
}

QString LearnPickers::status() const
{
    return m_status->text();
}

void LearnPickers::setSeeksEnabled(bool enabled)
{
    for (QWidget* w : {static_cast<QWidget*>(m_key), static_cast<QWidget*>(m_goTo), static_cast<QWidget*>(m_seekRejection),
                       static_cast<QWidget*>(m_seekBurst)})
        w->setEnabled(enabled);
}

}  // namespace ratelab
