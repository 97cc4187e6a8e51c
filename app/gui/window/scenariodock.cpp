#include "app/gui/window/scenariodock.h"

#include "app/gui/editors/scenarioform.h"
#include "app/gui/editors/trafficeditor.h"
#include "app/models/document/algorithmcatalog.h"
#include "app/models/document/scenariofiles.h"
#include "app/models/style/palette.h"
#include "app/models/text/formatting.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

}  // namespace

ScenarioDock::ScenarioDock(ScenarioDocument* document, ScenarioDraft* draft, QWidget* parent)
    : QDockWidget(tr("Scenario"), parent), m_doc(document), m_draft(draft)
{
    setObjectName(QStringLiteral("scenarioDock"));
    setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(6);

    layout->addLayout(createExamplesRow(content));
    m_description = new QLabel(content);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_description);

    m_tabs = new QTabWidget(content);
    m_tabs->setDocumentMode(true);
    auto* algorithms = new QWidget(m_tabs);
    auto* algorithmsLayout = new QVBoxLayout(algorithms);
    algorithmsLayout->setContentsMargins(0, 6, 0, 0);
    algorithmsLayout->addLayout(createAlgorithmsHeader(algorithms));
    algorithmsLayout->addWidget(createAlgorithmList(algorithms));
    algorithmsLayout->addWidget(createParamsBox(algorithms));
    algorithmsLayout->addStretch(1);
    m_tabs->addTab(algorithms, tr("Algorithms"));
    m_trafficEditor = new TrafficEditor(m_draft, m_tabs);
    m_tabs->addTab(m_trafficEditor, tr("Traffic"));
    m_tabs->addTab(createSettingsTab(), tr("Settings"));
    layout->addWidget(m_tabs);

    m_problems = new QLabel(content);
    m_problems->setObjectName(QStringLiteral("draftProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setStyleSheet(QStringLiteral("color: #D55E00;"));
    m_problems->hide();
    layout->addWidget(m_problems);
    layout->addStretch(1);
    connect(m_draft, &ScenarioDraft::problemsChanged, this, &ScenarioDock::showDraftProblems);

    auto* scroll = new QScrollArea(this);
    scroll->setAccessibleName(tr("Scenario"));
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    setWidget(scroll);
    setMinimumWidth(300);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &ScenarioDock::commit);

    connect(m_doc, &ScenarioDocument::changed, this, &ScenarioDock::onDocumentChanged);
}

QLayout* ScenarioDock::createExamplesRow(QWidget* content)
{
    auto* exampleRow = new QHBoxLayout;
    exampleRow->addWidget(new QLabel(tr("Example:"), content));
    m_examples = new QComboBox(content);
    m_examples->setToolTip(tr("The scenarios shipped with RateLab, each staging one surprise"));
    m_examples->addItem(tr("(choose…)"));
    m_examples->addItems(scenariofiles::exampleNames());
    exampleRow->addWidget(m_examples, 1);
    connect(m_examples, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            emit exampleRequested(m_examples->itemText(index));
        m_examples->setCurrentIndex(0);
    });
    return exampleRow;
}

// "Algorithms", then Add (a menu of the catalog, presets in a submenu) and Remove.
QLayout* ScenarioDock::createAlgorithmsHeader(QWidget* content)
{
    auto* algoHeader = new QHBoxLayout;
    auto* algoLabel = new QLabel(tr("<b>Algorithms</b>"), content);
    algoHeader->addWidget(algoLabel, 1);
    m_add = new QToolButton(content);
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
    m_remove = new QToolButton(content);
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Remove the selected algorithm"));
    connect(m_remove, &QToolButton::clicked, this, &ScenarioDock::removeSelected);
    m_duplicate = new QToolButton(content);
    m_duplicate->setText(tr("Duplicate"));
    m_duplicate->setToolTip(tr("Copy the selected algorithm, to compare two settings of it"));
    connect(m_duplicate, &QToolButton::clicked, this, &ScenarioDock::duplicateSelected);
    algoHeader->addWidget(m_add);
    algoHeader->addWidget(m_duplicate);
    algoHeader->addWidget(m_remove);
    return algoHeader;
}

QWidget* ScenarioDock::createAlgorithmList(QWidget* content)
{
    m_list = new QListWidget(content);
    m_list->setAccessibleName(tr("Algorithms"));
    m_list->setToolTip(tr("Checked algorithms run; select one to edit its parameters"));
    m_list->setMinimumHeight(120);
    // Wide enough for a whole period of any dash pattern: two of one family differ by it.
    m_list->setIconSize(QSize(palette::kLineSwatchWidth, palette::kLineSwatchHeight));
    m_list->setMaximumHeight(200);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (m_syncing)
            return;
        commitNow();
        m_selected = row;
        rebuildParams();
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

QWidget* ScenarioDock::createParamsBox(QWidget* content)
{
    m_paramsBox = new QGroupBox(tr("Parameters"), content);
    auto* boxLayout = new QVBoxLayout(m_paramsBox);
    m_algorithmHelp = new QLabel(m_paramsBox);
    m_algorithmHelp->setWordWrap(true);
    boxLayout->addWidget(m_algorithmHelp);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    boxLayout->addLayout(m_form);
    // What the algorithm overrides of the scenario (its keys, placement, clients, store, failure
    // policy), each added with "Add field" and judged by the loader like the other tabs.
    m_algorithmForm = new ScenarioForm(m_draft, m_paramsBox);
    boxLayout->addWidget(m_algorithmForm);
    return m_paramsBox;
}

void ScenarioDock::onDocumentChanged(bool structural)
{
    if (structural) {
        rebuildList();
        rebuildParams();
    } else {
        syncParamValues();
    }
    const Scenario& s = m_doc->scenario();
    m_description->setText(s.description.empty() ? QString() : q(s.description));
    m_description->setVisible(!s.description.empty());
    m_cluster->setText(s.cluster ? tr("Remove the cluster") : tr("Add a cluster"));
}

// Everything but the algorithms, the traffic and the cluster: name, seed, duration, keys,
// clients' retries, metrics, endpoints, a backend model.
QWidget* ScenarioDock::createSettingsTab()
{
    auto* tab = new QWidget(m_tabs);
    auto* v = new QVBoxLayout(tab);
    v->setContentsMargins(0, 6, 0, 0);
    m_settings = new ScenarioForm(m_draft, tab);
    m_settings->setObjectPath(QString(),
                              {QStringLiteral("schema"), QStringLiteral("algorithms"), QStringLiteral("traffic"),
                               QStringLiteral("population"), QStringLiteral("cluster")});
    v->addWidget(m_settings);
    auto* clusterRow = new QHBoxLayout;
    auto* clusterNote = new QLabel(tr("The cluster is edited on the Cluster view's topology."), tab);
    clusterNote->setWordWrap(true);
    clusterRow->addWidget(clusterNote, 1);
    m_cluster = new QToolButton(tab);
    m_cluster->setToolTip(tr("Run the scenario on several instances sharing a store, or on one"));
    connect(m_cluster, &QToolButton::clicked, this, [this] {
        const bool add = !m_doc->scenario().cluster;
        m_draft->apply(scenarioedits::withCluster(m_doc->scenario(), add, m_draft->baseDir()),
                       add ? tr("Add a cluster") : tr("Remove the cluster"));
    });
    clusterRow->addWidget(m_cluster);
    v->addLayout(clusterRow);
    v->addStretch(1);
    return tab;
}

void ScenarioDock::showDraftProblems()
{
    QStringList lines;
    const QMap<QString, QString>& problems = m_draft->problems();
    for (auto it = problems.cbegin(); it != problems.cend(); ++it)
        lines << QStringLiteral("%1: %2").arg(it.key().isEmpty() ? tr("scenario") : it.key(), it.value()).toHtmlEscaped();
    m_problems->setText(lines.isEmpty() ? QString()
                                        : tr("<b>Not valid, not run:</b><br>%1").arg(lines.join(QStringLiteral("<br>"))));
    m_problems->setVisible(!lines.isEmpty());
}

void ScenarioDock::setDark(bool dark)
{
    m_dark = dark;
    rebuildList();
}

void ScenarioDock::rebuildList()
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

void ScenarioDock::selectAlgorithm(int index)
{
    m_list->setCurrentRow(index);
}

QWidget* ScenarioDock::paramEditor(const QString& name) const
{
    return m_fields.value(name);
}

void ScenarioDock::rebuildParams()
{
    m_debounce.stop();
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_fields.clear();
    const bool wasValid = m_invalid.isEmpty();
    m_invalid.clear();
    const Scenario& s = m_doc->scenario();
    if (m_selected < 0 || m_selected >= int(s.algorithms.size())) {
        m_algorithmForm->setObjectPath(QStringLiteral("algorithms[%1]").arg(s.algorithms.size()));  // none: empty
        m_paramsBox->setTitle(tr("Parameters"));
        m_algorithmHelp->setText(tr("Add an algorithm to compare."));
        if (!wasValid)
            emit validityChanged(true);
        return;
    }
    const AlgorithmSpec& spec = s.algorithms[std::size_t(m_selected)];
    const AlgorithmInfo* info = catalog::find(spec.algorithm);
    m_paramsBox->setTitle(tr("Parameters of %1").arg(q(spec.id)));
    // Its id too (the loader keeps ids unique); a rename rebuilds the list, not this form, so
    // the field being typed into stays.
    if (const QString path = QStringLiteral("algorithms[%1]").arg(m_selected); m_algorithmForm->objectPath() != path)
        m_algorithmForm->setObjectPath(path, {QStringLiteral("algorithm"), QStringLiteral("params")});
    if (!info) {
        m_algorithmHelp->setText(tr("Unknown algorithm %1").arg(q(spec.algorithm)));
        return;
    }
    m_algorithmHelp->setText(
        QStringLiteral("<i>%1</i>%2")
            .arg(q(info->summary).toHtmlEscaped(),
                 info->preset ? tr("<br>Reproduces: %1").arg(q(info->reference).toHtmlEscaped()) : QString()));
    m_algorithmHelp->setToolTip(q(info->reference));
    for (const ParamSpec& p : info->params) {
        const QString name = q(p.name);
        const auto it = spec.params.find(p.name);
        const QString value = it != spec.params.end() ? q(it->second) : q(p.defaultValue);
        QWidget* field = nullptr;
        if (p.kind == ParamKind::Choice || p.kind == ParamKind::Boolean) {
            auto* combo = new QComboBox(m_paramsBox);
            const std::vector<std::string> choices =
                p.kind == ParamKind::Boolean ? std::vector<std::string>{"false", "true"} : p.choices;
            for (const std::string& c : choices)
                combo->addItem(q(c));
            combo->setCurrentText(value);
            connect(combo, &QComboBox::currentTextChanged, this, [this] {
                if (!m_syncing)
                    validate();
            });
            field = combo;
        } else {
            auto* edit = new QLineEdit(value, m_paramsBox);
            edit->setPlaceholderText(p.defaultValue.empty() ? tr("required") : q(p.defaultValue));
            connect(edit, &QLineEdit::textEdited, this, [this] { validate(); });
            connect(edit, &QLineEdit::editingFinished, this, [this] {
                if (m_debounce.isActive())
                    commitNow();
            });
            field = edit;
        }
        field->setObjectName(QStringLiteral("param_") + name);
        field->setToolTip(q(p.help));
        field->setProperty("help", q(p.help));
        auto* label = new QLabel(name, m_paramsBox);
        label->setToolTip(q(p.help));
        m_form->addRow(label, field);
        m_fields.insert(name, field);
    }
    if (!wasValid)
        emit validityChanged(true);
}

void ScenarioDock::syncParamValues()
{
    const Scenario& s = m_doc->scenario();
    if (m_selected < 0 || m_selected >= int(s.algorithms.size()))
        return;
    const AlgorithmSpec& spec = s.algorithms[std::size_t(m_selected)];
    const AlgorithmInfo* info = catalog::find(spec.algorithm);
    if (!info)
        return;
    m_syncing = true;
    for (const ParamSpec& p : info->params) {
        const auto it = spec.params.find(p.name);
        const QString value = it != spec.params.end() ? q(it->second) : q(p.defaultValue);
        QWidget* field = m_fields.value(q(p.name));
        if (auto* edit = qobject_cast<QLineEdit*>(field); edit && edit->text() != value)
            edit->setText(value);
        else if (auto* combo = qobject_cast<QComboBox*>(field); combo && combo->currentText() != value)
            combo->setCurrentText(value);
    }
    m_syncing = false;
    validate();
    m_debounce.stop();
}

ParamValues ScenarioDock::editedParams() const
{
    ParamValues values;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        QString text;
        if (auto* edit = qobject_cast<QLineEdit*>(it.value()))
            text = edit->text().trimmed();
        else if (auto* combo = qobject_cast<QComboBox*>(it.value()))
            text = combo->currentText();
        if (!text.isEmpty())
            values[it.key().toStdString()] = text.toStdString();
    }
    return values;
}

void ScenarioDock::setFieldError(const QString& name, const QString& reason)
{
    QWidget* field = m_fields.value(name);
    if (!field)
        return;
    if (reason.isEmpty()) {
        field->setStyleSheet(QString());
        field->setToolTip(field->property("help").toString());
    } else {
        field->setStyleSheet(QStringLiteral("border: 2px solid #D55E00; border-radius: 3px; padding: 1px;"));
        field->setToolTip(QStringLiteral("%1\n\n%2").arg(reason, field->property("help").toString()));
    }
}

void ScenarioDock::validate()
{
    const Scenario& s = m_doc->scenario();
    if (m_selected < 0 || m_selected >= int(s.algorithms.size()))
        return;
    const bool wasValid = m_invalid.isEmpty();
    for (const QString& name : std::as_const(m_invalid))
        setFieldError(name, QString());
    m_invalid.clear();
    const AlgorithmSpec& spec = s.algorithms[std::size_t(m_selected)];
    if (const auto problem = catalog::checkParams(spec.algorithm, editedParams())) {
        QString field = problem->field;
        if (!m_fields.contains(field))
            field = m_fields.isEmpty() ? QString() : m_fields.firstKey();
        if (!field.isEmpty()) {
            m_invalid.insert(field);
            setFieldError(field, problem->reason);
        }
    }
    if (wasValid != m_invalid.isEmpty())
        emit validityChanged(m_invalid.isEmpty());
    if (m_invalid.isEmpty() && !m_syncing)
        m_debounce.start();
    else
        m_debounce.stop();
}

void ScenarioDock::commitNow()
{
    if (m_debounce.isActive()) {
        m_debounce.stop();
        commit();
    }
}

void ScenarioDock::commit()
{
    const Scenario& s = m_doc->scenario();
    if (!m_invalid.isEmpty() || m_selected < 0 || m_selected >= int(s.algorithms.size()))
        return;
    ScenarioDocument::State next = m_doc->state();
    AlgorithmSpec& spec = next.scenario.algorithms[std::size_t(m_selected)];
    const ParamValues edited = editedParams();
    // Keep the user's explicit values only: a field left at its default is not written.
    ParamValues params;
    const AlgorithmInfo* info = catalog::find(spec.algorithm);
    QStringList changes;
    for (const auto& [k, v] : edited) {
        const ParamSpec* p = nullptr;
        if (info)
            for (const ParamSpec& ps : info->params)
                if (ps.name == k)
                    p = &ps;
        if (p && v == p->defaultValue && !spec.params.count(k))
            continue;
        params[k] = v;
        const auto old = spec.params.find(k);
        if (old == spec.params.end() || old->second != v)
            changes << QStringLiteral("%1=%2").arg(q(k), q(v));
    }
    if (params == spec.params)
        return;
    spec.params = params;
    const int mergeKey =
        int(qHash(q(spec.id) + QLatin1Char('/') + changes.join(QLatin1Char(',')).section(QLatin1Char('='), 0, 0)) & 0x3fffffff);
    m_doc->edit(next, tr("Set %1 of %2").arg(changes.join(QStringLiteral(", ")), q(spec.id)), mergeKey);
}

void ScenarioDock::addAlgorithm(const QString& name)
{
    const AlgorithmInfo* info = catalog::find(name.toStdString());
    if (!info)
        return;
    commitNow();
    ScenarioDocument::State next = m_doc->state();
    const AlgorithmSpec spec = catalog::newSpec(next.scenario, *info);
    next.scenario.algorithms.push_back(spec);
    m_selected = int(next.scenario.algorithms.size()) - 1;
    m_doc->edit(next, tr("Add %1").arg(q(spec.id)));
}

void ScenarioDock::duplicateSelected()
{
    const Scenario& s = m_doc->scenario();
    if (m_selected < 0 || m_selected >= int(s.algorithms.size()))
        return;
    commitNow();
    ScenarioDocument::State next = m_doc->state();
    next.scenario = scenarioedits::duplicateAlgorithm(next.scenario, m_selected);
    const QString id = q(next.scenario.algorithms[std::size_t(m_selected) + 1].id);
    m_selected += 1;
    m_doc->edit(next, tr("Duplicate as %1").arg(id));
}

void ScenarioDock::removeSelected()
{
    const Scenario& s = m_doc->scenario();
    if (m_selected < 0 || m_selected >= int(s.algorithms.size()))
        return;
    m_debounce.stop();
    ScenarioDocument::State next = m_doc->state();
    const QString id = q(next.scenario.algorithms[std::size_t(m_selected)].id);
    next.scenario.algorithms.erase(next.scenario.algorithms.begin() + m_selected);
    next.disabled.remove(id);
    m_doc->edit(next, tr("Remove %1").arg(id));
}

}  // namespace ratelab
