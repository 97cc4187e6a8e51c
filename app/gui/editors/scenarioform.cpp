#include "app/gui/editors/scenarioform.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

namespace {

const QString kProblemStyle = QStringLiteral("border: 2px solid #D55E00; border-radius: 3px; padding: 1px;");

QString childPath(const QString& parent, const QString& key)
{
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

QToolButton* smallButton(const QString& text, const QString& accessibleName, QWidget* parent)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setAccessibleName(accessibleName);
    b->setToolTip(accessibleName);
    return b;
}

}  // namespace

ScenarioForm::ScenarioForm(ScenarioDraft* draft, QWidget* parent) : QWidget(parent), m_draft(draft)
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    connect(m_draft->document(), &ScenarioDocument::changed, this, [this] {
        const scenarioedits::ObjectView view = currentView();
        if (view.shapeKey() != m_shape)
            rebuild(view);
        else
            sync(view);
    });
    connect(m_draft, &ScenarioDraft::problemsChanged, this, &ScenarioForm::showProblems);
}

void ScenarioForm::setObjectPath(const QString& path, const QStringList& skip)
{
    m_path = path;
    m_skip = skip;
    rebuild(currentView());
}

QWidget* ScenarioForm::editor(const QString& path) const
{
    if (QWidget* w = m_editors.value(path))
        return w;
    for (const auto& item : m_items)
        if (item)
            if (QWidget* w = item->editor(path))
                return w;
    return nullptr;
}

scenarioedits::ObjectView ScenarioForm::currentView() const
{
    return scenarioedits::viewOf(m_draft->document()->scenario(), m_path, m_skip);
}

void ScenarioForm::rebuild(const scenarioedits::ObjectView& view)
{
    // Later: the button or list that asked for this rebuild is inside the old body.
    if (m_body) {
        m_body->hide();
        m_body->deleteLater();
    }
    m_editors.clear();
    m_items.clear();
    m_body = new QWidget(this);
    auto* body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    body->addLayout(m_form);
    m_layout->addWidget(m_body);

    for (const scenarioedits::Field& f : view.fields) {
        auto* label = new QLabel(f.label, m_body);
        QWidget* field = createEditor(f);
        label->setBuddy(m_editors.value(f.path));
        m_form->addRow(label, field);
    }
    if (!view.addable.isEmpty())
        addOptionalRow(view.addable);
    for (const auto& [list, count] : view.lists)
        addObjectList(list, count);
    m_shape = view.shapeKey();
    showProblems();
}

QWidget* ScenarioForm::createEditor(const scenarioedits::Field& f)
{
    const QString path = f.path;
    QWidget* editor = nullptr;
    if (!f.choices.isEmpty()) {
        auto* combo = new QComboBox(m_body);
        combo->addItems(f.choices);
        combo->setCurrentText(f.value);
        connect(combo, &QComboBox::activated, this, [this, combo, path] {
            if (path.endsWith(QLatin1String(".kind")) && path.startsWith(QLatin1String("traffic["))) {
                emit kindChosen(path, combo->currentText());
                return;
            }
            m_draft->setText(path, combo->currentText());
            m_draft->commitNow();
        });
        editor = combo;
    } else {
        auto* edit = new QLineEdit(f.value, m_body);
        connect(edit, &QLineEdit::textEdited, this, [this, path](const QString& text) { m_draft->setText(path, text); });
        connect(edit, &QLineEdit::editingFinished, m_draft, &ScenarioDraft::commitNow);
        editor = edit;
    }
    editor->setObjectName(QStringLiteral("field:") + path);
    editor->setAccessibleName(f.label);
    editor->setAccessibleDescription(path);
    editor->setToolTip(path);
    m_editors.insert(path, editor);
    const bool browse = f.label == QLatin1String("file");
    if (!f.removable && !browse)
        return editor;
    auto* row = new QWidget(m_body);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(editor, 1);
    if (browse) {
        QToolButton* pick = smallButton(QStringLiteral("…"), tr("Choose the file of %1").arg(path), row);
        connect(pick, &QToolButton::clicked, this, [this, path] {
            const QString file = QFileDialog::getOpenFileName(this, tr("Choose a file"), m_draft->baseDir());
            if (file.isEmpty())
                return;
            m_draft->setText(path, file);
            m_draft->commitNow();  // the document's change puts the file in the field
        });
        h->addWidget(pick);
    }
    if (f.removable) {
        QToolButton* remove = smallButton(QStringLiteral("×"), tr("Remove %1").arg(f.label), row);
        connect(remove, &QToolButton::clicked, this, [this, path] {
            m_draft->apply(scenarioedits::withOptional(m_draft->document()->scenario(), path, false, m_draft->baseDir()),
                           tr("Remove %1").arg(path));
        });
        h->addWidget(remove);
    }
    return row;
}

void ScenarioForm::addOptionalRow(const QStringList& addable)
{
    QToolButton* add = smallButton(tr("Add field"),
                                   tr("Add an optional field of %1").arg(m_path.isEmpty() ? tr("the scenario") : m_path), m_body);
    add->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(add);
    for (const QString& name : addable) {
        const QString path = childPath(m_path, name);
        menu->addAction(name, this, [this, path] {
            m_draft->apply(scenarioedits::withOptional(m_draft->document()->scenario(), path, true, m_draft->baseDir()),
                           tr("Add %1").arg(path));
        });
    }
    add->setMenu(menu);
    m_form->addRow(QString(), add);
}

void ScenarioForm::addObjectList(const QString& name, int count)
{
    const QString listPath = childPath(m_path, name);
    auto* box = new QGroupBox(name, m_body);
    auto* v = new QVBoxLayout(box);
    for (int i = 0; i < count; ++i) {
        const QString itemPath = QStringLiteral("%1[%2]").arg(listPath).arg(i);
        auto* header = new QHBoxLayout;
        header->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(itemPath.section(QLatin1Char('.'), -1)), box), 1);
        QToolButton* remove = smallButton(tr("Remove"), tr("Remove %1").arg(itemPath), box);
        connect(remove, &QToolButton::clicked, this, [this, listPath, i, itemPath] {
            m_draft->apply(scenarioedits::removeItem(m_draft->document()->scenario(), listPath, i, m_draft->baseDir()),
                           tr("Remove %1").arg(itemPath));
        });
        header->addWidget(remove);
        v->addLayout(header);
        auto* item = new ScenarioForm(m_draft, box);
        item->setObjectPath(itemPath);
        v->addWidget(item);
        m_items << item;
    }
    QToolButton* add = smallButton(tr("Add"), tr("Add to %1").arg(listPath), box);
    connect(add, &QToolButton::clicked, this, [this, listPath] {
        m_draft->apply(scenarioedits::appendItem(m_draft->document()->scenario(), listPath, m_draft->baseDir()),
                       tr("Add to %1").arg(listPath));
    });
    v->addWidget(add, 0, Qt::AlignLeft);
    static_cast<QVBoxLayout*>(m_body->layout())->addWidget(box);
}

void ScenarioForm::sync(const scenarioedits::ObjectView& view)
{
    for (const scenarioedits::Field& f : view.fields) {
        QWidget* w = m_editors.value(f.path);
        if (!w || w->hasFocus() || m_draft->pendingText(f.path))
            continue;
        if (auto* edit = qobject_cast<QLineEdit*>(w); edit && edit->text() != f.value)
            edit->setText(f.value);
        else if (auto* combo = qobject_cast<QComboBox*>(w))
            combo->setCurrentText(f.value);
    }
    showProblems();
}

void ScenarioForm::showProblems()
{
    const QMap<QString, QString>& problems = m_draft->problems();
    for (auto it = m_editors.cbegin(); it != m_editors.cend(); ++it) {
        QWidget* w = it.value();
        if (!w)
            continue;
        const QString reason = problems.value(it.key());
        w->setStyleSheet(reason.isEmpty() ? QString() : kProblemStyle);
        w->setToolTip(reason.isEmpty() ? it.key() : QStringLiteral("%1: %2").arg(it.key(), reason));
    }
}

}  // namespace ratelab
