#pragma once
// The Scenario dock (gui-guide.md 2): example scenarios and the scenario's description over
// three tabs. Algorithms: the list of the scenario's algorithms (AlgorithmListEditor,
// algorithms()) over the parameter editor of the selected one (AlgorithmParamsEditor,
// params()), whose invalid fields turn Run off (validityChanged()). Traffic and Settings edit
// the rest of the scenario through the ScenarioDraft (scenariodraft.h): the loader judges every
// field, and the problems it finds are listed under the tabs. A composition of those editors:
// the dock hands the document's changes to them and the list's selection to the parameters; it
// edits nothing itself but the cluster's presence.

#include "app/models/document/scenariodraft.h"

#include <QDockWidget>

class QComboBox;
class QLabel;
class QLayout;
class QTabWidget;
class QToolButton;

namespace ratelab {

class AlgorithmListEditor;
class AlgorithmParamsEditor;
class ScenarioForm;
class TrafficEditor;

class ScenarioDock : public QDockWidget {
    Q_OBJECT
public:
    ScenarioDock(ScenarioDocument* document, ScenarioDraft* draft, QWidget* parent = nullptr);

    bool paramsValid() const;
    void setDark(bool dark);
    AlgorithmListEditor* algorithms() const { return m_algorithms; }
    AlgorithmParamsEditor* params() const { return m_params; }
    QTabWidget* tabs() const { return m_tabs; }
    TrafficEditor* trafficEditor() const { return m_trafficEditor; }
    ScenarioForm* settingsForm() const { return m_settings; }
    QLabel* problemsLabel() const { return m_problems; }

signals:
    void validityChanged(bool valid);
    void exampleRequested(const QString& name);

private:
    QLayout* createExamplesRow(QWidget* content);
    QWidget* createAlgorithmsTab();
    QWidget* createSettingsTab();
    void showDraftProblems();
    // Rebuilds the list and the parameters (structural) or refreshes their values, and the summary.
    void onDocumentChanged(bool structural);

    ScenarioDocument* m_doc;
    ScenarioDraft* m_draft;
    QComboBox* m_examples = nullptr;
    QLabel* m_description = nullptr;
    QTabWidget* m_tabs = nullptr;
    AlgorithmListEditor* m_algorithms = nullptr;
    AlgorithmParamsEditor* m_params = nullptr;
    TrafficEditor* m_trafficEditor = nullptr;
    ScenarioForm* m_settings = nullptr;
    QToolButton* m_cluster = nullptr;
    QLabel* m_problems = nullptr;
};

}  // namespace ratelab
