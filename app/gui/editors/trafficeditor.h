#pragma once
// The scenario dock's Traffic tab: the traffic sources (added from a menu of kinds, removed,
// each edited in a form where its kind can change), a preview of the load they offer, and the
// client population they draw from.

#include "app/models/document/scenariodraft.h"

#include <QWidget>

class QListWidget;
class QToolButton;

namespace ratelab {

class OfferedSparkline;
class ScenarioForm;

class TrafficEditor : public QWidget {
    Q_OBJECT
public:
    explicit TrafficEditor(ScenarioDraft* draft, QWidget* parent = nullptr);

    QListWidget* sourceList() const { return m_list; }
    ScenarioForm* sourceForm() const { return m_source; }
    ScenarioForm* populationForm() const { return m_population; }
    OfferedSparkline* preview() const { return m_preview; }
    void selectSource(int index);
    void addSource(const QString& kind);
    void removeSelected();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuildList();
    void refreshPreview();
    void showSelected();
    QString chooseFile(const QString& kind);  // empty when the user cancels

    ScenarioDraft* m_draft;
    QListWidget* m_list;
    QToolButton* m_remove;
    ScenarioForm* m_source;
    ScenarioForm* m_population;
    OfferedSparkline* m_preview;
    int m_selected = 0;
    bool m_previewStale = true;  // the document changed while the tab was out of sight
};

}  // namespace ratelab
