#pragma once
// The Logs view's import summary (gui-guide.md 4.3): one row per quantity of an import, from its
// ImportSummary (engine/logs/importsummary.h) and how long it took: the format and how it was
// detected, bytes, lines, requests and keys, blank lines and directives, the bad lines in all
// and one row per reason that occurred, lines put back in order, steps back in time, the
// look-back window, the first and last request in UTC and the import time; a file that shrank
// while it was read puts its warning first. The import is handed over whole inside a model
// reset and read lazily in data(). DisplayRole is text; RawRole the number behind a count.

#include "app/models/results/logimport.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace ratelab {

class ImportSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Quantity, Value, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole + 1,  // a count as qint64 (bytes, lines, ...), else invalid
    };

    explicit ImportSummaryModel(QObject* parent = nullptr);

    void setImport(std::shared_ptr<const LogImportResult> import);
    std::shared_ptr<const LogImportResult> import() const { return m_import; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum class Row {
        Warning,
        Format,
        BytesRead,
        LinesRead,
        RequestsImported,
        DistinctKeys,
        BlankLines,
        Directives,
        BadLines,
        Problem,
        Reordered,
        BackwardSteps,
        LookBack,
        FirstRequest,
        LastRequest,
        ImportTime
    };
    struct RowKey {
        Row row;
        int problem = 0;  // the LineProblem of a Problem row
    };
    QString quantity(const RowKey& key) const;
    QString value(const RowKey& key) const;
    QVariant raw(const RowKey& key) const;

    std::shared_ptr<const LogImportResult> m_import;
    std::vector<RowKey> m_rows;  // which rows this import has
};

}  // namespace ratelab
