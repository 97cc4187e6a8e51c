#include "app/gui/window/scenariodock.h"

#include "app/models/algorithmcatalog.h"
#include "app/models/formatting.h"
#include "app/models/palette.h"
#include "app/models/scenariofiles.h"

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
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// "connections: 12 from 0.000 s, each 1 min 00 s, 5/s steady"; "connections: 0.05/s, each ~20 s, 1/s poisson".
QString connectionsSummary(const ConnectionSpec& c)
{
    static const char* const patterns[] = {"steady", "poisson", "bursty"};
    const QString opens =
        c.openRate ? q(c.openRate->text) : QStringLiteral("%1 from %2").arg(c.count).arg(fmt::seconds(double(c.at)));
    QString lifetime = fmt::duration(c.lifetimeUs);
    if (c.lifetime == LifetimeKind::Exponential)
        lifetime.prepend(QLatin1Char('~'));
    else if (c.lifetime == LifetimeKind::Uniform)
        lifetime += QStringLiteral("-%1").arg(fmt::duration(c.lifetimeMaxUs));
    return QStringLiteral("connections: %1, each %2, %3 %4")
        .arg(opens, lifetime, q(c.messageRate.text), QString::fromLatin1(patterns[int(c.pattern)]));
}

QString sourceSummary(const SourceSpec& s)
{
    static const char* const kinds[] = {"constant",    "poisson",         "on/off", "diurnal",
                                        "flash crowd", "boundary attack", "trace",  "log"};
    if (s.kind == SourceKind::Connections)
        return connectionsSummary(s.connections);
    QString text = QString::fromLatin1(kinds[int(s.kind)]);
    if (s.kind == SourceKind::Trace || s.kind == SourceKind::Log)
        return text + QLatin1Char(' ') + QFileInfo(q(s.file)).fileName();
    if (s.kind == SourceKind::BoundaryAttack)
        return text + QStringLiteral(" %1 each side of %2 windows").arg(s.count).arg(fmt::duration(s.window));
    if (!s.rate.text.empty())
        text += QLatin1Char(' ') + q(s.rate.text);
    if (s.peak)
        text += QStringLiteral(" (peak %1)").arg(q(s.peak->text));
    return text;
}

}  // namespace

ScenarioDock::ScenarioDock(ScenarioDocument* document, QWidget* parent) : QDockWidget(tr("Scenario"), parent), m_doc(document)
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

    layout->addLayout(createAlgorithmsHeader(content));
    layout->addWidget(createAlgorithmList(content));
    layout->addWidget(createParamsBox(content));

    m_traffic = new QLabel(content);
    m_traffic->setWordWrap(true);
    m_traffic->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_traffic);
    layout->addStretch(1);

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
    algoHeader->addWidget(m_add);
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
    QStringList traffic;
    for (const SourceSpec& src : s.traffic)
        traffic << sourceSummary(src);
    // Recorded keys come from the trace or log: the synthetic population plays no part.
    const QString keys = s.keys == KeyStrategy::Recorded
        ? QString::fromLatin1(keyStrategyName(s.keys))
        : tr("%1, %2").arg(QString::fromLatin1(keyStrategyName(s.keys)), fmt::count(s.population.clients, "client"));
    m_traffic->setText(tr("<b>Traffic</b><br>%1<br>keys: %2, %3")
                           .arg(traffic.join(QStringLiteral("<br>"))
                                    .toHtmlEscaped()
                                    .replace(QStringLiteral("&lt;br&gt;"), QStringLiteral("<br>")),
                                keys, fmt::duration(s.duration)));
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
        m_paramsBox->setTitle(tr("Parameters"));
        m_algorithmHelp->setText(tr("Add an algorithm to compare."));
        if (!wasValid)
            emit validityChanged(true);
        return;
    }
    const AlgorithmSpec& spec = s.algorithms[std::size_t(m_selected)];
    const AlgorithmInfo* info = catalog::find(spec.algorithm);
    m_paramsBox->setTitle(tr("Parameters of %1").arg(q(spec.id)));
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
