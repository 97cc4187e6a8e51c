#pragma once
// The scenario as the user is typing it: the document's scenario with the fields being edited,
// judged by the loader at every keystroke (scenarioedits.h). Valid text is committed to the
// document after a pause, one undo step per field however many keys it took; invalid text
// stays here, with the loader's problems by JSON path, and the document keeps its last valid
// scenario (so Run stays disabled until the text is fixed or undone).

#include "app/models/document/scenariodocument.h"
#include "app/models/document/scenarioedits.h"

#include <QMap>
#include <QObject>
#include <QTimer>

namespace ratelab {

class ScenarioDraft : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDraft(ScenarioDocument* document, QObject* parent = nullptr);

    ScenarioDocument* document() const { return m_doc; }
    // A field's new text, judged now and committed after kCommitDelayMs when the whole draft is valid.
    void setText(const QString& path, const QString& text);
    // The text of a field being edited, or none when it shows the document's value.
    std::optional<QString> pendingText(const QString& path) const;
    // A structural edit (an item added, a kind changed): committed when it loads, otherwise its
    // problems are shown and the document is left as it was. Pending text is committed first.
    bool apply(const scenarioedits::Outcome& outcome, const QString& undoText);
    // Commits pending valid text without waiting.
    void commitNow();

    const QMap<QString, QString>& problems() const { return m_problems; }
    bool valid() const { return m_problems.isEmpty(); }
    // The directory relative files resolve against: the document's, else the working directory.
    QString baseDir() const;

    static constexpr int kCommitDelayMs = 400;

signals:
    void problemsChanged();
    void validityChanged(bool valid);

private:
    void setProblems(const QMap<QString, QString>& problems);
    void commit();

    ScenarioDocument* m_doc;
    QMap<QString, QString> m_pending;  // path -> typed text
    QMap<QString, QString> m_problems;
    std::optional<Scenario> m_judged;  // the pending text's scenario, when it loaded
    QTimer m_commit;
    bool m_committing = false;
};

}  // namespace ratelab
