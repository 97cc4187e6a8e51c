#include "app/gui/editors/trafficeditor.h"

#include "app/gui/canvases/offeredsparkline.h"
#include "app/gui/editors/scenarioform.h"

#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

TrafficEditor::TrafficEditor(ScenarioDraft* draft, QWidget* parent) : QWidget(parent), m_draft(draft)
{
    auto* layout = new QVBoxLayout(this);
    auto* header = new QHBoxLayout;
    header->addWidget(new QLabel(tr("<b>Sources</b>"), this), 1);
    auto* add = new QToolButton(this);
    add->setText(tr("Add"));
    add->setToolTip(tr("Add a traffic source"));
    add->setPopupMode(QToolButton::InstantPopup);
    auto* kinds = new QMenu(add);
    for (const QString& kind : scenarioedits::sourceKinds())
        kinds->addAction(kind, this, [this, kind] { addSource(kind); });
    add->setMenu(kinds);
    m_remove = new QToolButton(this);
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Remove the selected source"));
    connect(m_remove, &QToolButton::clicked, this, &TrafficEditor::removeSelected);
    header->addWidget(add);
    header->addWidget(m_remove);
    layout->addLayout(header);

    m_list = new QListWidget(this);
    m_list->setAccessibleName(tr("Traffic sources"));
    m_list->setMaximumHeight(84);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setTextElideMode(Qt::ElideRight);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0 || row == m_selected)
            return;
        m_draft->commitNow();
        m_selected = row;
        showSelected();
    });
    layout->addWidget(m_list);

    m_preview = new OfferedSparkline(this);
    layout->addWidget(m_preview);

    m_source = new ScenarioForm(m_draft, this);
    connect(m_source, &ScenarioForm::kindChosen, this, [this](const QString&, const QString& kind) {
        QString file;
        if (scenarioedits::kindReadsFile(kind) && (file = chooseFile(kind)).isEmpty())
            return m_source->setObjectPath(m_source->objectPath());  // back to the kind it has
        m_draft->apply(scenarioedits::setSourceKind(m_draft->document()->scenario(), m_selected, kind, m_draft->baseDir(), file),
                       tr("Make source %1 %2").arg(m_selected).arg(kind));
    });
    layout->addWidget(m_source);

    auto* population = new QGroupBox(tr("Population"), this);
    auto* pl = new QVBoxLayout(population);
    m_population = new ScenarioForm(m_draft, population);
    m_population->setObjectPath(QStringLiteral("population"));
    pl->addWidget(m_population);
    layout->addWidget(population);
    layout->addStretch(1);

    connect(m_draft->document(), &ScenarioDocument::changed, this, &TrafficEditor::rebuildList);
    rebuildList();
}

void TrafficEditor::rebuildList()
{
    const Scenario& s = m_draft->document()->scenario();
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const SourceSpec& src : s.traffic) {
        m_list->addItem(scenarioedits::sourceSummary(src));
        m_list->item(m_list->count() - 1)->setToolTip(m_list->item(m_list->count() - 1)->text());
    }
    m_selected = std::clamp(m_selected, 0, std::max(0, int(s.traffic.size()) - 1));
    m_list->setCurrentRow(m_selected);
    m_remove->setEnabled(s.traffic.size() > 1);
    // The preview draws up to 500,000 arrivals a source: only while it is in sight, not at
    // every edit made on another tab.
    m_previewStale = true;
    if (isVisible())
        refreshPreview();
    showSelected();
}

void TrafficEditor::refreshPreview()
{
    const Scenario& s = m_draft->document()->scenario();
    m_preview->setPreview(offeredpreview::of(s), double(s.duration) / 1e6);
    m_previewStale = false;
}

void TrafficEditor::showEvent(QShowEvent* event)
{
    if (m_previewStale)
        refreshPreview();
    QWidget::showEvent(event);
}

void TrafficEditor::showSelected()
{
    const QString path = QStringLiteral("traffic[%1]").arg(m_selected);
    if (m_source->objectPath() != path)
        m_source->setObjectPath(path);
    m_preview->setSelected(m_selected);
}

void TrafficEditor::selectSource(int index)
{
    m_list->setCurrentRow(index);
}

void TrafficEditor::addSource(const QString& kind)
{
    QString file;
    if (scenarioedits::kindReadsFile(kind) && (file = chooseFile(kind)).isEmpty())
        return;
    const int count = int(m_draft->document()->scenario().traffic.size());
    if (m_draft->apply(scenarioedits::addSource(m_draft->document()->scenario(), kind, m_draft->baseDir(), file),
                       tr("Add a %1 source").arg(kind)))
        selectSource(count);
}

void TrafficEditor::removeSelected()
{
    const Scenario& s = m_draft->document()->scenario();
    if (s.traffic.size() <= 1 || m_selected < 0)
        return;
    m_draft->apply(scenarioedits::removeItem(s, QStringLiteral("traffic"), m_selected, m_draft->baseDir()),
                   tr("Remove source %1").arg(QString::fromStdString(s.traffic[std::size_t(m_selected)].label)));
}

QString TrafficEditor::chooseFile(const QString& kind)
{
    const QString filter = kind == QLatin1String("trace") ? tr("Traces (*.csv);;All files (*)")
                                                          : tr("Access logs (*.log *.txt *.json *.jsonl *.gz);;All files (*)");
    return QFileDialog::getOpenFileName(this, tr("Choose the %1 file").arg(kind), m_draft->baseDir(), filter);
}

}  // namespace ratelab
