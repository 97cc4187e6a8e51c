#pragma once
// The Logs view's recommendation card (gui-guide.md 4.3): one row per algorithm of an
// AdvisorResult, with its parameters in the CLI's syntax ("capacity 720, refill 720/m"), the
// limit it amounts to as a sustained rate per key, the share the target counts (keys never
// throttled, or the requests of such keys), the share of requests rejected and whether the
// target is met. Rates (the limit, and rate parameters such as "refill 18/min") read in the
// view's unit, req/s or req/min; RawRole keeps the parameters in the CLI's syntax. The result is handed over whole inside a model reset and read lazily in data().
// DisplayRole is formatted text, RawRole the engine's value.

#include "app/models/text/formatting.h"
#include "engine/advisor/advisor.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>

namespace ratelab {

class RecommendationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Kept: the share the target counts, keys never throttled or the requests of such keys.
    // Limit: the sustained rate the parameters admit per key (the trade-off chart's x).
    enum Column { Algorithm, Parameters, Limit, Kept, RequestsRejected, Target, ColumnCount };
    enum Role {
        // algorithm name, parameters text (CLI syntax), limit in the unit (double), share
        // (double), target met (bool)
        RawRole = Qt::UserRole + 1,
    };

    explicit RecommendationModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const AdvisorResult> result);
    std::shared_ptr<const AdvisorResult> result() const { return m_result; }
    void setDark(bool dark);
    void setRateUnit(fmt::RateUnit unit);
    fmt::RateUnit rateUnit() const { return m_unit; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "capacity 720, refill 720/m": the searched parameter first, then the rest by name. With a
    // unit, rate parameters read in it: "capacity 720, refill 720/min" or "refill 12/s".
    static QString paramsText(const Recommendation& rec, std::optional<fmt::RateUnit> unit = std::nullopt);
    // The sustained rate a recommendation admits per key, req/s (0 without a family).
    static double limitPerSecond(const AdvisorResult& result, const Recommendation& rec);

private:
    double keptShare(const Recommendation& rec) const;

    std::shared_ptr<const AdvisorResult> m_result;
    bool m_dark = false;
    fmt::RateUnit m_unit = fmt::RateUnit::PerMinute;
};

}  // namespace ratelab
