#pragma once
// The Logs view's top keys (gui-guide.md 4.3): the keys one recommendation throttles most, with
// their requests, their peak and p99 rate in the advisor's window W (requests per W, as
// keyrates.h defines them, shown as rates in the view's unit: req/s or req/min), the
// requests rejected at the target and the first rejection in seconds
// after the log's first request (the view shows that start once, in UTC), with milliseconds
// only when the log has them. Read lazily from
// the AdvisorResult handed over inside a model reset.

#include "app/models/text/formatting.h"
#include "engine/advisor/advisor.h"

#include <QAbstractTableModel>

#include <memory>

namespace ratelab {

class TopKeysModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Key, Requests, PeakRate, P99Rate, Rejected, FirstRejected, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole + 1,  // key name, counts (qint64), first rejection in us after the start (qint64)
        RateRole,                    // the rate columns in the unit (double): count per W, over W
    };

    explicit TopKeysModel(QObject* parent = nullptr);

    // The unit of the rate columns (req/min unless set).
    void setRateUnit(fmt::RateUnit unit);
    fmt::RateUnit rateUnit() const { return m_unit; }

    // The top keys of result->recommendations[recommendation]; none for an index out of range.
    void setRecommendation(std::shared_ptr<const AdvisorResult> result, int recommendation);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const Recommendation* recommendation() const;
    double rateOf(std::int64_t perWindow) const;  // in m_unit

    std::shared_ptr<const AdvisorResult> m_result;
    int m_index = -1;
    fmt::RateUnit m_unit = fmt::RateUnit::PerMinute;
    int m_decimals = 3;  // 0 when every first rejection falls on a whole second (most logs)
};

}  // namespace ratelab
