#pragma once
// The Logs view (gui-guide.md 4.3): the header line of the imported log (file, lines, keys, bad
// lines, span in UTC) with Import and Cancel, and under it the advisor (AdvisorView: per-key
// rate distribution, trade-off curve, recommendation card, top keys) with the import summary
// and the bad lines (numbers and reasons) as tabs beside the top keys. A small real sample
// (resources/samples) is imported the first time the view is shown.

#include "app/models/jobs/logimportcontroller.h"
#include "engine/scenario/scenario.h"

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QProgressBar;
class QTabWidget;
class QPushButton;
class QTableView;

namespace ratelab {

class AdvisorView;
class BadLinesModel;
class ImportSummaryModel;

class LogsView : public QWidget {
    Q_OBJECT
public:
    explicit LogsView(QWidget* parent = nullptr);

    static QString samplePath();  // the bundled sample, a Qt resource
    // Imports the sample unless something was imported or is importing.
    void ensureLogLoaded();
    void importFile(const QString& path, const ImportOptions& options);
    void openWizard();
    void setDark(bool dark);

    // Nothing is importing or advising, and a log and its advice (or a failure) are on screen.
    bool isReady() const;
    LogImportController* importer() const { return m_importer; }
    std::shared_ptr<const LogImportResult> result() const { return m_result; }
    QString headerText() const;
    QTableView* summaryTable() const { return m_summary; }
    QTableView* badLinesTable() const { return m_badLines; }
    AdvisorView* advisor() const { return m_advisor; }

signals:
    void ready();
    // The advisor's [Replay]: run this scenario (the log through the recommendations).
    void replayRequested(const ratelab::Scenario& scenario);

private:
    QHBoxLayout* createHeader();
    void addDetailTabs();
    void connectImporter();
    void display(std::shared_ptr<const LogImportResult> result);
    void checkReady();

    LogImportController* m_importer = nullptr;
    std::shared_ptr<const LogImportResult> m_result;
    bool m_started = false;
    bool m_failed = false;
    QLabel* m_header = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_import = nullptr;
    ImportSummaryModel* m_summaryModel = nullptr;
    QTableView* m_summary = nullptr;
    BadLinesModel* m_badLinesModel = nullptr;
    QTableView* m_badLines = nullptr;
    QLabel* m_badTitle = nullptr;
    QWidget* m_badPage = nullptr;
    AdvisorView* m_advisor = nullptr;
};

}  // namespace ratelab
