#pragma once
// The import wizard's look at a log before it is imported (gui-guide.md 4.3): the format detected
// from its first lines (engine/logs/parsers/formatdetect.h), and its first kPreviewLines lines parsed
// with a format and keyed by a key kind, as a table: line number, time (UTC), key, request,
// status, and for a line the import would skip, why (a warning sign and a tint, not colour
// alone). Blank lines and directives are listed and counted apart; they are not bad.

#include "engine/logs/keys/keyextractor.h"
#include "engine/logs/parsers/formatdetect.h"
#include "engine/logs/parsers/logformat.h"

#include "engine/logs/importoptions.h"

#include <QAbstractTableModel>
#include <QByteArray>

#include <vector>

namespace ratelab {

// The format of the log whose first whole lines are `head`; Auto (with the lines tried) when
// none matched.
Detection detectLogFormat(const QByteArray& head, const ParserOptions& options);

class ImportPreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Line, Time, Key, Request, Status, Problem, ColumnCount };

    explicit ImportPreviewModel(QObject* parent = nullptr);

    // Parses the first kPreviewLines lines of `head` with `format` (Auto: no preview) and keys
    // them by `key`. A format the options cannot build (a bad nginx log_format): no rows, and
    // the reason in error().
    void setPreview(const QByteArray& head, LogFormat format, const ParserOptions& options, KeyKind key);
    // The same with every option of the import, so that its lines count as the import will
    // count them: keyed with every key option (proxies, API-key parameter, path templates), and
    // a line older than the look-back window allows behind the latest one refused as too old.
    // Malformed trusted proxies: no rows, the reason in error().
    void setPreview(const QByteArray& head, LogFormat format, const ImportOptions& options);

    int records() const { return m_records; }   // lines that would be imported
    int badLines() const { return m_bad; }      // lines the import would skip
    int otherLines() const { return m_other; }  // blank lines and directives
    QString error() const { return m_error; }
    bool isBad(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static constexpr int kPreviewLines = 200;

private:
    struct Row {
        QString cells[ColumnCount];
        bool bad = false;
    };

    std::vector<Row> m_rows;
    int m_records = 0;
    int m_bad = 0;
    int m_other = 0;
    QString m_error;
};

}  // namespace ratelab
