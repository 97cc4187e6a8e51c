#include "app/gui/import/importrunpage.h"

#include "app/gui/import/importwizard.h"
#include "app/gui/parts/readonlytable.h"
#include "app/models/tables/badlinesmodel.h"
#include "app/models/tables/importsummarymodel.h"
#include "app/models/text/formatting.h"
#include "app/models/text/importtext.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace ratelab {

ImportRunPage::ImportRunPage(ImportWizard* wizard) : QWizardPage(wizard), m_wizard(wizard)
{
    setTitle(tr("3  Import"));
    setSubTitle(tr("The log is read on a worker thread; Cancel stops it and keeps the previous import."));
    setCommitPage(false);
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1000);
    m_bar->setFormat(QStringLiteral("%p%"));
    row->addWidget(m_bar, 1);
    m_cancel = new QPushButton(tr("Cancel import"), this);
    row->addWidget(m_cancel);
    layout->addLayout(row);
    m_status = new QLabel(this);
    layout->addWidget(m_status);
    // Bad lines counted as they come; once done, their heading over their table, beside the summary.
    auto* tables = new QHBoxLayout;
    auto* summaryColumn = new QVBoxLayout;
    m_summaryTitle = new QLabel(tr("<b>Import summary</b>"), this);
    summaryColumn->addWidget(m_summaryTitle);
    m_summaryModel = new ImportSummaryModel(this);
    m_summary = makeReadOnlyTable(m_summaryModel, tr("Import summary"), this);
    summaryColumn->addWidget(m_summary, 1);
    tables->addLayout(summaryColumn);
    auto* badColumn = new QVBoxLayout;
    m_bad = new QLabel(this);
    m_bad->setWordWrap(true);
    badColumn->addWidget(m_bad);
    m_badLinesModel = new BadLinesModel(this);
    m_badLines = makeReadOnlyTable(m_badLinesModel, tr("Bad lines"), this);
    badColumn->addWidget(m_badLines, 1);
    tables->addLayout(badColumn, 1);
    layout->addLayout(tables, 1);
    m_next = new QLabel(tr("Finish shows the import in the Logs view: how fast its keys go, the limit the advisor "
                           "recommends for each algorithm and what it costs, and these two tables. Back changes the "
                           "options and imports again."),
                        this);
    m_next->setWordWrap(true);
    layout->addWidget(m_next);
    layout->addStretch(0);  // takes the room while the tables are hidden (they take it after)
    showTables(false);
    connectController(wizard->controller());
}

void ImportRunPage::connectController(LogImportController* c)
{
    connect(m_cancel, &QPushButton::clicked, c, &LogImportController::cancel);
    connect(c, &LogImportController::progress, this, [this](quint64 job, const LogImportProgress& p) {
        if (job != m_job)
            return;
        m_bar->setValue(p.permille);
        const QString eta =
            p.etaSeconds < 0 ? tr("estimating time left") : tr("about %1 left").arg(fmt::duration(qint64(p.etaSeconds * 1e6)));
        m_status->setText(
            tr("%1 read, %2 lines/s, %3").arg(fmt::count(p.linesRead, "line"), fmt::compact(p.linesPerSecond), eta));
        m_bad->setText(tr("Bad lines so far: %1 (listed at the end)").arg(fmt::exact(p.badLines)));
    });
    connect(c, &LogImportController::finished, this, [this](quint64 job, std::shared_ptr<const LogImportResult> r) {
        if (job != m_job)
            return;
        m_result = r;
        m_bar->setValue(1000);
        m_cancel->setEnabled(false);
        showResult(*r);
        emit completeChanged();
        emit importFinished();
    });
    connect(c, &LogImportController::cancelled, this, [this](quint64 job) {
        if (job != m_job)
            return;
        m_cancelled = true;
        m_cancel->setEnabled(false);
        m_status->setText(tr("Cancelled: nothing imported. Go Back to change the options, or close the wizard."));
        emit importCancelled();
    });
    connect(c, &LogImportController::failed, this, [this](quint64 job, const QString& message) {
        if (job != m_job)
            return;
        m_cancel->setEnabled(false);
        m_status->setText(tr("Import failed: %1").arg(message));
    });
}

void ImportRunPage::showResult(const LogImportResult& r)
{
    const ImportSummary& s = r.summary;
    const double seconds = std::max<qint64>(1, r.elapsedMs) / 1000.0;
    m_status->setText(tr("Done: %1 read in %2 (%3 lines/s); %4 imported under %5.")
                          .arg(fmt::count(s.linesRead, "line"), fmt::duration(r.elapsedMs * 1000),
                               fmt::compact(double(s.linesRead) / seconds), fmt::count(s.requestsImported, "request"),
                               fmt::count(s.distinctKeys, "key"))
                      + (s.shrankFrom < 0 ? QString() : tr(" Warning: %1.").arg(importtext::shrinkNote(s))));
    m_summaryModel->setImport(m_result);
    m_summary->resizeColumnsToContents();
    // As wide as its text: the bad lines take the rest.
    m_summary->setFixedWidth(m_summary->horizontalHeader()->length() + 2 * m_summary->frameWidth()
                             + m_summary->verticalScrollBar()->sizeHint().width());
    m_badLinesModel->setImport(m_result);
    m_badLines->resizeColumnsToContents();
    m_bad->setText(m_badLinesModel->heading());
    showTables(true);
}

void ImportRunPage::showTables(bool shown)
{
    m_summaryTitle->setVisible(shown);
    m_summary->setVisible(shown);
    m_badLines->setVisible(shown);
    m_next->setVisible(shown);
}

void ImportRunPage::initializePage()
{
    m_result.reset();
    showTables(false);
    m_cancelled = false;
    m_bar->setValue(0);
    m_bad->setText(tr("Bad lines: counted as the import goes, listed at the end"));
    m_status->setText(tr("starting"));
    m_cancel->setEnabled(true);
    LogImportRequest request;
    request.path = m_wizard->path();
    request.displayName = QFileInfo(request.path).fileName();
    request.options = m_wizard->options();
    m_job = m_wizard->controller()->start(request);
    emit completeChanged();
}

void ImportRunPage::cleanupPage()
{
    if (m_wizard->controller()->isRunning() && m_wizard->controller()->currentJob() == m_job)
        m_wizard->controller()->cancel();
}

QString ImportRunPage::statusText() const
{
    return m_status->text() + QLatin1Char('\n') + m_bad->text();
}

}  // namespace ratelab
