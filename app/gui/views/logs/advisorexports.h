#pragma once
// What the advisor hands on (gui-guide.md 4.3): the selected recommendation's limit as a
// configuration (the card's [Export v] opens it in an ExportDialog) and the log replayed
// through every recommendation ([Replay], beside Export on the card: a scenario for Compare,
// whose acceptance per algorithm is 100% minus the card's requests rejected). It writes no
// file and runs nothing: the dialog saves, Compare runs the replay.

#include "app/models/text/limitexports.h"
#include "engine/advisor/advisor.h"
#include "engine/scenario/scenario.h"

#include <QObject>

#include <memory>

class QPushButton;
class QWidget;

namespace ratelab {

class ExportDialog;
class RecommendationCard;
struct LogImportResult;

class AdvisorExports : public QObject {
    Q_OBJECT
public:
    // Replay goes on `card`'s actions row; the dialogs open over `view`.
    AdvisorExports(RecommendationCard* card, QWidget* view);

    // The log Replay replays, and what the advisor made of it (Replay is on with
    // recommendations to replay through).
    void setImport(std::shared_ptr<const LogImportResult> import) { m_import = std::move(import); }
    void setResult(std::shared_ptr<const AdvisorResult> result);
    // Opens (non-modal) the export of the selected algorithm's recommendation.
    ExportDialog* openExport(ExportTarget target);
    // Emits replayRequested() with the log replayed through the current recommendations;
    // false (the reason in the card's status) when there is nothing to replay.
    bool replay();
    QPushButton* replayButton() const { return m_replay; }

signals:
    void replayRequested(const ratelab::Scenario& scenario);

private:
    RecommendationCard* m_card;
    QWidget* m_view;
    QPushButton* m_replay = nullptr;
    std::shared_ptr<const LogImportResult> m_import;
    std::shared_ptr<const AdvisorResult> m_result;
};

}  // namespace ratelab
