#include "app/models/jobs/chooseguide.h"

namespace ratelab {

using namespace choose;

ChooseGuide::ChooseGuide(QObject* parent)
    : ChooseGuide([](Evidence e, RunControl& control) { return measureEvidence(e, control); }, parent)
{}

ChooseGuide::ChooseGuide(MeasureFunction measure, QObject* parent) : QObject(parent), m_measure(std::move(measure))
{
    m_answers.burstsByDefault = false;  // the guide asks
    m_jobs.relayTo(this);
    rewalk();
}

QString ChooseGuide::question() const
{
    return m_walk.missing ? QString::fromUtf8(questionText(*m_walk.missing).text) : QString();
}

QString ChooseGuide::yesLabel() const
{
    if (!m_walk.missing)
        return {};
    return *m_walk.missing == Question::Instances ? tr("One instance") : tr("Yes");
}

QString ChooseGuide::noLabel() const
{
    if (!m_walk.missing)
        return {};
    return *m_walk.missing == Question::Instances ? tr("Several instances") : tr("No");
}

bool ChooseGuide::asksForKeys() const
{
    return m_walk.missing == Question::Keys;
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
    case Question::Instances: m_answers.singleInstance = yes; break;
    case Question::Bursts: m_answers.bursts = yes; break;
    case Question::Redis: m_answers.redis = yes; break;
    case Question::Exact: m_answers.exact = yes; break;
    case Question::Keys: m_answers.keys = keys; break;
    case Question::Database: m_answers.database = yes; break;
    }
    rewalk();
}

void ChooseGuide::back()
{
    if (m_walk.path.empty())
        return;
    switch (m_walk.path.back().question) {
    case Question::Instances: m_answers.singleInstance.reset(); break;
    case Question::Bursts: m_answers.bursts.reset(); break;
    case Question::Redis: m_answers.redis.reset(); break;
    case Question::Exact: m_answers.exact.reset(); break;
    case Question::Keys: m_answers.keys.reset(); break;
    case Question::Database: m_answers.database.reset(); break;
    }
    rewalk();
}

void ChooseGuide::restart()
{
    Answers fresh;
    fresh.burstsByDefault = false;
    m_answers = fresh;
    rewalk();
}

void ChooseGuide::rewalk()
{
    m_walk = walk(m_answers);
    emit changed();
    measureNext();
}

// Starts measuring the first step on the path whose figure is not known, unless a
// measurement is under way (its delivery calls this again).
void ChooseGuide::measureNext()
{
    if (m_jobs.isRunning())
        return;
    for (const Step& step : m_walk.path) {
        if (step.evidence == Evidence::None || m_figures.count(step.evidence))
            continue;
        const Evidence e = step.evidence;
        m_jobs.start([this, e](JobRunner::Job& job) { return m_measure(e, job.control()); },
                     [this](const JobRunner::Job&, const EvidenceFigure& figure) {
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
    for (const Step& step : m_walk.path) {
        const QuestionText& q = questionText(step.question);
        StepText t;
        t.question = QString::fromUtf8(q.text);
        t.answer = QString::fromUtf8(step.yes ? q.yes : q.no);
        t.scenario = QString::fromStdString(evidenceScenario(step.evidence));
        if (const auto it = m_figures.find(step.evidence); it != m_figures.end()) {
            const EvidenceFigure& f = it->second;
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
    const Recommendation& r = *m_walk.recommendation;
    QString params;
    for (const auto& [k, v] : r.params)
        params += QStringLiteral(" %1=%2").arg(QString::fromStdString(k), QString::fromStdString(v));
    return tr("Algorithm: %1%2\nStorage: %3\nKey strategy: %4\n\n%5")
        .arg(QString::fromStdString(r.algorithm), params, QString::fromStdString(r.storage),
             QString::fromStdString(r.keyStrategy), QString::fromStdString(r.why));
}

QString ChooseGuide::exportText() const
{
    return m_walk.recommendation ? QString::fromStdString(exportSnippet(*m_walk.recommendation)) : QString();
}

}  // namespace ratelab
