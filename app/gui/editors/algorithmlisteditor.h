#pragma once
// The Scenario dock's algorithms (gui-guide.md 2): "Algorithms" with Add (a menu of the
// catalog, presets in a submenu), Duplicate and Remove, over the scenario's algorithms, each
// with a checkbox (checked ones run) and the colour swatch of its lines. Selecting one edits
// its parameters (the dock's AlgorithmParamsEditor, which the signals drive: pending edits are
// committed before the selection or the list changes, dropped before a removal).

#include "app/models/document/scenariodocument.h"

#include <QWidget>

class QLayout;
class QListWidget;
class QToolButton;

namespace ratelab {

class AlgorithmListEditor : public QWidget {
    Q_OBJECT
public:
    explicit AlgorithmListEditor(ScenarioDocument* document, QWidget* parent = nullptr);

    // The list again from the document (its swatches in the theme), the selection kept where
    // it can be (without selectionChanged(): the caller edits the selected one's parameters).
    void rebuild();
    void setDark(bool dark);
    void select(int index);
    int selected() const { return m_selected; }
    QListWidget* list() const { return m_list; }
    void duplicateSelected();

signals:
    void aboutToEdit();    // the selection or the document is about to change: commit pending edits
    void aboutToRemove();  // the selected algorithm is about to go: drop them
    void selectionChanged(int index);

private:
    QLayout* createHeader();
    QWidget* createList();
    void addAlgorithm(const QString& name);
    void removeSelected();

    ScenarioDocument* m_doc;
    QToolButton* m_add = nullptr;
    QToolButton* m_remove = nullptr;
    QToolButton* m_duplicate = nullptr;
    QListWidget* m_list = nullptr;
    int m_selected = -1;
    bool m_dark = false;
    bool m_syncing = false;
};

}  // namespace ratelab
