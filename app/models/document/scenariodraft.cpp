#include "app/models/document/scenariodraft.h"

#include <QFileInfo>

namespace ratelab {

ScenarioDraft::ScenarioDraft(ScenarioDocument* document, QObject* parent) : QObject(parent), m_doc(document)
{
    m_commit.setSingleShot(true);
    m_commit.setInterval(kCommitDelayMs);
    connect(&m_commit, &QTimer::timeout, this, &ScenarioDraft::commit);
    // An edit from elsewhere (undo, open, the algorithm editor) replaces what was being typed.
    connect(m_doc, &ScenarioDocument::changed, this, [this] {
        if (m_committing)
            return;
        m_commit.stop();
        m_pending.clear();
        m_judged.reset();
        setProblems({});
    });
}

QString ScenarioDraft::baseDir() const
{
    return m_doc->path().isEmpty() ? QStringLiteral(".") : QFileInfo(m_doc->path()).absolutePath();
}

void ScenarioDraft::setText(const QString& path, const QString& text)
{
    m_pending.insert(path, text);
    scenarioedits::Outcome outcome = scenarioedits::withValues(m_doc->scenario(), m_pending, baseDir());
    m_judged = std::move(outcome.scenario);
    setProblems(outcome.problems);
    if (m_judged)
        m_commit.start();
    else
        m_commit.stop();
}

std::optional<QString> ScenarioDraft::pendingText(const QString& path) const
{
    const auto it = m_pending.constFind(path);
    return it == m_pending.cend() ? std::nullopt : std::optional<QString>(*it);
}

bool ScenarioDraft::apply(const scenarioedits::Outcome& outcome, const QString& undoText)
{
    commitNow();
    if (!outcome.scenario) {
        setProblems(outcome.problems);
        return false;
    }
    ScenarioDocument::State next = m_doc->state();
    next.scenario = *outcome.scenario;
    m_doc->edit(next, undoText);
    return true;
}

void ScenarioDraft::commitNow()
{
    if (m_commit.isActive()) {
        m_commit.stop();
        commit();
    }
}

void ScenarioDraft::commit()
{
    if (!m_judged || m_pending.isEmpty())
        return;
    ScenarioDocument::State next = m_doc->state();
    next.scenario = std::move(*m_judged);
    m_judged.reset();
    const QStringList paths = m_pending.keys();
    QStringList changes;
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it)
        changes << QStringLiteral("%1 = %2").arg(it.key(), it.value());
    m_pending.clear();
    // Typing into one field merges into one undo step; another field starts a new one.
    const int mergeKey = int(qHash(QStringLiteral("draft:") + paths.join(QLatin1Char(','))) & 0x3fffffff);
    m_committing = true;
    m_doc->edit(next, tr("Set %1").arg(changes.join(QStringLiteral(", "))), mergeKey);
    m_committing = false;
}

void ScenarioDraft::setProblems(const QMap<QString, QString>& problems)
{
    if (problems == m_problems)
        return;
    const bool wasValid = m_problems.isEmpty();
    m_problems = problems;
    emit problemsChanged();
    if (wasValid != m_problems.isEmpty())
        emit validityChanged(m_problems.isEmpty());
}

}  // namespace ratelab
