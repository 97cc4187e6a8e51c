#pragma once
// Import wizard page 3: the import itself, on the LogImportController's worker thread: a
// permille bar, lines read and lines/s, the bad-line count at the end, and Cancel (through the
// job's RunControl; the previous import stays in the Logs view).

#include "app/models/logimportcontroller.h"

#include <QWizardPage>

class QLabel;
class QProgressBar;
class QPushButton;

namespace ratelab {

class ImportWizard;

class ImportRunPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ImportRunPage(ImportWizard* wizard);

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override { return m_result != nullptr; }

    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_bar; }
    QString statusText() const;
    std::shared_ptr<const LogImportResult> result() const { return m_result; }
    bool wasCancelled() const { return m_cancelled; }

signals:
    void importFinished();
    void importCancelled();

private:
    ImportWizard* m_wizard;
    QProgressBar* m_bar = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_bad = nullptr;
    QPushButton* m_cancel = nullptr;
    quint64 m_job = 0;
    bool m_cancelled = false;
    std::shared_ptr<const LogImportResult> m_result;
};

}  // namespace ratelab
