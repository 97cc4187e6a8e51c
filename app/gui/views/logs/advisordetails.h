#pragma once
// The tabs beside the advisor's recommendation card (gui-guide.md 4.3): the keys the selected
// recommendation throttles most, under a sentence saying how many it throttles and what share
// of the rejected requests the top ones sent. The Logs view adds its import details as more
// tabs. It shows the recommendation it is given and selects none itself (the card does).

#include "app/models/text/formatting.h"
#include "engine/advisor/advisor.h"

#include <QTabWidget>

#include <memory>

class QLabel;
class QTableView;

namespace ratelab {

class TopKeysModel;

class AdvisorDetails : public QTabWidget {
    Q_OBJECT
public:
    explicit AdvisorDetails(QWidget* parent = nullptr);

    // The top keys of recommendation `row` of `result` (none: -1 or no result).
    void showRecommendation(std::shared_ptr<const AdvisorResult> result, int row);
    void setRateUnit(fmt::RateUnit unit);
    TopKeysModel* topKeysModel() const { return m_topKeys; }
    QTableView* topKeysTable() const { return m_topKeysTable; }

private:
    void updateTitle();

    std::shared_ptr<const AdvisorResult> m_result;
    int m_row = -1;
    fmt::RateUnit m_unit = fmt::RateUnit::PerMinute;
    QLabel* m_title = nullptr;
    TopKeysModel* m_topKeys = nullptr;
    QTableView* m_topKeysTable = nullptr;
};

}  // namespace ratelab
