#include "app/gui/views/logs/logsview.h"

#include "app/gui/import/importwizard.h"
#include "app/gui/parts/readonlytable.h"
#include "app/gui/views/logs/advisordetails.h"
#include "app/gui/views/logs/advisorview.h"
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
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ratelab {

QString LogsView::samplePath()
{
    return QStringLiteral(":/samples/apache_combined_elastic-examples_2015.log");
}

LogsView::LogsView(QWidget* parent) : QWidget(parent)
{
    m_importer = new LogImportController(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(6);
    layout->addLayout(createHeader());
    m_advisor = new AdvisorView(this);
    layout->addWidget(m_advisor, 1);
    addDetailTabs();

    connect(m_header, &QLabel::linkActivated, this, [this] { m_advisor->details().setCurrentWidget(m_badPage); });
    connect(m_advisor, &AdvisorView::ready, this, &LogsView::checkReady);
    connect(m_advisor, &AdvisorView::replayRequested, this, &LogsView::replayRequested);
    connect(m_import, &QPushButton::clicked, this, &LogsView::openWizard);
    connect(m_cancel, &QPushButton::clicked, m_importer, &LogImportController::cancel);
    connectImporter();
}

// The headline of the imported log, the import's progress and Cancel, and Import log….
QHBoxLayout* LogsView::createHeader()
{
    auto* top = new QHBoxLayout;
    m_header = new QLabel(tr("No log imported yet."), this);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_header->setWordWrap(true);  // a long file name and span wrap rather than clip
    top->addWidget(m_header, 1);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setFixedWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    top->addWidget(m_progress);
    m_progressText = new QLabel(this);
    top->addWidget(m_progressText);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop the import and keep the previous log"));
    m_cancel->hide();
    top->addWidget(m_cancel);
    m_import = new QPushButton(tr("Import log…"), this);
    m_import->setToolTip(tr("Import an access log: detect its format, choose the key, see bad lines"));
    top->addWidget(m_import);
    return top;
}

// The import details, as tabs beside the advisor's top keys.
void LogsView::addDetailTabs()
{
    auto* summaryPage = new QWidget(this);
    auto* summaryLayout = new QVBoxLayout(summaryPage);
    summaryLayout->setContentsMargins(4, 4, 4, 4);
    m_summaryModel = new ImportSummaryModel(this);
    m_summary = makeReadOnlyTable(m_summaryModel, tr("Import summary"), summaryPage);
    summaryLayout->addWidget(m_summary);
    m_badPage = new QWidget(this);
    auto* badLayout = new QVBoxLayout(m_badPage);
    badLayout->setContentsMargins(4, 4, 4, 4);
    m_badTitle = new QLabel(m_badPage);
    badLayout->addWidget(m_badTitle);
    m_badLinesModel = new BadLinesModel(this);
    m_badLines = makeReadOnlyTable(m_badLinesModel, tr("Bad lines"), m_badPage);
    badLayout->addWidget(m_badLines, 1);
    m_advisor->details().addTab(summaryPage, tr("Import summary"));
    m_advisor->details().addTab(m_badPage, tr("Bad lines"));
}

void LogsView::connectImporter()
{
    connect(m_importer, &LogImportController::runningChanged, this, [this](bool running) {
        m_progress->setVisible(running);
        m_cancel->setVisible(running);
        if (running) {
            m_progress->setValue(0);
            m_progressText->setText(tr("importing…"));
        }
    });
    connect(m_importer, &LogImportController::progress, this, [this](quint64, const LogImportProgress& p) {
        m_progress->setValue(p.permille);
        m_progressText->setText(
            tr("%1, %2 lines/s, %3 bad")
                .arg(fmt::compactCount(p.linesRead, "line"), fmt::compact(p.linesPerSecond), fmt::compact(double(p.badLines))));
    });
    connect(m_importer, &LogImportController::finished, this, [this](quint64, std::shared_ptr<const LogImportResult> r) {
        m_failed = false;
        m_progressText->clear();
        display(r);
        m_advisor->setImport(r);
        checkReady();
    });
    connect(m_importer, &LogImportController::cancelled, this, [this] {
        m_progressText->setText(m_result ? tr("cancelled: showing the previous log") : tr("cancelled"));
        m_failed = !m_result;
        checkReady();
    });
    connect(m_importer, &LogImportController::failed, this, [this](quint64, const QString& message) {
        m_progressText->setText(tr("import failed"));
        m_progressText->setToolTip(message);
        if (!m_result)
            m_header->setText(tr("Import failed: %1").arg(message.toHtmlEscaped()));
        m_failed = true;
        checkReady();
    });
}

void LogsView::ensureLogLoaded()
{
    if (m_started)
        return;
    m_started = true;
    ImportOptions options;  // auto-detected format, keyed by client IP
    importFile(samplePath(), options);
}

void LogsView::importFile(const QString& path, const ImportOptions& options)
{
    m_started = true;
    LogImportRequest request;
    request.path = path;
    request.displayName = QFileInfo(path).fileName();
    request.options = options;
    m_importer->start(request);
}

void LogsView::openWizard()
{
    m_started = true;
    auto* wizard = new ImportWizard(m_importer, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->setPath(m_result ? m_result->request.path : samplePath());
    wizard->open();
}

bool LogsView::isReady() const
{
    return m_started && !m_importer->isRunning() && (m_result || m_failed) && m_advisor->isReady();
}

void LogsView::checkReady()
{
    if (isReady())
        emit ready();
}

QString LogsView::headerText() const
{
    return m_header->text();
}

void LogsView::setDark(bool dark)
{
    // Tables and labels follow the application palette; the charts need telling.
    m_advisor->setDark(dark);
}

void LogsView::display(std::shared_ptr<const LogImportResult> result)
{
    m_result = std::move(result);
    m_header->setText(importtext::headline(*m_result));
    m_header->setToolTip(m_result->request.path);
    m_summaryModel->setImport(m_result);
    m_summary->resizeColumnsToContents();
    m_badLinesModel->setImport(m_result);
    m_badLines->resizeColumnsToContents();
    m_badLines->setColumnWidth(BadLinesModel::Excerpt, std::min(m_badLines->columnWidth(BadLinesModel::Excerpt), 240));
    m_badTitle->setText(m_badLinesModel->heading());
    QTabWidget* tabs = &m_advisor->details();
    tabs->setTabText(tabs->indexOf(m_badPage), m_badLinesModel->tabTitle());
}

}  // namespace ratelab
