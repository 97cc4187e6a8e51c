#include "app/models/document/scenariodocument.h"

#include <QUndoCommand>

namespace ratelab {

class DocumentEditCommand : public QUndoCommand {
public:
    DocumentEditCommand(ScenarioDocument* doc, ScenarioDocument::State before, ScenarioDocument::State after, const QString& text,
                        int mergeKey)
        : QUndoCommand(text), m_doc(doc), m_before(std::move(before)), m_after(std::move(after)), m_mergeKey(mergeKey)
    {}
    void undo() override { m_doc->apply(m_before); }
    void redo() override { m_doc->apply(m_after); }
    int id() const override { return m_mergeKey; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = static_cast<const DocumentEditCommand*>(other);
        if (o->m_mergeKey != m_mergeKey || m_mergeKey < 0)
            return false;
        m_after = o->m_after;
        setText(o->text());
        return true;
    }

private:
    ScenarioDocument* m_doc;
    ScenarioDocument::State m_before;
    ScenarioDocument::State m_after;
    int m_mergeKey;
};

ScenarioDocument::ScenarioDocument(QObject* parent) : QObject(parent) {}

void ScenarioDocument::reset(const Scenario& scenario, const QString& path)
{
    m_undo.clear();
    m_state = State{scenario, {}};
    m_path = path;
    emit changed(true);
}

void ScenarioDocument::edit(const State& next, const QString& text, int mergeKey)
{
    m_undo.push(new DocumentEditCommand(this, m_state, followRenames(next), text, mergeKey));
}

// The disabled set names algorithms by id: an algorithm renamed in place (the list as long,
// another id at its index) stays switched off, unless the edit itself switches it.
ScenarioDocument::State ScenarioDocument::followRenames(State next) const
{
    const auto& before = m_state.scenario.algorithms;
    const auto& after = next.scenario.algorithms;
    if (before.size() != after.size() || next.disabled != m_state.disabled)
        return next;
    for (std::size_t i = 0; i < before.size(); ++i) {
        const QString was = QString::fromStdString(before[i].id);
        if (before[i].id != after[i].id && m_state.disabled.contains(was)) {
            next.disabled.remove(was);
            next.disabled.insert(QString::fromStdString(after[i].id));
        }
    }
    return next;
}

void ScenarioDocument::apply(const State& state)
{
    const bool structural =
        state.scenario.algorithms.size() != m_state.scenario.algorithms.size() || state.disabled != m_state.disabled;
    bool idsChanged = structural;
    if (!structural)
        for (std::size_t i = 0; i < state.scenario.algorithms.size(); ++i)
            idsChanged = idsChanged || state.scenario.algorithms[i].id != m_state.scenario.algorithms[i].id;
    m_state = state;
    emit changed(idsChanged);
}

Scenario ScenarioDocument::runnable() const
{
    Scenario s = m_state.scenario;
    std::erase_if(s.algorithms,
                  [this](const AlgorithmSpec& a) { return m_state.disabled.contains(QString::fromStdString(a.id)); });
    return s;
}

void ScenarioDocument::setPath(const QString& path)
{
    m_path = path;
}

}  // namespace ratelab
