#pragma once
// The scenario being edited: the Scenario itself, the algorithms switched off in the dock
// (kept in the document, left out of runs), the file it came from, and an undo stack of
// edits. Every edit is a whole-document snapshot (a Scenario is small), so undo is exact.

#include "engine/scenario/scenario.h"

#include <QObject>
#include <QSet>
#include <QUndoStack>

namespace ratelab {

class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    struct State {
        Scenario scenario;
        QSet<QString> disabled;  // algorithm ids left out of runs
    };

    explicit ScenarioDocument(QObject* parent = nullptr);

    // A new document (open, example): clears the undo stack.
    void reset(const Scenario& scenario, const QString& path);
    // An undoable edit. Consecutive edits with the same mergeKey (>= 0) merge into one step
    // (typing "100" into one field is one undo step). A switched-off algorithm renamed by the
    // edit stays switched off.
    void edit(const State& next, const QString& text, int mergeKey = -1);

    const State& state() const { return m_state; }
    const Scenario& scenario() const { return m_state.scenario; }
    // The scenario without the disabled algorithms: what runs.
    Scenario runnable() const;
    QString path() const { return m_path; }
    void setPath(const QString& path);
    QUndoStack* undoStack() { return &m_undo; }

signals:
    // `structural`: algorithms added, removed or the document replaced (the dock rebuilds).
    void changed(bool structural);

private:
    friend class DocumentEditCommand;
    State followRenames(State next) const;
    void apply(const State& state);

    State m_state;
    QString m_path;
    QUndoStack m_undo;
};

}  // namespace ratelab
