#pragma once
// Import wizard page 3: the import itself, on the LogImportController's worker thread: a
// permille bar, lines read and lines/s, bad lines counted as they come, and Cancel (through
// the job's RunControl; the previous import stays in the Logs view). Once done, what was
// imported, as the Logs view's summary and bad-line tables show it, before Finish hands it on.

#include "app/models/jobs/logimportcontroller.h"

#include <QWizardPage>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace ratelab {

class BadLinesModel;
class ImportSummaryModel;
class ImportWizard;

class ImportRunPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ImportRunPage(ImportWizard* wizard);

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override { return m_result != nullptr; }

    QPushButton* cancelButton() const { return m_cancel; }
    QTableView* summaryTable() const { return m_summary; }
    QTableView* badLinesTable() const { return m_badLines; }
    QProgressBar* progressBar() const { return m_bar; }
    QString statusText() const;
    std::shared_ptr<const LogImportResult> result() const { return m_result; }
    bool wasCancelled() const { return m_cancelled; }

signals:
    void importFinished();
    void importCancelled();

private:
    void connectController(LogImportController* c);
    void showResult(const LogImportResult& result);
    void showTables(bool shown);

    ImportWizard* m_wizard;
    QProgressBar* m_bar = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_bad = nullptr;
    QPushButton* m_cancel = nullptr;
    ImportSummaryModel* m_summaryModel = nullptr;
    BadLinesModel* m_badLinesModel = nullptr;
    QLabel* m_summaryTitle = nullptr;
    QTableView* m_summary = nullptr;
    QTableView* m_badLines = nullptr;
    QLabel* m_next = nullptr;
    quint64 m_job = 0;
    bool m_cancelled = false;
    std::shared_ptr<const LogImportResult> m_result;
};

}  // namespace ratelab
