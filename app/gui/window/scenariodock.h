#pragma once
// The Scenario dock (gui-guide.md 2): example scenarios, the algorithms with checkboxes and colour
// swatches, and a parameter editor for the selected one built from the catalog. Parameters
// are typed in the CLI syntax ("10/s", "250ms") and validated as you type by the catalog
// (algorithmcatalog.h): an invalid field gets a red outline and the engine's reason as its
// tooltip, and Run is off while any field is invalid. Valid edits are committed to the document (undoable)
// after a short debounce, which re-runs the scenario in the background. The Traffic and
// Settings tabs edit the rest of the scenario through the ScenarioDraft (scenariodraft.h): the
// loader judges every field, and the problems it finds are listed under the tabs.

#include "app/models/document/scenariodraft.h"

#include <QDockWidget>
#include <QTimer>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QTabWidget;
class QToolButton;

namespace ratelab {

class ScenarioForm;
class TrafficEditor;

class ScenarioDock : public QDockWidget {
    Q_OBJECT
public:
    ScenarioDock(ScenarioDocument* document, ScenarioDraft* draft, QWidget* parent = nullptr);

    bool paramsValid() const { return m_invalid.isEmpty(); }
    void setDark(bool dark);
    // The editor widget of a parameter of the selected algorithm (tests).
    QWidget* paramEditor(const QString& name) const;
    void selectAlgorithm(int index);
    QListWidget* algorithmList() const { return m_list; }
    int selectedAlgorithm() const { return m_selected; }
    QTabWidget* tabs() const { return m_tabs; }
    TrafficEditor* trafficEditor() const { return m_trafficEditor; }
    ScenarioForm* settingsForm() const { return m_settings; }
    ScenarioForm* algorithmForm() const { return m_algorithmForm; }
    QLabel* problemsLabel() const { return m_problems; }
    void duplicateSelected();
    // Commit pending edits now instead of after the debounce (tests).
    void commitNow();

    static constexpr int kDebounceMs = 350;

signals:
    void validityChanged(bool valid);
    void exampleRequested(const QString& name);

private:
    QLayout* createExamplesRow(QWidget* content);
    QLayout* createAlgorithmsHeader(QWidget* content);
    QWidget* createAlgorithmList(QWidget* content);
    QWidget* createParamsBox(QWidget* content);
    QWidget* createSettingsTab();
    void showDraftProblems();
    // Rebuilds the list and editor (structural) or refreshes the values, and the summary.
    void onDocumentChanged(bool structural);
    void rebuildList();
    void rebuildParams();
    void syncParamValues();
    void validate();
    void commit();
    void addAlgorithm(const QString& name);
    void removeSelected();
    ParamValues editedParams() const;
    void setFieldError(const QString& name, const QString& reason);

    ScenarioDocument* m_doc;
    ScenarioDraft* m_draft;
    QTabWidget* m_tabs = nullptr;
    TrafficEditor* m_trafficEditor = nullptr;
    ScenarioForm* m_settings = nullptr;
    ScenarioForm* m_algorithmForm = nullptr;  // the selected algorithm's overrides
    QToolButton* m_cluster = nullptr;
    QLabel* m_problems = nullptr;
    QToolButton* m_duplicate = nullptr;
    bool m_dark = false;
    QComboBox* m_examples = nullptr;
    QLabel* m_description = nullptr;
    QListWidget* m_list = nullptr;
    QToolButton* m_add = nullptr;
    QToolButton* m_remove = nullptr;
    QGroupBox* m_paramsBox = nullptr;
    QFormLayout* m_form = nullptr;
    QLabel* m_algorithmHelp = nullptr;
    QMap<QString, QWidget*> m_fields;
    QSet<QString> m_invalid;
    int m_selected = -1;
    bool m_syncing = false;
    QTimer m_debounce;
};

}  // namespace ratelab
