#include "app/gui/parts/readonlytable.h"

#include <QHeaderView>
#include <QTableView>

namespace ratelab {

QTableView* makeReadOnlyTable(QAbstractItemModel* model, const QString& accessibleName, QWidget* parent)
{
    auto* t = new QTableView(parent);
    t->setAccessibleName(accessibleName);
    t->setModel(model);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setHighlightSections(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    return t;
}

}  // namespace ratelab
