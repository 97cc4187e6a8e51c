#include "app/gui/editors/algorithmparamseditor.h"

#include "app/gui/editors/scenarioform.h"
#include "app/models/document/algorithmcatalog.h"
#include "app/models/text/fromstd.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace ratelab {

AlgorithmParamsEditor::AlgorithmParamsEditor(ScenarioDocument* document, ScenarioDraft* draft, QWidget* parent)
    : QGroupBox(tr("Parameters"), parent), m_doc(document)
{
    auto* boxLayout = new QVBoxLayout(this);
    m_help = new QLabel(this);
    m_help->setWordWrap(true);
    boxLayout->addWidget(m_help);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    boxLayout->addLayout(m_form);
    // What the algorithm overrides of the scenario (its keys, placement, clients, store, failure
    // policy), each added with "Add field" and judged by the loader like the other tabs.
    m_overrides = new ScenarioForm(draft, this);
    boxLayout->addWidget(m_overrides);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &AlgorithmParamsEditor::commit);
}

void AlgorithmParamsEditor::edit(int index)
{
    m_index = index;
    m_debounce.stop();
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_fields.clear();
    const bool wasValid = m_invalid.isEmpty();
    m_invalid.clear();
    const Scenario& s = m_doc->scenario();
    if (m_index < 0 || m_index >= int(s.algorithms.size())) {
        m_overrides->setObjectPath(QStringLiteral("algorithms[%1]").arg(s.algorithms.size()));  // none: empty
        setTitle(tr("Parameters"));
        m_help->setText(tr("Add an algorithm to compare."));
        if (!wasValid)
            emit validityChanged(true);
        return;
    }
    const AlgorithmSpec& spec = s.algorithms[std::size_t(m_index)];
    const AlgorithmInfo* info = catalog::find(spec.algorithm);
    setTitle(tr("Parameters of %1").arg(q(spec.id)));
    // Its id too (the loader keeps ids unique); a rename rebuilds the list, not this form, so
    // the field being typed into stays.
    if (const QString path = QStringLiteral("algorithms[%1]").arg(m_index); m_overrides->objectPath() != path)
        m_overrides->setObjectPath(path, {QStringLiteral("algorithm"), QStringLiteral("params")});
    if (!info) {
        m_help->setText(tr("Unknown algorithm %1").arg(q(spec.algorithm)));
        return;
    }
    m_help->setText(QStringLiteral("<i>%1</i>%2")
                        .arg(q(info->summary).toHtmlEscaped(),
                             info->preset ? tr("<br>Reproduces: %1").arg(q(info->reference).toHtmlEscaped()) : QString()));
    m_help->setToolTip(q(info->reference));
    for (const ParamSpec& p : info->params) {
        const auto it = spec.params.find(p.name);
        const QString value = it != spec.params.end() ? q(it->second) : q(p.defaultValue);
        QWidget* field = createField(p, value);
        auto* label = new QLabel(q(p.name), this);
        label->setToolTip(q(p.help));
        m_form->addRow(label, field);
        m_fields.insert(q(p.name), field);
    }
    if (!wasValid)
        emit validityChanged(true);
}

// A list of the choices (false and true for a boolean), else a line edit in the CLI syntax.
QWidget* AlgorithmParamsEditor::createField(const ParamSpec& p, const QString& value)
{
    QWidget* field = nullptr;
    if (p.kind == ParamKind::Choice || p.kind == ParamKind::Boolean) {
        auto* combo = new QComboBox(this);
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
        auto* edit = new QLineEdit(value, this);
        edit->setPlaceholderText(p.defaultValue.empty() ? tr("required") : q(p.defaultValue));
        connect(edit, &QLineEdit::textEdited, this, [this] { validate(); });
        connect(edit, &QLineEdit::editingFinished, this, [this] {
            if (m_debounce.isActive())
                commitNow();
        });
        field = edit;
    }
    field->setObjectName(QStringLiteral("param_") + q(p.name));
    field->setToolTip(q(p.help));
    field->setProperty("help", q(p.help));
    return field;
}

void AlgorithmParamsEditor::syncValues()
{
    const Scenario& s = m_doc->scenario();
    if (m_index < 0 || m_index >= int(s.algorithms.size()))
        return;
    const AlgorithmSpec& spec = s.algorithms[std::size_t(m_index)];
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

ParamValues AlgorithmParamsEditor::editedParams() const
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

void AlgorithmParamsEditor::setFieldError(const QString& name, const QString& reason)
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

void AlgorithmParamsEditor::validate()
{
    const Scenario& s = m_doc->scenario();
    if (m_index < 0 || m_index >= int(s.algorithms.size()))
        return;
    const bool wasValid = m_invalid.isEmpty();
    for (const QString& name : std::as_const(m_invalid))
        setFieldError(name, QString());
    m_invalid.clear();
    const AlgorithmSpec& spec = s.algorithms[std::size_t(m_index)];
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

void AlgorithmParamsEditor::commitNow()
{
    if (m_debounce.isActive()) {
        m_debounce.stop();
        commit();
    }
}

void AlgorithmParamsEditor::commit()
{
    const Scenario& s = m_doc->scenario();
    if (!m_invalid.isEmpty() || m_index < 0 || m_index >= int(s.algorithms.size()))
        return;
    ScenarioDocument::State next = m_doc->state();
    AlgorithmSpec& spec = next.scenario.algorithms[std::size_t(m_index)];
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

}  // namespace ratelab
