#pragma once
// The Logs view (GUI.md 4.3), first part: the header line of the imported log (file, lines,
// keys, bad lines, span in UTC) with Import and Cancel, the import summary and the bad lines
// with their numbers and reasons, and the area where the advisor's per-key rate distribution
// and recommendations will go. A small real sample (resources/samples) is imported the first
// time the view is shown.

#include "app/models/logimportcontroller.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace ratelab {

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

    // Nothing is importing and a log (or a failure) is on screen.
    bool isReady() const;
    LogImportController* importer() const { return m_importer; }
    std::shared_ptr<const LogImportResult> result() const { return m_result; }
    QString headerText() const;
    QTableWidget* summaryTable() const { return m_summary; }
    QTableWidget* badLinesTable() const { return m_badLines; }

signals:
    void ready();

private:
    void display(std::shared_ptr<const LogImportResult> result);

    LogImportController* m_importer = nullptr;
    std::shared_ptr<const LogImportResult> m_result;
    bool m_started = false;
    bool m_failed = false;
    QLabel* m_header = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_import = nullptr;
    QTableWidget* m_summary = nullptr;
    QTableWidget* m_badLines = nullptr;
    QLabel* m_badTitle = nullptr;
    QLabel* m_advisor = nullptr;
};

} // namespace ratelab
