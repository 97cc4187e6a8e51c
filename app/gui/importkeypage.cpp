#include "app/gui/importkeypage.h"

#include "app/gui/importwizard.h"
#include "app/models/formatting.h"
#include "engine/logs/summary/importsummary.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ratelab {

namespace {
QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}
} // namespace

ImportKeyPage::ImportKeyPage(ImportWizard* wizard) : QWizardPage(wizard), m_wizard(wizard)
{
    setTitle(tr("2  Key"));
    setSubTitle(tr("Choose what a rate limiter would key on. The preview parses the first %1 lines.").arg(kPreviewLines));
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Key:"), this));
    m_key = new QComboBox(this);
    m_key->addItem(tr("client IP"), int(KeyKind::Ip));
    m_key->addItem(tr("user"), int(KeyKind::User));
    m_key->addItem(tr("API key"), int(KeyKind::ApiKey));
    m_key->addItem(tr("endpoint (method and path)"), int(KeyKind::Endpoint));
    m_key->addItem(tr("IP + endpoint"), int(KeyKind::IpEndpoint));
    row->addWidget(m_key);
    row->addSpacing(16);
    m_counts = new QLabel(this);
    row->addWidget(m_counts, 1);
    layout->addLayout(row);
    m_table = new QTableWidget(this);
    m_table->setColumnCount(6);
    m_table->setHorizontalHeaderLabels({tr("line"), tr("time (UTC)"), tr("key"), tr("request"), tr("status"), tr("problem")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    layout->addWidget(m_table, 1);
    connect(m_key, &QComboBox::currentIndexChanged, this, &ImportKeyPage::refresh);
}

KeyKind ImportKeyPage::keyKind() const
{
    return KeyKind(m_key->currentData().toInt());
}

void ImportKeyPage::setKeyKind(KeyKind kind)
{
    m_key->setCurrentIndex(std::max(0, m_key->findData(int(kind))));
}

void ImportKeyPage::initializePage()
{
    refresh();
}

void ImportKeyPage::refresh()
{
    m_table->setRowCount(0);
    m_bad = 0;
    const LogFormat format = m_wizard->format();
    if (format == LogFormat::Auto)
        return;
    std::unique_ptr<LineParser> parser;
    try {
        parser = makeParser(format, m_wizard->options().parser);
    } catch (const std::exception& e) {
        m_counts->setText(tr("cannot parse with this format: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    KeyOptions keyOptions;
    keyOptions.kind = keyKind();
    KeyExtractor keys(keyOptions);
    const QList<QByteArray> lines = m_wizard->head().split('\n');
    const int n = int(std::min<qsizetype>(kPreviewLines, lines.size()));
    m_table->setRowCount(n);
    int records = 0, other = 0, rows = 0;
    QColor badTint(230, 159, 0);  // Okabe-Ito orange, as a faint tint behind the text
    badTint.setAlphaF(0.22f);
    for (int i = 0; i < n; ++i) {
        std::string line = lines[i].toStdString();
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (i == lines.size() - 1 && line.empty())
            break;
        LogFields fields;
        const LineOutcome o = parser->parse(line, fields);
        QStringList cells{QString::number(i + 1), QString(), QString(), QString(), QString(), QString()};
        bool bad = false;
        if (o.kind == LineKind::Record) {
            const std::string_view key = keys.keyOf(fields);
            cells[1] = QString::fromStdString(formatUtc(fields.time));
            cells[2] = qs(key);
            cells[3] = QStringLiteral("%1 %2").arg(qs(fields.method), qs(fields.target));
            cells[4] = fields.status ? QString::number(fields.status) : QString();
            if (key.empty()) {
                bad = true;
                cells[5] = QStringLiteral("\u26A0 %1").arg(qs(problemText(LineProblem::NoKey)));
            } else {
                ++records;
            }
        } else if (o.kind == LineKind::Malformed) {
            bad = true;
            cells[3] = QString::fromStdString(line.substr(0, 120));
            cells[5] = QStringLiteral("\u26A0 %1 (%2)").arg(qs(problemText(o.problem)), QString::fromUtf8(o.field));
        } else {
            ++other;
            cells[5] = o.kind == LineKind::Blank ? tr("blank") : tr("directive or header");
        }
        m_bad += bad;
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 0 || c == 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (bad)
                item->setBackground(badTint);
            m_table->setItem(rows, c, item);
        }
        ++rows;
    }
    m_table->setRowCount(rows);
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(3, std::min(m_table->columnWidth(3), 360));
    m_counts->setText(tr("first %1: %2, %3 bad, %4 blank or directives")
                          .arg(fmt::count(rows, "line"), fmt::count(records, "record"))
                          .arg(m_bad)
                          .arg(other));
}

} // namespace ratelab
