#include "app/models/jobs/chooseguide.h"

namespace ratelab {

ChooseGuide::ChooseGuide(QObject* parent)
    : ChooseGuide([](choose::Evidence e, RunControl& control) { return choose::measureEvidence(e, control); }, parent)
{}

ChooseGuide::ChooseGuide(MeasureFunction measure, QObject* parent) : QObject(parent), m_measure(std::move(measure))
{
    m_answers.burstsByDefault = false;  // the guide asks
    m_jobs.relayTo(this);
    rewalk();
}

QString ChooseGuide::question() const
{
    return m_walk.missing ? QString::fromUtf8(choose::questionText(*m_walk.missing).text) : QString();
}

QString ChooseGuide::yesLabel() const
{
    if (!m_walk.missing)
        return {};
    return *m_walk.missing == choose::Question::Instances ? tr("One instance") : tr("Yes");
}

QString ChooseGuide::noLabel() const
{
    if (!m_walk.missing)
        return {};
    return *m_walk.missing == choose::Question::Instances ? tr("Several instances") : tr("No");
}

bool ChooseGuide::asksForKeys() const
{
    return m_walk.missing == choose::Question::Keys;
}

void ChooseGuide::answer(bool yes)
{
    setAnswer(yes, std::nullopt);
}

void ChooseGuide::answerKeys(qint64 keys)
{
    setAnswer(std::nullopt, keys);
}

void ChooseGuide::setAnswer(std::optional<bool> yes, std::optional<std::int64_t> keys)
{
    if (!m_walk.missing)
        return;
    switch (*m_walk.missing) {
    case choose::Question::Instances: m_answers.singleInstance = yes; break;
    case choose::Question::Bursts: m_answers.bursts = yes; break;
    case choose::Question::Redis: m_answers.redis = yes; break;
    case choose::Question::Exact: m_answers.exact = yes; break;
    case choose::Question::Keys: m_answers.keys = keys; break;
    case choose::Question::Database: m_answers.database = yes; break;
    }
    rewalk();
}

void ChooseGuide::back()
{
    if (m_walk.path.empty())
        return;
    switch (m_walk.path.back().question) {
    case choose::Question::Instances: m_answers.singleInstance.reset(); break;
    case choose::Question::Bursts: m_answers.bursts.reset(); break;
    case choose::Question::Redis: m_answers.redis.reset(); break;
    case choose::Question::Exact: m_answers.exact.reset(); break;
    case choose::Question::Keys: m_answers.keys.reset(); break;
    case choose::Question::Database: m_answers.database.reset(); break;
    }
    rewalk();
}

void ChooseGuide::restart()
{
    choose::Answers fresh;
    fresh.burstsByDefault = false;
    m_answers = fresh;
    rewalk();
}

void ChooseGuide::rewalk()
{
    m_walk = choose::walk(m_answers);
    emit changed();
    measureNext();
}

// Starts measuring the first step on the path whose figure is not known, unless a
// measurement is under way (its delivery calls this again).
void ChooseGuide::measureNext()
{
    if (m_jobs.isRunning())
        return;
    for (const choose::Step& step : m_walk.path) {
        if (step.evidence == choose::Evidence::None || m_figures.count(step.evidence))
            continue;
        const choose::Evidence e = step.evidence;
        m_jobs.start([this, e](JobRunner::Job& job) { return m_measure(e, job.control()); },
                     [this](const JobRunner::Job&, const choose::EvidenceFigure& figure) {
                         m_figures[figure.evidence] = figure;
                         emit changed();
                         measureNext();
                     });
        return;
    }
}

QVector<ChooseGuide::StepText> ChooseGuide::steps() const
{
    QVector<StepText> out;
    for (const choose::Step& step : m_walk.path) {
        const choose::QuestionText& q = choose::questionText(step.question);
        StepText t;
        t.question = QString::fromUtf8(q.text);
        t.answer = QString::fromUtf8(step.yes ? q.yes : q.no);
        t.scenario = QString::fromStdString(choose::evidenceScenario(step.evidence));
        if (const auto it = m_figures.find(step.evidence); it != m_figures.end()) {
            const choose::EvidenceFigure& f = it->second;
            t.evidence = QString::fromStdString(f.headline);
            if (f.ranUs < f.scenarioUs)
                t.evidence += tr(" (ran %1 s of its %2 s)").arg(f.ranUs / kMicrosPerSecond).arg(f.scenarioUs / kMicrosPerSecond);
        }
        out.push_back(t);
    }
    return out;
}

QString ChooseGuide::recommendationText() const
{
    if (!m_walk.recommendation)
        return {};
    const choose::Recommendation& r = *m_walk.recommendation;
    QString params;
    for (const auto& [k, v] : r.params)
        params += QStringLiteral(" %1=%2").arg(QString::fromStdString(k), QString::fromStdString(v));
    return tr("Algorithm: %1%2\nStorage: %3\nKey strategy: %4\n\n%5")
        .arg(QString::fromStdString(r.algorithm), params, QString::fromStdString(r.storage),
             QString::fromStdString(r.keyStrategy), QString::fromStdString(r.why));
}

QString ChooseGuide::exportText() const
{
    return m_walk.recommendation ? QString::fromStdString(choose::exportSnippet(*m_walk.recommendation)) : QString();
}

}  // namespace ratelab
