#pragma once
// The access-log import wizard (gui-guide.md 4.3): 1 File: the path, the detected format and why,
// the first 20 raw lines and a format override -> 2 Key: the key choice with a preview of the
// first 200 lines parsed, bad ones highlighted with line number and reason -> 3 Import: a
// permille bar, lines/s, the bad-line count and Cancel, on the LogImportController's worker.

#include "app/models/jobs/logimportcontroller.h"  // ImportOptions: what its imports are started with
#include "app/models/tables/importpreviewmodel.h"

#include <QWizard>

namespace ratelab {

class ImportFilePage;
class ImportKeyPage;
class ImportRunPage;

class ImportWizard : public QWizard {
    Q_OBJECT
public:
    enum Page { FilePage, KeyPage, RunPage };
    ImportWizard(LogImportController* controller, QWidget* parent = nullptr);

    void setPath(const QString& path);  // a file or a Qt resource; reads its head and detects
    QString path() const { return m_path; }
    QByteArray head() const { return m_head; }         // the first bytes of the input (whole lines)
    QString readError() const { return m_readError; }  // why the file cannot be read; empty when it can
    const Detection& detection() const { return m_detection; }
    // The format to import with: the override, else the detected one (Auto: none).
    LogFormat format() const;
    // The import's options from the pages; the key page's options that do not parse are left
    // out, and listed in `keyProblems` when given (that page holds Next on them).
    ImportOptions options(QStringList* keyProblems = nullptr) const;

    ImportFilePage* filePage() const { return m_file; }
    ImportKeyPage* keyPage() const { return m_key; }
    ImportRunPage* runPage() const { return m_run; }
    LogImportController* controller() const { return m_controller; }

    void reject() override;

signals:
    void inputChanged();

private:
    friend class ImportFilePage;
    void redetect();

    LogImportController* m_controller;
    QString m_path;
    QByteArray m_head;
    QString m_readError;
    Detection m_detection;
    ImportFilePage* m_file = nullptr;
    ImportKeyPage* m_key = nullptr;
    ImportRunPage* m_run = nullptr;
};

}  // namespace ratelab
