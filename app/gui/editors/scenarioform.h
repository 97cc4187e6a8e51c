#pragma once
// A form over one object of the scenario being edited ("population", "traffic[1]",
// "cluster.store"): a row per field (a list of names where the field takes one of them), the
// optional fields it can add or remove, and each list of objects it holds ("clocks",
// "outages") as a box per item with Remove and an Add button. Text goes to the ScenarioDraft,
// which judges it with the loader: a field with a problem is outlined and its tooltip gives
// the reason. The form follows the document: undo, redo and other editors update it.

#include "app/models/document/scenariodraft.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

class QFormLayout;
class QVBoxLayout;

namespace ratelab {

class ScenarioForm : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioForm(ScenarioDraft* draft, QWidget* parent = nullptr);

    // The object edited and the field names (of its top level) left to other editors.
    void setObjectPath(const QString& path, const QStringList& skip = {});
    QString objectPath() const { return m_path; }
    // The editor of a field by its full path ("traffic[1].rate"), searching nested item forms too.
    QWidget* editor(const QString& path) const;

signals:
    // A field's kind changed in a way this form cannot apply itself (a traffic source's kind).
    void kindChosen(const QString& path, const QString& kind);

private:
    scenarioedits::ObjectView currentView() const;
    void rebuild(const scenarioedits::ObjectView& view);
    void sync(const scenarioedits::ObjectView& view);
    void showProblems();
    QWidget* createEditor(const scenarioedits::Field& field);
    void addOptionalRow(const QStringList& addable);
    void addObjectList(const QString& name, int count);

    ScenarioDraft* m_draft;
    QString m_path;
    QStringList m_skip;
    QString m_shape;  // the shapeKey of the view the rows were built for
    QVBoxLayout* m_layout;
    QFormLayout* m_form = nullptr;
    QWidget* m_body = nullptr;
    QHash<QString, QPointer<QWidget>> m_editors;  // full path -> editor
    QList<QPointer<ScenarioForm>> m_items;        // nested forms of list items
};

}  // namespace ratelab
