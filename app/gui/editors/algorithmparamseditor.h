#pragma once
// The Scenario dock's parameter editor (gui-guide.md 2): the box of one algorithm of the
// scenario, built from the catalog (algorithmcatalog.h) with a field per parameter, typed in
// the CLI syntax ("10/s", "250ms") and validated as you type: an invalid field gets a red
// outline and the engine's reason as its tooltip, and validityChanged() says when any is.
// Valid edits are committed to the document (undoable) after a short debounce. Under the
// fields, what the algorithm overrides of the scenario (a ScenarioForm).

#include "app/models/document/scenariodraft.h"

#include <QGroupBox>
#include <QMap>
#include <QSet>
#include <QTimer>

class QFormLayout;
class QLabel;

namespace ratelab {

class ScenarioForm;
struct ParamSpec;

class AlgorithmParamsEditor : public QGroupBox {
    Q_OBJECT
public:
    AlgorithmParamsEditor(ScenarioDocument* document, ScenarioDraft* draft, QWidget* parent = nullptr);

    // The fields of the scenario's algorithm `index`, built anew (none: a hint to add one).
    void edit(int index);
    // The fields' values again from the document (undo, redo), the fields kept.
    void syncValues();
    // Commits pending edits now instead of after the debounce; or drops them.
    void commitNow();
    void discardPending() { m_debounce.stop(); }
    bool isValid() const { return m_invalid.isEmpty(); }
    // The field of a parameter by its name (tests).
    QWidget* editor(const QString& name) const { return m_fields.value(name); }
    // The algorithm's overrides of the scenario (its keys, placement, clients, store, failure policy).
    ScenarioForm* overridesForm() const { return m_overrides; }

    static constexpr int kDebounceMs = 350;

signals:
    void validityChanged(bool valid);

private:
    QWidget* createField(const ParamSpec& param, const QString& value);
    void validate();
    void commit();
    ParamValues editedParams() const;
    void setFieldError(const QString& name, const QString& reason);

    ScenarioDocument* m_doc;
    int m_index = -1;  // the algorithm edited
    QFormLayout* m_form = nullptr;
    QLabel* m_help = nullptr;
    ScenarioForm* m_overrides = nullptr;
    QMap<QString, QWidget*> m_fields;
    QSet<QString> m_invalid;
    bool m_syncing = false;
    QTimer m_debounce;
};

}  // namespace ratelab
