#include "app/gui/parts/recommendationtarget.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <cmath>

namespace ratelab {

RecommendationTarget::RecommendationTarget(QWidget* parent) : QWidget(parent)
{
    auto* header = new QHBoxLayout(this);
    header->setContentsMargins(0, 0, 0, 0);
    header->setSpacing(4);  // the card's spacing
    header->addWidget(new QLabel(tr("<b>Recommendation at target</b>"), this));
    header->addSpacing(12);
    header->addWidget(new QLabel(tr("keep"), this));
    m_keep = new QDoubleSpinBox(this);
    m_keep->setAccessibleName(tr("Keep share"));
    m_keep->setRange(0, 100);
    m_keep->setDecimals(2);
    m_keep->setSingleStep(0.1);
    m_keep->setSuffix(QStringLiteral(" %"));
    m_keep->setKeyboardTracking(false);  // one target per edit, not per digit
    m_keep->setAlignment(Qt::AlignRight);
    m_keep->setToolTip(tr("The share to keep never throttled; the line in the trade-off chart follows"));
    header->addWidget(m_keep);
    header->addWidget(new QLabel(tr("of"), this));
    m_by = new QComboBox(this);
    m_by->addItem(tr("keys"), int(AdvisorTarget::Keys));
    m_by->addItem(tr("requests"), int(AdvisorTarget::Requests));
    m_by->setToolTip(tr("keys: the share of keys none of whose requests is rejected;\n"
                        "requests: the share of requests sent by such keys"));
    header->addWidget(m_by);
    header->addWidget(new QLabel(tr("never throttled"), this));
    header->addStretch(1);

    connect(m_keep, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        m_ppm = std::llround(percent * 10'000);
        emit keepEdited(m_ppm, keepBy());
    });
    connect(m_by, &QComboBox::currentIndexChanged, this, [this] { emit keepEdited(m_ppm, keepBy()); });
    setKeep(m_ppm, AdvisorTarget::Keys);
}

void RecommendationTarget::setKeep(std::int64_t ppm, AdvisorTarget by)
{
    m_ppm = ppm;
    const QSignalBlocker blockKeep(m_keep);
    const QSignalBlocker blockBy(m_by);
    m_keep->setValue(double(ppm) / 10'000);
    m_by->setCurrentIndex(m_by->findData(int(by)));
}

AdvisorTarget RecommendationTarget::keepBy() const
{
    return AdvisorTarget(m_by->currentData().toInt());
}

}  // namespace ratelab
