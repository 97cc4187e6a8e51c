#include "app/gui/parts/recommendationactions.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>

namespace ratelab {

RecommendationActions::RecommendationActions(std::function<const Recommendation*()> selected, QWidget* parent)
    : QWidget(parent), m_selected(std::move(selected))
{
    // Status on the left; actions on the right, Export last (more actions go before it).
    m_row = new QHBoxLayout(this);
    m_row->setContentsMargins(0, 0, 0, 0);
    m_row->setSpacing(4);  // the card's spacing
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setFixedWidth(120);
    m_progress->hide();
    m_row->addWidget(m_progress);
    m_status = new QLabel(this);
    m_row->addWidget(m_status, 1);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the advisor and keep the recommendation shown"));
    m_cancel->hide();
    m_row->addWidget(m_cancel);
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
    m_row->addWidget(m_export);

    connect(m_exportMenu, &QMenu::aboutToShow, this, &RecommendationActions::updateExportMenu);
    connect(m_cancel, &QPushButton::clicked, this, &RecommendationActions::cancelRequested);
}

void RecommendationActions::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    if (busy) {
        m_progress->setValue(0);
        m_status->setText(tr("advising…"));
    }
}

void RecommendationActions::setProgress(int permille, const QString& phase)
{
    m_progress->setValue(permille);
    m_status->setText(permille >= 1000 ? QString() : tr("advising: %1").arg(phase));
}

void RecommendationActions::setStatus(const QString& text)
{
    m_status->setText(text);
}

void RecommendationActions::setExportEnabled(bool enabled)
{
    m_export->setEnabled(enabled);
}

void RecommendationActions::addButton(QWidget* button)
{
    m_row->insertWidget(m_row->indexOf(m_export), button);
}

void RecommendationActions::updateExportMenu()
{
    // Each target on the selected algorithm; the engine's reason when it cannot express it.
    const Recommendation* rec = m_selected();
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
