#pragma once
// The Compare view's summary table (gui-guide.md 4.1 E): one row per algorithm of a Report.
// The report is handed over whole inside a model reset and read lazily in data()
// (hotspot eventmodel.cpp). DisplayRole is formatted text, SortRole the raw value, so a
// QSortFilterProxyModel with sortRole = SortRole sorts numerically. Cells with no value
// (the disagreement of the exact log itself, the delay of a non-shaper) are empty, not 0.
// Against a pinned run, a figure also shows its change: "55.0% (−5.0 pp)".

#include "engine/report/report.h"

#include <QAbstractTableModel>
#include <QSet>

#include <memory>

namespace ratelab {

class ReportModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Algorithm,
        Preset,
        Requests,
        Allowed,
        Acceptance,
        NeverAdmissible,
        PeakBurst,
        PeakBurstAt,
        FalseAllow,
        FalseReject,
        BytesPerKey,
        PeakState,
        P99Delay,
        Overshoot,
        BackendBusy,        // with a scenario backend only
        BackendLatencyP99,  // of allowed requests, from entering the backend to finishing
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1,  // the raw value (qint64 or double), or an invalid QVariant
        AlgorithmIdRole,              // the AlgorithmReport's id, any column
        DeltaRole,                    // the change from the pinned run (double), invalid when none
    };

    explicit ReportModel(QObject* parent = nullptr);

    void setReport(std::shared_ptr<const Report> report);
    std::shared_ptr<const Report> report() const { return m_report; }
    // Hidden algorithms (legend strip) are drawn dimmed and italic.
    void setHiddenIds(const QSet<QString>& hidden);
    void setDark(bool dark);
    // A pinned run: each figure of an algorithm it has too (by id) shows its change from it,
    // "330 (+30)"; none: no changes shown.
    void setPinned(std::shared_ptr<const Report> pinned);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Where report.md defines a column's metric: the bold lead of its paragraph ("Peak
    // burst."), for F1 on the column; empty for the algorithm and preset columns.
    static QString definitionPhrase(int column);

    // The raw value of a cell (SortRole), invalid when the cell is empty.
    static QVariant rawValue(const AlgorithmReport& a, int column);

private:
    QString display(const AlgorithmReport& a, int column) const;
    QString tooltip(const AlgorithmReport& a, int column) const;
    const AlgorithmReport* pinnedOf(const AlgorithmReport& a) const;
    QVariant delta(const AlgorithmReport& a, int column) const;

    std::shared_ptr<const Report> m_report;
    std::shared_ptr<const Report> m_pinned;
    QSet<QString> m_hidden;
    bool m_dark = false;
};

}  // namespace ratelab
