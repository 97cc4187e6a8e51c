#include "app/models/tables/importpreviewmodel.h"

#include "app/models/text/importtext.h"
#include "engine/logs/summary/importsummary.h"

#include <QBrush>
#include <QColor>

#include <iterator>

namespace ratelab {

namespace {
QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}
}  // namespace

Detection detectLogFormat(const QByteArray& head, const ParserOptions& options)
{
    return head.isEmpty() ? Detection{} : detectFormat(std::string_view(head.constData(), std::size_t(head.size())), options);
}

ImportPreviewModel::ImportPreviewModel(QObject* parent) : QAbstractTableModel(parent) {}

void ImportPreviewModel::setPreview(const QByteArray& head, LogFormat format, const ParserOptions& options, KeyKind key)
{
    ImportOptions all;
    all.parser = options;
    all.key.kind = key;
    setPreview(head, format, all);
}

void ImportPreviewModel::setPreview(const QByteArray& head, LogFormat format, const ImportOptions& all)
{
    const ParserOptions& options = all.parser;
    const KeyOptions& keyOptions = all.key;
    beginResetModel();
    m_rows.clear();
    m_records = m_bad = m_other = 0;
    m_error.clear();
    std::unique_ptr<LineParser> parser;
    try {
        if (format != LogFormat::Auto)
            parser = makeParser(format, options);
    } catch (const std::exception& e) {
        m_error = QString::fromUtf8(e.what());
    }
    std::optional<KeyExtractor> keys;
    try {
        keys.emplace(keyOptions);
    } catch (const std::invalid_argument& e) {
        m_error = QString::fromUtf8(e.what());
        parser.reset();
    }
    const QList<QByteArray> lines = parser ? head.split('\n') : QList<QByteArray>();
    SimTime latest = kNever;  // the latest time of a record let through
    const int n = int(std::min<qsizetype>(kPreviewLines, lines.size()));
    for (int i = 0; i < n; ++i) {
        std::string line = lines[i].toStdString();
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (i == lines.size() - 1 && line.empty())
            break;
        LogFields fields;
        // A line longer than the import takes is skipped unread, as the import does.
        const LineOutcome o = line.size() > all.maxLineBytes ? LineOutcome{LineKind::Malformed, LineProblem::LineTooLong, "line"}
                                                             : parser->parse(line, fields);
        Row row;
        row.cells[Line] = QString::number(i + 1);
        if (o.kind == LineKind::Record) {
            const std::string_view k = keys->keyOf(fields);
            row.cells[Time] = importtext::utc(fields.time);
            row.cells[Key] = qs(k);
            row.cells[Request] = QStringLiteral("%1 %2").arg(qs(fields.method), qs(fields.target));
            row.cells[Status] = fields.status ? QString::number(fields.status) : QString();
            if (k.empty()) {
                row.bad = true;
                row.cells[Problem] = QStringLiteral("\u26A0 %1").arg(importtext::problemText(LineProblem::NoKey));
            } else if (latest != kNever && fields.time < latest - std::max<Duration>(all.lookBackUs, 0)) {
                row.bad = true;  // as the import's reorder buffer refuses it (reorderbuffer.h)
                row.cells[Problem] = QStringLiteral("\u26A0 %1").arg(importtext::problemText(LineProblem::TooOld));
            } else {
                latest = latest == kNever ? fields.time : std::max(latest, fields.time);
                ++m_records;
            }
        } else if (o.kind == LineKind::Malformed) {
            row.bad = true;
            row.cells[Request] = QString::fromStdString(line.substr(0, 120));
            row.cells[Problem] =
                QStringLiteral("\u26A0 %1 (%2)").arg(importtext::problemText(o.problem), QString::fromUtf8(o.field));
        } else {
            ++m_other;
            row.cells[Problem] = o.kind == LineKind::Blank ? QStringLiteral("blank") : QStringLiteral("directive or header");
        }
        m_bad += row.bad;
        m_rows.push_back(std::move(row));
    }
    endResetModel();
}

bool ImportPreviewModel::isBad(int row) const
{
    return row >= 0 && row < rowCount() && m_rows[std::size_t(row)].bad;
}

int ImportPreviewModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ImportPreviewModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ImportPreviewModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return row.cells[index.column()];
    case Qt::TextAlignmentRole:
        return index.column() == Line || index.column() == Status ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::BackgroundRole:
        if (row.bad) {
            QColor tint(230, 159, 0);  // Okabe-Ito orange, as a faint tint behind the text
            tint.setAlphaF(0.22f);
            return QBrush(tint);
        }
        return {};
    default: return {};
    }
}

QVariant ImportPreviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < ColumnCount) {
        static const char* const names[] = {"line", "time (UTC)", "key", "request", "status", "problem"};
        static_assert(std::size(names) == ColumnCount);
        return QString::fromLatin1(names[section]);
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

}  // namespace ratelab
