#include "app/gui/logsview.h"

#include "app/gui/advisorview.h"
#include "app/gui/importwizard.h"
#include "app/models/formatting.h"
#include "app/models/palette.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ratelab {

namespace {
QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QTableWidget* makeTable(QWidget* parent, const QStringList& headers)
{
    auto* t = new QTableWidget(parent);
    t->setColumnCount(int(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setHighlightSections(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    return t;
}

QTableWidgetItem* cell(const QString& text, bool number = false)
{
    auto* item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// "2015-05-17 10:05" in UTC.
QString utcMinute(SimTime t)
{
    return QDateTime::fromMSecsSinceEpoch(t / 1000, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}
} // namespace

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
    layout->addLayout(top);

    m_advisor = new AdvisorView(this);
    layout->addWidget(m_advisor, 1);

    // The import details, as tabs beside the top keys.
    auto* summaryPage = new QWidget(this);
    auto* summaryLayout = new QVBoxLayout(summaryPage);
    summaryLayout->setContentsMargins(4, 4, 4, 4);
    m_summary = makeTable(summaryPage, {tr("quantity"), tr("value")});
    summaryLayout->addWidget(m_summary);
    m_badPage = new QWidget(this);
    auto* badLayout = new QVBoxLayout(m_badPage);
    badLayout->setContentsMargins(4, 4, 4, 4);
    m_badTitle = new QLabel(m_badPage);
    badLayout->addWidget(m_badTitle);
    m_badLines = makeTable(m_badPage, {tr("line"), tr("reason"), tr("field"), tr("start of the line")});
    badLayout->addWidget(m_badLines, 1);
    m_advisor->detailTabs()->addTab(summaryPage, tr("Import summary"));
    m_advisor->detailTabs()->addTab(m_badPage, tr("Bad lines"));

    connect(m_header, &QLabel::linkActivated, this, [this] { m_advisor->detailTabs()->setCurrentWidget(m_badPage); });
    connect(m_advisor, &AdvisorView::ready, this, &LogsView::checkReady);
    connect(m_advisor, &AdvisorView::replayRequested, this, &LogsView::replayRequested);
    connect(m_import, &QPushButton::clicked, this, &LogsView::openWizard);
    connect(m_cancel, &QPushButton::clicked, m_importer, &LogImportController::cancel);
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
        m_progressText->setText(tr("%1, %2 lines/s, %3 bad")
                                    .arg(fmt::compactCount(p.linesRead, "line"), fmt::compact(p.linesPerSecond),
                                         fmt::compact(double(p.badLines))));
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
    const ImportSummary& s = m_result->summary;
    const QString span = s.firstTime == kNever ? tr("no requests")
                                               : tr("%1 – %2 UTC").arg(utcMinute(s.firstTime), utcMinute(s.lastTime));
    m_header->setText(tr("<b>%1</b>: %2, %3, %4 (%5), %6 (<a href='bad'>list</a>) &nbsp;&nbsp; %7")
                          .arg(m_result->request.displayName.toHtmlEscaped(), fmt::count(s.linesRead, "line"),
                               fmt::count(s.requestsImported, "request"), fmt::count(s.distinctKeys, "key"),
                               qs(keyKindName(m_result->request.options.key.kind)), fmt::count(s.skippedTotal(), "bad line"),
                               span)
                          + (s.shrankFrom < 0 ? QString() : tr("<br><b>Warning:</b> %1").arg(qs(shrinkNote(s)).toHtmlEscaped())));
    m_header->setToolTip(m_result->request.path);

    QList<QPair<QString, QString>> rows{
        {tr("format"), QStringLiteral("%1 (%2)").arg(qs(formatName(s.format)), QString::fromStdString(s.detection))},
        {tr("bytes read"), fmt::bytes(s.bytesRead)},
        {tr("lines read"), fmt::exact(s.linesRead)},
        {tr("requests imported"), fmt::exact(s.requestsImported)},
        {tr("distinct keys"), fmt::exact(s.distinctKeys)},
        {tr("blank lines"), fmt::exact(s.blankLines)},
        {tr("directives and headers"), fmt::exact(s.directiveLines)},
        {tr("bad lines"), fmt::exact(s.skippedTotal())},
    };
    if (s.shrankFrom >= 0)
        rows.prepend({tr("warning"), qs(shrinkNote(s))});
    for (int p = 0; p < kLineProblemCount; ++p)
        if (s.skipped[std::size_t(p)] > 0)
            rows.append({tr("  %1").arg(qs(problemText(LineProblem(p)))), fmt::exact(s.skipped[std::size_t(p)])});
    rows.append({tr("out of order, put back in order"), fmt::exact(s.reorderedLines)});
    rows.append({tr("steps back in time"), fmt::exact(s.backwardSteps)});
    rows.append({tr("look-back window"), fmt::duration(s.lookBackUs)});
    if (s.firstTime != kNever) {
        rows.append({tr("first request (UTC)"), QString::fromStdString(formatUtc(s.firstTime))});
        rows.append({tr("last request (UTC)"), QString::fromStdString(formatUtc(s.lastTime))});
    }
    rows.append({tr("import time"), fmt::duration(m_result->elapsedMs * 1000)});
    m_summary->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        m_summary->setItem(i, 0, cell(rows[i].first));
        m_summary->setItem(i, 1, cell(rows[i].second, true));
    }
    m_summary->resizeColumnsToContents();

    m_badLines->setRowCount(int(s.problems.size()));
    for (std::size_t i = 0; i < s.problems.size(); ++i) {
        const LineWarning& w = s.problems[i];
        m_badLines->setItem(int(i), 0, cell(QString::number(w.line), true));
        m_badLines->setItem(int(i), 1, cell(qs(problemText(w.problem))));
        m_badLines->setItem(int(i), 2, cell(QString::fromStdString(w.field)));
        m_badLines->setItem(int(i), 3, cell(QString::fromStdString(w.excerpt)));
    }
    m_badLines->resizeColumnsToContents();
    m_badLines->setColumnWidth(3, std::min(m_badLines->columnWidth(3), 240));
    m_badTitle->setText(s.problemsNotListed() > 0
                            ? tr("<b>Bad lines</b> (the first %1; %2 more not listed)").arg(s.problems.size()).arg(s.problemsNotListed())
                            : tr("<b>Bad lines</b> (%1)").arg(s.problems.size()));
    QTabWidget* tabs = m_advisor->detailTabs();
    tabs->setTabText(tabs->indexOf(m_badPage), tr("Bad lines (%1)").arg(fmt::exact(s.skippedTotal())));
}

} // namespace ratelab
