#include "app/gui/import/importkeypage.h"

#include "app/gui/import/importwizard.h"
#include "app/models/formatting.h"
#include "app/models/importpreviewmodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace ratelab {

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
    m_model = new ImportPreviewModel(this);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
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

int ImportKeyPage::badRows() const
{
    return m_model->badLines();
}

void ImportKeyPage::initializePage()
{
    refresh();
}

void ImportKeyPage::refresh()
{
    m_model->setPreview(m_wizard->head(), m_wizard->format(), m_wizard->options().parser, keyKind());
    if (!m_model->error().isEmpty()) {
        m_counts->setText(tr("cannot parse with this format: %1").arg(m_model->error()));
        return;
    }
    if (m_wizard->format() == LogFormat::Auto)
        return;
    m_table->resizeColumnsToContents();
    m_table->setColumnWidth(ImportPreviewModel::Request, std::min(m_table->columnWidth(ImportPreviewModel::Request), 360));
    m_counts->setText(tr("first %1: %2, %3 bad, %4 blank or directives")
                          .arg(fmt::count(m_model->rowCount(), "line"), fmt::count(m_model->records(), "record"))
                          .arg(m_model->badLines())
                          .arg(m_model->otherLines()));
}

}  // namespace ratelab
