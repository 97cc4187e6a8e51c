#pragma once
// The Logs view's bad lines (gui-guide.md 4.3): the lines of an import that were not imported,
// as its ImportSummary lists them (the first ImportOptions::maxReportedProblems, in line
// order): line number, reason, the field it is in and the start of the line. The import is
// handed over whole inside a model reset and read lazily in data(); RawRole is the line number.

#include "app/models/results/logimport.h"

#include <QAbstractTableModel>

#include <memory>

namespace ratelab {

class BadLinesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Line, Reason, Field, Excerpt, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole + 1,  // the line number (qint64), in the Line column
    };

    explicit BadLinesModel(QObject* parent = nullptr);

    void setImport(std::shared_ptr<const LogImportResult> import);

    // "<b>Bad lines</b> (3)", or "(the first 1000; 52 more not listed)" when the list stops short.
    QString heading() const;
    // "Bad lines (1,052)": every line not imported, listed or not.
    QString tabTitle() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const LogImportResult> m_import;
};

}  // namespace ratelab
