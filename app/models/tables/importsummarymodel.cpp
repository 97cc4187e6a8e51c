#include "app/models/tables/importsummarymodel.h"

#include "app/models/text/formatting.h"
#include "app/models/text/importtext.h"

namespace ratelab {

ImportSummaryModel::ImportSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void ImportSummaryModel::setImport(std::shared_ptr<const LogImportResult> import)
{
    beginResetModel();
    m_import = std::move(import);
    m_rows.clear();
    if (m_import) {
        const ImportSummary& s = m_import->summary;
        if (s.shrankFrom >= 0)
            m_rows.push_back({Row::Warning});
        for (Row r : {Row::Format, Row::BytesRead, Row::LinesRead, Row::RequestsImported, Row::DistinctKeys, Row::BlankLines,
                      Row::Directives, Row::BadLines})
            m_rows.push_back({r});
        for (int p = 0; p < kLineProblemCount; ++p)
            if (s.skipped[std::size_t(p)] > 0)
                m_rows.push_back({Row::Problem, p});
        for (Row r : {Row::Reordered, Row::BackwardSteps, Row::LookBack})
            m_rows.push_back({r});
        if (s.firstTime != kNever) {
            m_rows.push_back({Row::FirstRequest});
            m_rows.push_back({Row::LastRequest});
        }
        m_rows.push_back({Row::ImportTime});
    }
    endResetModel();
}

int ImportSummaryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ImportSummaryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ImportSummaryModel::quantity(const RowKey& key) const
{
    switch (key.row) {
    case Row::Warning: return QStringLiteral("warning");
    case Row::Format: return QStringLiteral("format");
    case Row::BytesRead: return QStringLiteral("bytes read");
    case Row::LinesRead: return QStringLiteral("lines read");
    case Row::RequestsImported: return QStringLiteral("requests imported");
    case Row::DistinctKeys: return QStringLiteral("distinct keys");
    case Row::BlankLines: return QStringLiteral("blank lines");
    case Row::Directives: return QStringLiteral("directives and headers");
    case Row::BadLines: return QStringLiteral("bad lines");
    case Row::Problem: return QStringLiteral("  ") + importtext::problemText(LineProblem(key.problem));
    case Row::Reordered: return QStringLiteral("out of order, put back in order");
    case Row::BackwardSteps: return QStringLiteral("steps back in time");
    case Row::LookBack: return QStringLiteral("look-back window");
    case Row::FirstRequest: return QStringLiteral("first request (UTC)");
    case Row::LastRequest: return QStringLiteral("last request (UTC)");
    case Row::ImportTime: return QStringLiteral("import time");
    }
    return {};
}

QVariant ImportSummaryModel::raw(const RowKey& key) const
{
    const ImportSummary& s = m_import->summary;
    switch (key.row) {
    case Row::BytesRead: return qint64(s.bytesRead);
    case Row::LinesRead: return qint64(s.linesRead);
    case Row::RequestsImported: return qint64(s.requestsImported);
    case Row::DistinctKeys: return qint64(s.distinctKeys);
    case Row::BlankLines: return qint64(s.blankLines);
    case Row::Directives: return qint64(s.directiveLines);
    case Row::BadLines: return qint64(s.skippedTotal());
    case Row::Problem: return qint64(s.skipped[std::size_t(key.problem)]);
    case Row::Reordered: return qint64(s.reorderedLines);
    case Row::BackwardSteps: return qint64(s.backwardSteps);
    default: return {};
    }
}

QString ImportSummaryModel::value(const RowKey& key) const
{
    const ImportSummary& s = m_import->summary;
    switch (key.row) {
    case Row::Warning: return importtext::shrinkNote(s);
    case Row::Format: return QStringLiteral("%1 (%2)").arg(importtext::formatName(s.format), QString::fromStdString(s.detection));
    case Row::BytesRead: return fmt::bytes(s.bytesRead);
    case Row::LookBack: return fmt::duration(s.lookBackUs);
    case Row::FirstRequest: return importtext::utc(s.firstTime);
    case Row::LastRequest: return importtext::utc(s.lastTime);
    case Row::ImportTime: return fmt::duration(m_import->elapsedMs * 1000);
    default: return fmt::exact(raw(key).toLongLong());
    }
}

QVariant ImportSummaryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_import)
        return {};
    const RowKey& key = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return index.column() == Quantity ? quantity(key) : value(key);
    case RawRole: return index.column() == Value ? raw(key) : QVariant();
    case Qt::TextAlignmentRole: return index.column() == Value ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default: return {};
    }
}

QVariant ImportSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < ColumnCount)
        return section == Quantity ? QStringLiteral("quantity") : QStringLiteral("value");
    return QAbstractTableModel::headerData(section, orientation, role);
}

}  // namespace ratelab
