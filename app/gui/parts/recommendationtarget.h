#pragma once
// The recommendation card's target row (gui-guide.md 4.3): "Recommendation at target   keep
// [99.00 %] of [keys | requests] never throttled". An edit of the share or of what it counts
// emits keepEdited(); setKeep() shows a target (the trade-off chart's, say) without emitting
// it. It only holds the target: the view decides when the advisor is asked.

#include "engine/advisor/advisor.h"

#include <QWidget>

#include <cstdint>

class QComboBox;
class QDoubleSpinBox;

namespace ratelab {

class RecommendationTarget : public QWidget {
    Q_OBJECT
public:
    explicit RecommendationTarget(QWidget* parent = nullptr);

    void setKeep(std::int64_t ppm, AdvisorTarget by);
    std::int64_t keepPpm() const { return m_ppm; }
    AdvisorTarget keepBy() const;
    QDoubleSpinBox* keepSpin() const { return m_keep; }
    QComboBox* byCombo() const { return m_by; }

signals:
    void keepEdited(std::int64_t ppm, ratelab::AdvisorTarget by);

private:
    std::int64_t m_ppm = 990'000;
    QDoubleSpinBox* m_keep = nullptr;
    QComboBox* m_by = nullptr;
};

}  // namespace ratelab
