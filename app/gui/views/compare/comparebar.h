#pragma once
// The strip over Compare's charts: the legend, then the counts selector (key, bucket, what chart
// A shows), Pin run and the time range chart A shows, then the Redis check's line (its action
// is in the Run menu). It shows what the view tells it: the view pins, counts and zooms.

#include "engine/report/report.h"

#include <QWidget>

#include <optional>
#include <utility>

class QLabel;
class QToolButton;

namespace ratelab {

class CountsSelector;
class LegendStrip;
class RedisCheckBar;

class CompareBar : public QWidget {
    Q_OBJECT
public:
    explicit CompareBar(QWidget* parent = nullptr);

    LegendStrip* legend() const { return m_legend; }
    CountsSelector* selector() const { return m_selector; }
    QToolButton* pinButton() const { return m_pin; }
    RedisCheckBar* redisCheck() const { return m_check; }

    // Pin run checked, with the seed of the run pinned, or not (without its toggled()).
    void showPinned(std::optional<quint64> seed);
    // Chart A's visible [lo, hi] in the time unit of `report`'s axis (a null report: none).
    void showRange(const Report* report, std::pair<double, double> range);

private:
    LegendStrip* m_legend = nullptr;
    CountsSelector* m_selector = nullptr;
    QToolButton* m_pin = nullptr;
    RedisCheckBar* m_check = nullptr;
    QLabel* m_rangeLabel = nullptr;
};

}  // namespace ratelab
