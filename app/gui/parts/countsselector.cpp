#include "app/gui/parts/countsselector.h"

#include "app/models/text/formatting.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QStandardItemModel>

namespace ratelab {

namespace {
constexpr int kReportBucketIndex = int(std::size(CountsSelector::kBuckets));  // the last entry
}  // namespace

CountsSelector::CountsSelector(QWidget* parent) : QWidget(parent)
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(4);
    createKeyBox();
    createBucketBox();
    createModes();
    row->addWidget(new QLabel(tr("Key:"), this));
    row->addWidget(m_keyBox);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("Bucket:"), this));
    row->addWidget(m_bucketBox);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("A shows:"), this));
    for (QAbstractButton* b : m_modes->buttons())
        row->addWidget(b);
    m_strips = new QCheckBox(tr("strips"), this);
    m_strips->setToolTip(tr("One strip per algorithm on a shared scale: lines that overlap side by side"));
    connect(m_strips, &QCheckBox::toggled, this, &CountsSelector::stripsChanged);
    row->addWidget(m_strips);
    row->addSpacing(8);
    m_status = new QLabel(this);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    row->addWidget(m_status, 1);
}

void CountsSelector::createKeyBox()
{
    m_keyBox = new QComboBox(this);
    m_keyBox->setEditable(true);
    m_keyBox->setInsertPolicy(QComboBox::NoInsert);
    m_keyBox->setMinimumContentsLength(12);
    m_keyBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_keyBox->addItem(tr("All keys"));
    m_keyBox->lineEdit()->setPlaceholderText(tr("any key, then Enter"));
    m_keyBox->setToolTip(tr("Charts A and B for every key, one of the busiest keys, or any key typed (Enter)"));
    connect(m_keyBox, &QComboBox::activated, this,
            [this](int index) { keyTyped(index == 0 ? QString() : m_keyBox->itemText(index)); });
    connect(m_keyBox->lineEdit(), &QLineEdit::returnPressed, this, [this] { keyTyped(m_keyBox->currentText()); });
}

void CountsSelector::createBucketBox()
{
    m_bucketBox = new QComboBox(this);
    for (const Duration us : kBuckets)
        m_bucketBox->addItem(fmt::duration(us), QVariant::fromValue(qint64(us)));
    m_bucketBox->addItem(tr("report"), QVariant::fromValue(qint64(0)));
    m_bucketBox->setCurrentIndex(kReportBucketIndex);
    m_bucketBox->setToolTip(tr("Chart A's bucket: a burst shorter than the bucket is averaged away"));
    m_bucketBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_bucketBox->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);  // never squeezed below its text
    connect(m_bucketBox, &QComboBox::currentIndexChanged, this, &CountsSelector::bucketChanged);
}

void CountsSelector::createModes()
{
    m_modes = new QButtonGroup(this);
    const std::pair<AllowedChart::Mode, QString> modes[] = {
        {AllowedChart::Mode::Allowed, tr("allowed/s")},
        {AllowedChart::Mode::Rejected, tr("rejected/s")},
        {AllowedChart::Mode::MinusLog, tr("− sliding log")},
        {AllowedChart::Mode::Share, tr("share")},
    };
    for (const auto& [mode, text] : modes)
        m_modes->addButton(new QRadioButton(text, this), int(mode));
    modeButton(AllowedChart::Mode::Allowed)->setToolTip(tr("Allowed requests per second"));
    modeButton(AllowedChart::Mode::Rejected)->setToolTip(tr("Rejected requests per second"));
    modeButton(AllowedChart::Mode::Share)->setToolTip(tr("The share of requests allowed in each bucket"));
    modeButton(AllowedChart::Mode::Allowed)->setChecked(true);
    connect(m_modes, &QButtonGroup::idClicked, this, &CountsSelector::modeChanged);
}

QAbstractButton* CountsSelector::modeButton(AllowedChart::Mode mode) const
{
    return m_modes->button(int(mode));
}

void CountsSelector::setRun(Duration reportBucketUs, Duration durationUs, const std::optional<QString>& logLaneId)
{
    auto* items = qobject_cast<QStandardItemModel*>(m_bucketBox->model());
    for (int i = 0; i < kReportBucketIndex; ++i) {
        const std::int64_t buckets = bucketCountFor(durationUs, kBuckets[i]);
        const bool fits = buckets <= kMaxCountBuckets;
        items->item(i)->setEnabled(fits);
        items->item(i)->setToolTip(fits ? QString()
                                        : tr("%1 would cut this %2 run into %3 buckets; at most %4")
                                              .arg(fmt::duration(kBuckets[i]), fmt::duration(durationUs), fmt::exact(buckets),
                                                   fmt::exact(kMaxCountBuckets)));
    }
    m_bucketBox->setItemText(kReportBucketIndex, tr("report (%1)").arg(fmt::duration(reportBucketUs)));
    if (!items->item(m_bucketBox->currentIndex())->isEnabled())
        m_bucketBox->setCurrentIndex(kReportBucketIndex);

    QAbstractButton* minusLog = modeButton(AllowedChart::Mode::MinusLog);
    minusLog->setEnabled(logLaneId.has_value());
    minusLog->setToolTip(logLaneId ? tr("Allowed per second minus what the exact sliding log (%1) allowed: "
                                        "above 0 lets more through than the exact limit")
                                         .arg(*logLaneId)
                                   : tr("No sliding_window_log in this scenario: add one to compare against the exact log"));
    if (!logLaneId && minusLog->isChecked())
        setMode(AllowedChart::Mode::Allowed);
}

void CountsSelector::setKeys(const std::vector<std::string>& keys)
{
    const QSignalBlocker block(m_keyBox);
    while (m_keyBox->count() > 1)
        m_keyBox->removeItem(1);
    for (const std::string& k : keys)
        m_keyBox->addItem(QString::fromStdString(k));
    m_keyBox->setEditText(m_key ? QString::fromStdString(*m_key) : m_keyBox->itemText(0));
}

void CountsSelector::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setToolTip(error ? text : QString());
    QPalette p = palette();
    if (error)
        p.setColor(QPalette::WindowText, QColor(0xD5, 0x5E, 0x00));
    m_status->setPalette(p);
}

Duration CountsSelector::bucketUs() const
{
    return Duration(m_bucketBox->currentData().toLongLong());
}

AllowedChart::Mode CountsSelector::mode() const
{
    return AllowedChart::Mode(m_modes->checkedId());
}

bool CountsSelector::strips() const
{
    return m_strips->isChecked();
}

void CountsSelector::setStrips(bool strips)
{
    m_strips->setChecked(strips);
}

void CountsSelector::keyTyped(const QString& text)
{
    const QString trimmed = text.trimmed();
    setKey(trimmed.isEmpty() || trimmed == m_keyBox->itemText(0) ? std::nullopt : std::optional(trimmed.toStdString()));
}

void CountsSelector::setKey(const std::optional<std::string>& key)
{
    {
        const QSignalBlocker block(m_keyBox);
        m_keyBox->setEditText(key ? QString::fromStdString(*key) : m_keyBox->itemText(0));
    }
    if (key == m_key)
        return;
    m_key = key;
    emit keyChanged();
}

void CountsSelector::setBucket(Duration bucketUs)
{
    const int index = m_bucketBox->findData(QVariant::fromValue(qint64(bucketUs)));
    if (index >= 0)
        m_bucketBox->setCurrentIndex(index);  // emits bucketChanged when it changes
}

void CountsSelector::setMode(AllowedChart::Mode mode)
{
    QAbstractButton* button = modeButton(mode);
    if (!button->isEnabled() || button->isChecked())
        return;
    button->setChecked(true);
    emit modeChanged();
}

}  // namespace ratelab
