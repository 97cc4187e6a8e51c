#include "app/gui/import/importrunpage.h"

#include "app/gui/import/importwizard.h"
#include "app/models/formatting.h"
#include "app/models/importtext.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
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
    m_bad = new QLabel(this);
    m_bad->setWordWrap(true);
    layout->addWidget(m_bad);
    layout->addStretch(1);

    LogImportController* c = wizard->controller();
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
        const ImportSummary& s = r->summary;
        const double seconds = std::max<qint64>(1, r->elapsedMs) / 1000.0;
        m_status->setText(tr("Done: %1 read in %2 (%3 lines/s); %4 imported under %5.")
                              .arg(fmt::count(s.linesRead, "line"), fmt::duration(r->elapsedMs * 1000),
                                   fmt::compact(double(s.linesRead) / seconds), fmt::count(s.requestsImported, "request"),
                                   fmt::count(s.distinctKeys, "key"))
                          + (s.shrankFrom < 0 ? QString() : tr(" Warning: %1.").arg(importtext::shrinkNote(s))));
        QStringList bad;
        for (const LineWarning& w : s.problems)
            bad << tr("line %1: %2").arg(w.line).arg(importtext::problemText(w.problem));
        m_bad->setText(
            tr("Bad lines: %1%2")
                .arg(fmt::exact(s.skippedTotal()),
                     bad.isEmpty() ? QString() : QStringLiteral(" (") + bad.join(QStringLiteral("; ")) + QStringLiteral(")")));
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

void ImportRunPage::initializePage()
{
    m_result.reset();
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
