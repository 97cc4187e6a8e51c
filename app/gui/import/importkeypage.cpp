#include "app/gui/import/importkeypage.h"

#include "app/gui/import/importwizard.h"
#include "app/models/tables/importpreviewmodel.h"
#include "app/models/text/formatting.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
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
    layout->addWidget(createOptions());
    connect(m_key, &QComboBox::currentIndexChanged, this, &ImportKeyPage::refresh);
}

// The key options `ratelab-cli import` takes, with its defaults.
QWidget* ImportKeyPage::createOptions()
{
    auto* box = new QGroupBox(tr("Key options (as ratelab-cli import takes them)"), this);
    auto* form = new QFormLayout(box);
    m_xff = new QComboBox(box);
    m_xff->addItem(tr("the first untrusted address"), QStringLiteral("first"));
    m_xff->addItem(tr("the last untrusted address"), QStringLiteral("last"));
    form->addRow(tr("From a proxy chain, take"), m_xff);
    m_trusted = new QLineEdit(box);
    m_trusted->setPlaceholderText(tr("CIDR blocks, addresses or prefixes, comma-separated (--trusted)"));
    form->addRow(tr("Trusted proxies"), m_trusted);
    m_apiKeyParam = new QLineEdit(QStringLiteral("api_key"), box);
    form->addRow(tr("API key query parameter"), m_apiKeyParam);
    m_apiKeyField = new QLineEdit(box);
    m_apiKeyField->setPlaceholderText(tr("nginx variable, W3C field, JSON path or CSV column (--api-key-field)"));
    form->addRow(tr("API key field"), m_apiKeyField);
    m_pathTemplates = new QCheckBox(tr("Collapse numeric, hex and UUID path segments to :id"), box);
    form->addRow(tr("Endpoint keys"), m_pathTemplates);
    m_lookBack = new QLineEdit(QStringLiteral("60s"), box);
    m_lookBack->setToolTip(tr("How far back out-of-order lines are reordered: seconds or a duration like 2m"));
    form->addRow(tr("Look-back window"), m_lookBack);
    m_problems = new QLabel(box);
    m_problems->setWordWrap(true);
    QPalette red = m_problems->palette();
    red.setColor(QPalette::WindowText, QColor(0xD5, 0x5E, 0x00));
    m_problems->setPalette(red);
    form->addRow(m_problems);
    for (QLineEdit* e : {m_trusted, m_apiKeyParam, m_apiKeyField, m_lookBack})
        connect(e, &QLineEdit::textChanged, this, &ImportKeyPage::refresh);
    connect(m_xff, &QComboBox::currentIndexChanged, this, &ImportKeyPage::refresh);
    connect(m_pathTemplates, &QCheckBox::toggled, this, &ImportKeyPage::refresh);
    return box;
}

importtext::NamedOptions ImportKeyPage::logOptions() const
{
    importtext::NamedOptions options = {{QStringLiteral("xff"), m_xff->currentData().toString()}};
    const auto text = [](const QLineEdit* e) { return e->text().trimmed(); };
    if (!text(m_trusted).isEmpty())
        options.append({QStringLiteral("trusted"), text(m_trusted)});
    options.append({QStringLiteral("api_key_param"), text(m_apiKeyParam)});
    if (!text(m_apiKeyField).isEmpty())
        options.append({QStringLiteral("api_key_field"), text(m_apiKeyField)});
    options.append(
        {QStringLiteral("path_templates"), m_pathTemplates->isChecked() ? QStringLiteral("true") : QStringLiteral("false")});
    options.append({QStringLiteral("look_back"), text(m_lookBack)});
    return options;
}

void ImportKeyPage::setLogOptions(const importtext::NamedOptions& options)
{
    for (const auto& [name, value] : options) {
        if (name == QLatin1String("xff"))
            m_xff->setCurrentIndex(std::max(0, m_xff->findData(value)));
        else if (name == QLatin1String("trusted"))
            m_trusted->setText(value);
        else if (name == QLatin1String("api_key_param"))
            m_apiKeyParam->setText(value);
        else if (name == QLatin1String("api_key_field"))
            m_apiKeyField->setText(value);
        else if (name == QLatin1String("path_templates"))
            m_pathTemplates->setChecked(value == QLatin1String("true"));
        else if (name == QLatin1String("look_back"))
            m_lookBack->setText(value);
    }
}

QString ImportKeyPage::problemText() const
{
    return m_problems->text();
}

bool ImportKeyPage::isComplete() const
{
    return m_problems->text().isEmpty();
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
    QStringList problems;  // the options are parsed once, for the preview and for Next
    const ImportOptions options = m_wizard->options(&problems);
    if (problems.join(QLatin1Char('\n')) != m_problems->text()) {
        m_problems->setText(problems.join(QLatin1Char('\n')));
        emit completeChanged();
    }
    m_model->setPreview(m_wizard->head(), m_wizard->format(), options);
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
