#pragma once
// A table view that shows a model and edits nothing: rows selected whole, alternating
// colours, no row numbers, the last column stretched, rows as tall as the font needs.
// The Logs view's import tables and the import wizard's use it, so they look alike.

class QAbstractItemModel;
class QString;
class QTableView;
class QWidget;

namespace ratelab {

QTableView* makeReadOnlyTable(QAbstractItemModel* model, const QString& accessibleName, QWidget* parent);

}  // namespace ratelab
