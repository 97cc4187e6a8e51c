#include "app/gui/import/importfilepage.h"

#include "app/gui/import/importwizard.h"
#include "app/models/text/formatting.h"
#include "app/models/text/importtext.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ratelab {

namespace {
constexpr LogFormat kFormats[] = {LogFormat::Combined, LogFormat::Common,    LogFormat::Nginx, LogFormat::W3c, LogFormat::Alb,
                                  LogFormat::Haproxy,  LogFormat::JsonLines, LogFormat::Csv,   LogFormat::Tsv};
}

ImportFilePage::ImportFilePage(ImportWizard* wizard) : QWizardPage(wizard), m_wizard(wizard)
{
    setTitle(tr("1  File"));
    setSubTitle(tr("Choose an access log. The format is detected from its first lines; override it if the guess is wrong."));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    auto* pathRow = new QHBoxLayout;
    m_path = new QLineEdit(this);
    m_path->setPlaceholderText(tr("/var/log/nginx/access.log"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("Log file:"), pathRow);
    m_detected = new QLabel(this);
    m_detected->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Detected:"), m_detected);
    auto* formatRow = new QHBoxLayout;
    m_format = new QComboBox(this);
    m_format->addItem(tr("auto (as detected)"), int(LogFormat::Auto));
    for (LogFormat f : kFormats)
        m_format->addItem(importtext::formatName(f), int(f));
    m_format->setToolTip(tr("Import with this format instead of the detected one"));
    formatRow->addWidget(m_format);
    m_nginx = new QLineEdit(this);
    m_nginx->setPlaceholderText(tr("nginx log_format, e.g. $remote_addr - $remote_user [$time_local] \"$request\" $status …"));
    m_nginx->setVisible(false);
    formatRow->addWidget(m_nginx, 1);
    form->addRow(tr("Format:"), formatRow);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("The first 20 lines, as they are in the file:"), this));
    m_raw = new QPlainTextEdit(this);
    m_raw->setReadOnly(true);
    m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_raw, 1);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open access log"), QString(),
                                                          tr("Logs (*.log *.txt *.json *.jsonl *.csv *.tsv);;All files (*)"));
        if (!path.isEmpty())
            m_path->setText(path);
    });
    connect(m_path, &QLineEdit::editingFinished, this, [this] {
        if (m_path->text() != m_wizard->path())
            m_wizard->setPath(m_path->text());
    });
    connect(m_path, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (QFileInfo(text).isFile() && text != m_wizard->path())
            m_wizard->setPath(text);
    });
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        m_nginx->setVisible(overrideFormat() == LogFormat::Nginx);
        m_wizard->redetect();
    });
    connect(m_nginx, &QLineEdit::editingFinished, m_wizard, &ImportWizard::redetect);
    connect(m_wizard, &ImportWizard::inputChanged, this, &ImportFilePage::refresh);
}

LogFormat ImportFilePage::overrideFormat() const
{
    return LogFormat(m_format->currentData().toInt());
}

void ImportFilePage::setOverrideFormat(LogFormat format)
{
    m_format->setCurrentIndex(std::max(0, m_format->findData(int(format))));
}

QString ImportFilePage::nginxFormat() const
{
    return overrideFormat() == LogFormat::Nginx ? m_nginx->text() : QString();
}

QString ImportFilePage::detectionText() const
{
    return m_detected->text();
}

QString ImportFilePage::rawLines() const
{
    return m_raw->toPlainText();
}

void ImportFilePage::refresh()
{
    if (m_path->text() != m_wizard->path()) {
        const QSignalBlocker block(m_path);
        m_path->setText(m_wizard->path());
    }
    const Detection& d = m_wizard->detection();
    if (m_wizard->path().isEmpty())
        m_detected->setText(tr("choose a file"));
    else if (!m_wizard->readError().isEmpty())
        m_detected->setText(tr("cannot read %1: %2").arg(m_wizard->path(), m_wizard->readError()));
    else if (m_wizard->head().isEmpty())
        m_detected->setText(tr("the file is empty"));
    else if (d.format == LogFormat::Auto)
        m_detected->setText(
            d.sampled == 1 ? tr("no format matched the first line: choose one below")
                           : tr("no format matched any of the first %1: choose one below").arg(fmt::count(d.sampled, "line")));
    else
        m_detected->setText(QStringLiteral("<b>%1</b> — %2")
                                .arg(importtext::formatName(d.format), QString::fromStdString(d.reason).toHtmlEscaped()));
    const QList<QByteArray> lines = m_wizard->head().split('\n');
    QStringList shown;
    for (int i = 0; i < lines.size() && i < kDetectionLines; ++i) {
        if (i == lines.size() - 1 && lines[i].isEmpty())
            break;
        shown << QStringLiteral("%1  %2").arg(i + 1, 4).arg(QString::fromUtf8(lines[i]).trimmed());
    }
    m_raw->setPlainText(shown.join(QLatin1Char('\n')));
    emit completeChanged();
}

bool ImportFilePage::isComplete() const
{
    return !m_wizard->head().isEmpty() && m_wizard->format() != LogFormat::Auto;
}

}  // namespace ratelab
