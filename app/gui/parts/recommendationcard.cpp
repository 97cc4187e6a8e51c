#include "app/gui/parts/recommendationcard.h"

#include "app/models/style/palette.h"
#include "app/models/text/limitexports.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace ratelab {

RecommendationCard::RecommendationCard(QWidget* parent) : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(4);

    layout->addLayout(createTargetRow());
    layout->addWidget(createTable());
    m_note = new QLabel(tr("Each algorithm is searched along one parameter (its capacity, burst or limit per window W) "
                           "with an exact replay of the log per probe; the smallest value keeping the target is shown. "
                           "Select a row for its curve and top keys; drag the line or edit the share to move the target."),
                        this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    layout->addStretch(1);

    layout->addLayout(createActionsRow());

    connect(m_exportMenu, &QMenu::aboutToShow, this, &RecommendationCard::updateExportMenu);
    connect(m_cancel, &QPushButton::clicked, this, &RecommendationCard::cancelRequested);
    connect(m_keep, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        m_ppm = std::llround(percent * 10'000);
        emit keepEdited(m_ppm, keepBy());
    });
    connect(m_by, &QComboBox::currentIndexChanged, this, [this] { emit keepEdited(m_ppm, keepBy()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        m_export->setEnabled(current.isValid());
        if (current.isValid())
            emit rowSelected(current.row());
    });
    setKeep(m_ppm, AdvisorTarget::Keys);
    fitTable();
}

// "Recommendation at target   keep [share %] of [keys or requests] never throttled".
QLayout* RecommendationCard::createTargetRow()
{
    auto* header = new QHBoxLayout;
    header->addWidget(new QLabel(tr("<b>Recommendation at target</b>"), this));
    header->addSpacing(12);
    header->addWidget(new QLabel(tr("keep"), this));
    m_keep = new QDoubleSpinBox(this);
    m_keep->setAccessibleName(tr("Keep share"));
    m_keep->setRange(0, 100);
    m_keep->setDecimals(2);
    m_keep->setSingleStep(0.1);
    m_keep->setSuffix(QStringLiteral(" %"));
    m_keep->setKeyboardTracking(false);  // one target per edit, not per digit
    m_keep->setAlignment(Qt::AlignRight);
    m_keep->setToolTip(tr("The share to keep never throttled; the line in the trade-off chart follows"));
    header->addWidget(m_keep);
    header->addWidget(new QLabel(tr("of"), this));
    m_by = new QComboBox(this);
    m_by->addItem(tr("keys"), int(AdvisorTarget::Keys));
    m_by->addItem(tr("requests"), int(AdvisorTarget::Requests));
    m_by->setToolTip(tr("keys: the share of keys none of whose requests is rejected;\n"
                        "requests: the share of requests sent by such keys"));
    header->addWidget(m_by);
    header->addWidget(new QLabel(tr("never throttled"), this));
    header->addStretch(1);
    return header;
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

QLayout* RecommendationCard::createActionsRow()
{
    // Status on the left; actions on the right, Export last (more actions go before it).
    m_actions = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setFixedWidth(120);
    m_progress->hide();
    m_actions->addWidget(m_progress);
    m_status = new QLabel(this);
    m_actions->addWidget(m_status, 1);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the advisor and keep the recommendation shown"));
    m_cancel->hide();
    m_actions->addWidget(m_cancel);
    m_export = new QToolButton(this);
    m_export->setText(tr("Export"));
    m_export->setToolTip(tr("The selected algorithm's recommended limit as a Lua script for Redis, an nginx or an Envoy config"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    m_export->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_exportMenu = new QMenu(m_export);
    m_exportMenu->setToolTipsVisible(true);
    for (ExportTarget target : limitexports::kTargets) {
        QAction* a = m_exportMenu->addAction(limitexports::targetName(target) + QStringLiteral("…"));
        connect(a, &QAction::triggered, this, [this, target] { emit exportRequested(target); });
    }
    m_export->setMenu(m_exportMenu);
    m_export->setEnabled(false);
    m_actions->addWidget(m_export);
    return m_actions;
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
    m_export->setEnabled(false);
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

void RecommendationCard::setKeep(std::int64_t ppm, AdvisorTarget by)
{
    m_ppm = ppm;
    const QSignalBlocker blockKeep(m_keep);
    const QSignalBlocker blockBy(m_by);
    m_keep->setValue(double(ppm) / 10'000);
    m_by->setCurrentIndex(m_by->findData(int(by)));
}

AdvisorTarget RecommendationCard::keepBy() const
{
    return AdvisorTarget(m_by->currentData().toInt());
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

void RecommendationCard::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    if (busy) {
        m_progress->setValue(0);
        m_status->setText(tr("advising…"));
    }
}

void RecommendationCard::setProgress(int permille, const QString& phase)
{
    m_progress->setValue(permille);
    m_status->setText(permille >= 1000 ? QString() : tr("advising: %1").arg(phase));
}

void RecommendationCard::setStatus(const QString& text)
{
    m_status->setText(text);
}

void RecommendationCard::updateExportMenu()
{
    // Each target on the selected algorithm; the engine's reason when it cannot express it.
    const Recommendation* rec = selected();
    const QList<QAction*> actions = m_exportMenu->actions();
    for (int i = 0; i < actions.size(); ++i) {
        QString error = tr("no algorithm selected");
        if (rec)
            limitexports::text(rec->algorithm, rec->params, limitexports::kTargets[std::size_t(i)], &error);
        actions[i]->setEnabled(error.isEmpty());
        actions[i]->setToolTip(error);
    }
}

}  // namespace ratelab
