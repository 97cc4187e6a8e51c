#include "app/models/tables/badlinesmodel.h"

#include "app/models/text/formatting.h"
#include "app/models/text/importtext.h"

#include <iterator>

namespace ratelab {

BadLinesModel::BadLinesModel(QObject* parent) : QAbstractTableModel(parent) {}

void BadLinesModel::setImport(std::shared_ptr<const LogImportResult> import)
{
    beginResetModel();
    m_import = std::move(import);
    endResetModel();
}

QString BadLinesModel::heading() const
{
    if (!m_import)
        return {};
    const ImportSummary& s = m_import->summary;
    return s.problemsNotListed() > 0
        ? QStringLiteral("<b>Bad lines</b> (the first %1; %2 more not listed)").arg(s.problems.size()).arg(s.problemsNotListed())
        : QStringLiteral("<b>Bad lines</b> (%1)").arg(s.problems.size());
}

QString BadLinesModel::tabTitle() const
{
    return QStringLiteral("Bad lines (%1)").arg(fmt::exact(m_import ? m_import->summary.skippedTotal() : 0));
}

int BadLinesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_import ? 0 : int(m_import->summary.problems.size());
}

int BadLinesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BadLinesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_import)
        return {};
    const LineWarning& w = m_import->summary.problems[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Line: return QString::number(w.line);
        case Reason: return importtext::problemText(w.problem);
        case Field: return QString::fromStdString(w.field);
        case Excerpt: return QString::fromStdString(w.excerpt);
        default: return {};
        }
    case RawRole: return index.column() == Line ? QVariant(qint64(w.line)) : QVariant();
    case Qt::TextAlignmentRole: return index.column() == Line ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default: return {};
    }
}

QVariant BadLinesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < ColumnCount) {
        static const char* const names[] = {"line", "reason", "field", "start of the line"};
        static_assert(std::size(names) == ColumnCount);
        return QString::fromLatin1(names[section]);
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

}  // namespace ratelab
