#include "app/gui/parts/recommendationcard.h"

#include "app/gui/parts/recommendationactions.h"
#include "app/gui/parts/recommendationtarget.h"
#include "app/models/style/palette.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

namespace ratelab {

RecommendationCard::RecommendationCard(QWidget* parent) : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(4);

    m_target = new RecommendationTarget(this);
    layout->addWidget(m_target);
    layout->addWidget(createTable());
    m_note = new QLabel(tr("Each algorithm is searched along one parameter (its capacity, burst or limit per window W) "
                           "with an exact replay of the log per probe; the smallest value keeping the target is shown. "
                           "Select a row for its curve and top keys; drag the line or edit the share to move the target."),
                        this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    layout->addStretch(1);
    m_actions = new RecommendationActions([this] { return selected(); }, this);
    layout->addWidget(m_actions);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        m_actions->setExportEnabled(current.isValid());
        if (current.isValid())
            emit rowSelected(current.row());
    });
    fitTable();
}

QWidget* RecommendationCard::createTable()
{
    m_model = new RecommendationModel(this);
    m_table = new QTableView(this);
    m_table->setAccessibleName(tr("Recommendations"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(RecommendationModel::Parameters, QHeaderView::Stretch);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    return m_table;
}

void RecommendationCard::setResult(std::shared_ptr<const AdvisorResult> result)
{
    const Recommendation* before = selected();
    const std::string algorithm = before ? before->algorithm : std::string();
    int row = 0;
    if (result)
        for (std::size_t i = 0; i < result->recommendations.size(); ++i)
            if (result->recommendations[i].algorithm == algorithm)
                row = int(i);
    {
        // The model reset clears the selection: re-selected below, announced once.
        const QSignalBlocker block(m_table->selectionModel());
        m_model->setResult(std::move(result));
    }
    m_actions->setExportEnabled(false);
    fitTable();
    if (m_model->rowCount() > 0)
        selectRow(row);
}

void RecommendationCard::fitTable()
{
    // As tall as its rows (six algorithms), so the note sits right under them; two at least.
    const int rows = std::max(m_model->rowCount(), 6);
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height()
                              + 2 * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth());
    m_table->setMaximumHeight(m_table->horizontalHeader()->sizeHint().height()
                              + rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth()
                              + m_table->horizontalScrollBar()->sizeHint().height());
}

void RecommendationCard::setDark(bool dark)
{
    m_model->setDark(dark);
    // Muted but readable (4.5:1 and more), unlike disabled text.
    QPalette muted = m_note->palette();
    muted.setColor(QPalette::WindowText, palette::mutedTextColor(dark));
    m_note->setPalette(muted);
}

int RecommendationCard::selectedRow() const
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void RecommendationCard::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    if (row == selectedRow()) {
        emit rowSelected(row);  // the same row of a new result
        return;
    }
    m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                               QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

const Recommendation* RecommendationCard::selected() const
{
    const int row = selectedRow();
    const auto result = m_model->result();
    return result && row >= 0 && row < int(result->recommendations.size()) ? &result->recommendations[std::size_t(row)] : nullptr;
}

void RecommendationCard::setCompact(bool compact)
{
    m_note->setVisible(!compact);
}

}  // namespace ratelab
