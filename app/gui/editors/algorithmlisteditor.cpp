#include "app/gui/editors/algorithmlisteditor.h"

#include "app/models/document/algorithmcatalog.h"
#include "app/models/document/scenarioedits.h"
#include "app/models/style/palette.h"
#include "app/models/text/fromstd.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

AlgorithmListEditor::AlgorithmListEditor(ScenarioDocument* document, QWidget* parent) : QWidget(parent), m_doc(document)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(createHeader());
    layout->addWidget(createList());
}

// "Algorithms", then Add (a menu of the catalog, presets in a submenu) and Remove.
QLayout* AlgorithmListEditor::createHeader()
{
    auto* algoHeader = new QHBoxLayout;
    auto* algoLabel = new QLabel(tr("<b>Algorithms</b>"), this);
    algoHeader->addWidget(algoLabel, 1);
    m_add = new QToolButton(this);
    m_add->setText(tr("Add"));
    m_add->setToolTip(tr("Add an algorithm or a real-system preset"));
    m_add->setPopupMode(QToolButton::InstantPopup);
    auto* addMenu = new QMenu(m_add);
    QMenu* presets = nullptr;
    for (const AlgorithmInfo& info : catalog::entries()) {
        QMenu* menu = addMenu;
        if (info.preset) {
            if (!presets)
                presets = addMenu->addMenu(tr("Presets"));
            menu = presets;
        }
        QAction* a = menu->addAction(q(info.name));
        a->setToolTip(q(info.summary));
        const QString name = q(info.name);
        connect(a, &QAction::triggered, this, [this, name] { addAlgorithm(name); });
    }
    addMenu->setToolTipsVisible(true);
    m_add->setMenu(addMenu);
    m_remove = new QToolButton(this);
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Remove the selected algorithm"));
    connect(m_remove, &QToolButton::clicked, this, &AlgorithmListEditor::removeSelected);
    m_duplicate = new QToolButton(this);
    m_duplicate->setText(tr("Duplicate"));
    m_duplicate->setToolTip(tr("Copy the selected algorithm, to compare two settings of it"));
    connect(m_duplicate, &QToolButton::clicked, this, &AlgorithmListEditor::duplicateSelected);
    algoHeader->addWidget(m_add);
    algoHeader->addWidget(m_duplicate);
    algoHeader->addWidget(m_remove);
    return algoHeader;
}

QWidget* AlgorithmListEditor::createList()
{
    m_list = new QListWidget(this);
    m_list->setAccessibleName(tr("Algorithms"));
    m_list->setToolTip(tr("Checked algorithms run; select one to edit its parameters"));
    m_list->setMinimumHeight(120);
    // Wide enough for a whole period of any dash pattern: two of one family differ by it.
    m_list->setIconSize(QSize(palette::kLineSwatchWidth, palette::kLineSwatchHeight));
    m_list->setMaximumHeight(200);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (m_syncing)
            return;
        emit aboutToEdit();
        m_selected = row;
        emit selectionChanged(row);
    });
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (m_syncing)
            return;
        const QString id = item->data(Qt::UserRole).toString();
        ScenarioDocument::State next = m_doc->state();
        const bool enable = item->checkState() == Qt::Checked;
        if (enable)
            next.disabled.remove(id);
        else
            next.disabled.insert(id);
        m_doc->edit(next, enable ? tr("Enable %1").arg(id) : tr("Disable %1").arg(id));
    });
    return m_list;
}

void AlgorithmListEditor::setDark(bool dark)
{
    m_dark = dark;
    rebuild();
}

void AlgorithmListEditor::rebuild()
{
    m_syncing = true;
    const Scenario& s = m_doc->scenario();
    m_list->clear();
    std::vector<std::string> families;
    for (const AlgorithmSpec& a : s.algorithms) {
        const AlgorithmInfo* info = catalog::find(a.algorithm);
        families.push_back(info ? info->family : a.algorithm);
    }
    const auto styles = palette::stylesFor(families, m_dark);
    for (std::size_t i = 0; i < s.algorithms.size(); ++i) {
        const AlgorithmSpec& a = s.algorithms[i];
        const QString id = q(a.id);
        auto* item = new QListWidgetItem(palette::lineSwatch(styles[i], m_dark), id, m_list);
        item->setData(Qt::UserRole, id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(m_doc->state().disabled.contains(id) ? Qt::Unchecked : Qt::Checked);
        const AlgorithmInfo* info = catalog::find(a.algorithm);
        item->setToolTip(info ? QStringLiteral("%1: %2").arg(q(a.algorithm), q(info->summary)) : q(a.algorithm));
    }
    if (m_selected >= int(s.algorithms.size()))
        m_selected = int(s.algorithms.size()) - 1;
    if (m_selected < 0 && !s.algorithms.empty())
        m_selected = 0;
    m_list->setCurrentRow(m_selected);
    m_remove->setEnabled(!s.algorithms.empty());
    m_duplicate->setEnabled(!s.algorithms.empty());
    m_syncing = false;
}

void AlgorithmListEditor::select(int index)
{
    m_list->setCurrentRow(index);
}

void AlgorithmListEditor::addAlgorithm(const QString& name)
{
    const AlgorithmInfo* info = catalog::find(name.toStdString());
    if (!info)
        return;
    emit aboutToEdit();
    ScenarioDocument::State next = m_doc->state();
    const AlgorithmSpec spec = catalog::newSpec(next.scenario, *info);
    next.scenario.algorithms.push_back(spec);
    m_selected = int(next.scenario.algorithms.size()) - 1;
    m_doc->edit(next, tr("Add %1").arg(q(spec.id)));
}

void AlgorithmListEditor::duplicateSelected()
{
    const Scenario& s = m_doc->scenario();
    if (m_selected < 0 || m_selected >= int(s.algorithms.size()))
        return;
    emit aboutToEdit();
    ScenarioDocument::State next = m_doc->state();
    next.scenario = scenarioedits::duplicateAlgorithm(next.scenario, m_selected);
    const QString id = q(next.scenario.algorithms[std::size_t(m_selected) + 1].id);
    m_selected += 1;
    m_doc->edit(next, tr("Duplicate as %1").arg(id));
}

void AlgorithmListEditor::removeSelected()
{
    const Scenario& s = m_doc->scenario();
    if (m_selected < 0 || m_selected >= int(s.algorithms.size()))
        return;
    emit aboutToRemove();
    ScenarioDocument::State next = m_doc->state();
    const QString id = q(next.scenario.algorithms[std::size_t(m_selected)].id);
    next.scenario.algorithms.erase(next.scenario.algorithms.begin() + m_selected);
    next.disabled.remove(id);
    m_doc->edit(next, tr("Remove %1").arg(id));
}

}  // namespace ratelab
