#pragma once
// The Choose guide's model: the decision tree (engine/choose/choicetree.h) asked one question
// at a time, each answered branch's evidence measured off the GUI thread by running its
// shipped scenario on a JobRunner (one scenario at a time, in path order), and at the end
// the recommendation and its export. No widgets: app/gui/dialogs/choosedialog.h shows it.
//
// Thread safety: call everything from the thread that owns the guide (the GUI thread).

#include "app/models/jobs/jobrunner.h"
#include "engine/choose/evidence.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <functional>
#include <map>

namespace ratelab {

class ChooseGuide : public QObject {
    Q_OBJECT
public:
    struct StepText {
        QString question;
        QString answer;
        QString scenario;  // the evidence's embedded scenario; empty when the branch has none
        QString evidence;  // its headline; empty while measuring
    };

    using MeasureFunction = std::function<choose::EvidenceFigure(choose::Evidence, RunControl&)>;

    // Measures with choose::measureEvidence at the scenarios' full length.
    explicit ChooseGuide(QObject* parent = nullptr);
    // Measures with `measure` (tests shorten the runs).
    explicit ChooseGuide(MeasureFunction measure, QObject* parent = nullptr);

    bool finished() const { return m_walk.recommendation.has_value(); }
    // The question to answer now (empty when finished) and its two answers' labels.
    QString question() const;
    QString yesLabel() const;
    QString noLabel() const;
    bool asksForKeys() const;  // answered with a number of keys (answerKeys)

    void answer(bool yes);
    void answerKeys(qint64 keys);
    void back();  // forgets the last answer
    void restart();

    QVector<StepText> steps() const;
    bool measuring() const { return m_jobs.isRunning(); }

    // At the end: the recommendation in a few lines, and its export.
    QString recommendationText() const;
    QString exportText() const;

signals:
    void changed();

    // JobRunner::relayTo's signals.
    void started(quint64 job);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    void setAnswer(std::optional<bool> yes, std::optional<std::int64_t> keys);
    void rewalk();
    void measureNext();

    MeasureFunction m_measure;
    choose::Answers m_answers;
    choose::Walk m_walk;
    std::map<choose::Evidence, choose::EvidenceFigure> m_figures;
    JobRunner m_jobs;  // last: destroyed first, waiting for the worker while what it uses lives
};

}  // namespace ratelab
