#include "app/gui/views/logs/advisordetails.h"

#include "app/models/tables/recommendationmodel.h"
#include "app/models/tables/topkeysmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTabBar>
#include <QTableView>
#include <QVBoxLayout>

namespace ratelab {

AdvisorDetails::AdvisorDetails(QWidget* parent) : QTabWidget(parent)
{
    tabBar()->setAccessibleName(tr("Key details"));
    auto* topPage = new QWidget(this);
    auto* topLayout = new QVBoxLayout(topPage);
    topLayout->setContentsMargins(4, 4, 4, 4);
    m_title = new QLabel(topPage);
    m_title->setWordWrap(true);
    topLayout->addWidget(m_title);
    m_topKeys = new TopKeysModel(this);
    m_topKeysTable = new QTableView(topPage);
    m_topKeysTable->setAccessibleName(tr("Top keys"));
    m_topKeysTable->setModel(m_topKeys);
    m_topKeysTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_topKeysTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_topKeysTable->setAlternatingRowColors(true);
    m_topKeysTable->setWordWrap(false);
    m_topKeysTable->verticalHeader()->hide();
    m_topKeysTable->verticalHeader()->setDefaultSectionSize(m_topKeysTable->fontMetrics().height() + 6);
    m_topKeysTable->horizontalHeader()->setHighlightSections(false);
    m_topKeysTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_topKeysTable->horizontalHeader()->setStretchLastSection(true);
    topLayout->addWidget(m_topKeysTable, 1);
    addTab(topPage, tr("Top keys"));
    updateTitle();
}

void AdvisorDetails::showRecommendation(std::shared_ptr<const AdvisorResult> result, int row)
{
    m_result = result;
    m_row = row;
    m_topKeys->setRecommendation(std::move(result), row);
    updateTitle();
}

void AdvisorDetails::setRateUnit(fmt::RateUnit unit)
{
    m_unit = unit;
    m_topKeys->setRateUnit(unit);
    updateTitle();
}

void AdvisorDetails::updateTitle()
{
    const Recommendation* rec = m_result && m_row >= 0 && m_row < int(m_result->recommendations.size())
        ? &m_result->recommendations[std::size_t(m_row)]
        : nullptr;
    if (!rec) {
        m_title->setText(tr("The keys a recommendation throttles most appear here."));
    } else if (rec->topKeys.empty()) {
        m_title->setText(tr("<b>%1</b> at %2 throttles no key.")
                             .arg(QString::fromStdString(rec->algorithm), RecommendationModel::paramsText(*rec, m_unit)));
    } else {
        m_title->setText(tr("<b>%1</b> at %2 throttles %3 of %4; the top %5 sent %6 of the rejected requests.")
                             .arg(QString::fromStdString(rec->algorithm), RecommendationModel::paramsText(*rec, m_unit),
                                  fmt::exact(rec->throttledKeys), fmt::count(rec->keys, "key"))
                             .arg(fmt::count(qint64(rec->topKeys.size()), "key"))
                             .arg(fmt::share(rec->topKeysRejectedShare)));
    }
}

}  // namespace ratelab
