#include "app/gui/views/logs/advisorexports.h"

#include "app/gui/dialogs/exportdialog.h"
#include "app/gui/parts/recommendationactions.h"
#include "app/gui/parts/recommendationcard.h"
#include "app/models/document/advisorreplay.h"
#include "app/models/tables/recommendationmodel.h"

#include <QPushButton>

namespace ratelab {

AdvisorExports::AdvisorExports(RecommendationCard* card, QWidget* view) : QObject(view), m_card(card), m_view(view)
{
    m_replay = new QPushButton(tr("Replay"), m_card);
    m_replay->setToolTip(tr("Run the log through these limits in Compare: the same requests, decided by each algorithm "
                            "with its recommended parameters"));
    m_replay->setEnabled(false);
    m_card->actions().addButton(m_replay);
    connect(m_replay, &QPushButton::clicked, this, &AdvisorExports::replay);
    connect(&m_card->actions(), &RecommendationActions::exportRequested, this, &AdvisorExports::openExport);
}

void AdvisorExports::setResult(std::shared_ptr<const AdvisorResult> result)
{
    m_result = std::move(result);
    m_replay->setEnabled(m_result && m_import && !m_result->recommendations.empty());
}

bool AdvisorExports::replay()
{
    if (!m_result || !m_import)
        return false;
    QString error;
    const std::optional<Scenario> scenario = advisorReplay(*m_import, *m_result, &error);
    if (!scenario) {
        m_card->actions().setStatus(tr("cannot replay: %1").arg(error));
        return false;
    }
    emit replayRequested(*scenario);
    return true;
}

ExportDialog* AdvisorExports::openExport(ExportTarget target)
{
    const Recommendation* rec = m_card->selected();
    if (!rec)
        return nullptr;
    QString error;
    const QString text = limitexports::text(rec->algorithm, rec->params, target, &error);
    auto* dialog = new ExportDialog(
        tr("%1 (%2) as %3")
            .arg(QString::fromStdString(rec->algorithm), RecommendationModel::paramsText(*rec), limitexports::targetName(target)),
        error.isEmpty() ? text : tr("Cannot export: %1").arg(error),
        QString::fromStdString(rec->algorithm) + limitexports::fileSuffix(target), m_view);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

}  // namespace ratelab
