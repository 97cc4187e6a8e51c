#include "app/gui/views/compare/comparetables.h"

#include "app/models/style/palette.h"
#include "app/models/tables/endpointsharesmodel.h"
#include "app/models/tables/reportmodel.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace ratelab {

CompareTables::CompareTables(QWidget* parent) : QSplitter(Qt::Horizontal, parent)
{
    createSummary();
    createEndpoints();
    addWidget(m_table);
    addWidget(m_endpointTable);
    setStretchFactor(0, 3);
    setStretchFactor(1, 1);
    setChildrenCollapsible(false);
    m_table->setMinimumHeight(90);
    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { emit rowActivated(m_proxy->mapToSource(index).row()); });
}

void CompareTables::createSummary()
{
    m_model = new ReportModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ReportModel::SortRole);
    m_table = new QTableView(this);
    m_table->setAccessibleName(tr("Summary table"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);  // scenario order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setIconSize(QSize(palette::kLineSwatchWidth, palette::kLineSwatchHeight));
    m_table->setToolTip(tr("Double-click a row to follow its peak burst's key in the Learn view; "
                           "F1 on a column shows its metric's definition"));
    m_table->installEventFilter(this);
}

void CompareTables::createEndpoints()
{
    m_endpointModel = new EndpointSharesModel(this);
    m_endpointTable = new QTableView(this);
    m_endpointTable->setAccessibleName(tr("Acceptance per endpoint"));
    m_endpointTable->setModel(m_endpointModel);
    m_endpointTable->setAlternatingRowColors(true);
    m_endpointTable->verticalHeader()->hide();
    m_endpointTable->horizontalHeader()->setHighlightSections(false);
    m_endpointTable->horizontalHeader()->setStretchLastSection(true);
    m_endpointTable->setWordWrap(false);
    m_endpointTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_endpointTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_endpointTable->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_endpointTable->hide();
}

void CompareTables::setReport(std::shared_ptr<const Report> report, const QSet<QString>& hidden)
{
    m_model->setReport(report);
    m_model->setHiddenIds(hidden);
    m_endpointModel->setReport(report);
    layoutColumns(report.get());
}

void CompareTables::layoutColumns(const Report* report)
{
    // Never-admissible requests are a flag: the column shows only when some algorithm has them.
    bool neverAdmissible = false;
    if (report)
        for (const AlgorithmReport& a : report->algorithms)
            neverAdmissible = neverAdmissible || a.neverAdmissible > 0;
    m_table->setColumnHidden(ReportModel::NeverAdmissible, !neverAdmissible);
    // A column no algorithm has a value in (no preset, no shaper, no cluster, no backend) is
    // hidden, so that the figures that are there fit.
    for (int column = ReportModel::Preset; column < ReportModel::ColumnCount; ++column) {
        if (column == ReportModel::NeverAdmissible)
            continue;
        bool any = false;
        if (report)
            for (const AlgorithmReport& a : report->algorithms)
                any = any || ReportModel::rawValue(a, column).isValid();
        m_table->setColumnHidden(column, !any);
    }
    m_table->resizeColumnsToContents();
    // A hidden column leaves the header's stretch on a stale last section: set it again.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // The breakdown as wide as its columns (every share whole), the summary table the rest.
    m_endpointTable->setVisible(m_endpointModel->rowCount() > 0);
    m_endpointTable->resizeColumnsToContents();
    if (m_endpointModel->rowCount() > 0) {
        QHeaderView* header = m_endpointTable->horizontalHeader();
        int columns = 0;
        for (int c = 0; c < m_endpointModel->columnCount(); ++c)
            columns += header->sectionSize(c);
        const int wanted = columns + 2 * m_endpointTable->frameWidth() + 4;
        setSizes({std::max(width() / 2, width() - wanted), std::min(wanted, width() / 2)});
    }
}

int CompareTables::wantedHeight() const
{
    const int rows = std::min(8, std::max(m_model->rowCount(), m_endpointModel->rowCount()));
    int height = m_table->horizontalHeader()->height() + rows * m_table->verticalHeader()->defaultSectionSize() + 6;
    if (m_table->horizontalHeader()->length() > m_table->viewport()->width())
        height += m_table->horizontalScrollBar()->sizeHint().height();
    return height;
}

bool CompareTables::eventFilter(QObject* watched, QEvent* event)
{
    const bool f1 = (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)
        && static_cast<QKeyEvent*>(event)->key() == Qt::Key_F1;
    if (watched != m_table || !f1)
        return QSplitter::eventFilter(watched, event);
    event->accept();  // an override taken here is not the window's F1 (the whole documentation)
    if (event->type() == QEvent::KeyPress) {
        const QString phrase = ReportModel::definitionPhrase(m_table->currentIndex().column());
        emit definitionRequested(QStringLiteral("report"), phrase);
    }
    return event->type() == QEvent::KeyPress;
}

}  // namespace ratelab
