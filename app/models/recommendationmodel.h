#pragma once
// The Logs view's recommendation card (gui-guide.md 4.3): one row per algorithm of an
// AdvisorResult, with its parameters in the CLI's syntax ("capacity 720, refill 720/m"), the
// share the target counts (keys never throttled, or the requests of such keys), the share of
// requests rejected and whether the target is met. The result is handed over whole inside a model reset and read lazily in data().
// DisplayRole is formatted text, RawRole the engine's value.

#include "engine/advisor/advisor.h"

#include <QAbstractTableModel>

#include <memory>

namespace ratelab {

class RecommendationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Kept: the share the target counts, keys never throttled or the requests of such keys.
    enum Column { Algorithm, Parameters, Kept, RequestsRejected, Target, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole + 1,  // algorithm name, parameters text, share (double), target met (bool)
    };

    explicit RecommendationModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const AdvisorResult> result);
    std::shared_ptr<const AdvisorResult> result() const { return m_result; }
    void setDark(bool dark);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "capacity 720, refill 720/m": the searched parameter first, then the rest by name.
    static QString paramsText(const Recommendation& rec);

private:
    double keptShare(const Recommendation& rec) const;

    std::shared_ptr<const AdvisorResult> m_result;
    bool m_dark = false;
};

}  // namespace ratelab
