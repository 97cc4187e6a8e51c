#include "app/models/jobs/simulationcontroller.h"

#include "engine/scenario/scenarioio.h"

#include <QStringList>

#include <stdexcept>

namespace ratelab {

namespace {

QString etaText(qint64 elapsedMs, int permille)
{
    if (permille < 20 || elapsedMs < 300)
        return {};
    const qint64 remainingMs = elapsedMs * (1000 - permille) / permille;
    const qint64 s = (remainingMs + 999) / 1000;
    return QStringLiteral("%1:%2 left").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

// A ScenarioError as the failure message: one "path: message" line per problem.
std::runtime_error failureOf(const ScenarioError& e)
{
    QStringList lines;
    for (const ScenarioProblem& p : e.problems())
        lines << QStringLiteral("%1: %2").arg(QString::fromStdString(p.path), QString::fromStdString(p.message));
    return std::runtime_error(lines.isEmpty() ? std::string(e.what()) : lines.join(QLatin1Char('\n')).toStdString());
}

}  // namespace

SimulationController::SimulationController(RunFunction run, QObject* parent) : QObject(parent), m_run(std::move(run))
{
    qRegisterMetaType<std::shared_ptr<const ratelab::Report>>();
    m_jobs.relayTo(this);
    connect(&m_jobs, &JobRunner::progress, this, [this](quint64 job, int permille, const QString& phase, qint64 elapsedMs) {
        const QString eta = etaText(elapsedMs, permille);
        emit progress(job, permille, eta.isEmpty() ? phase : phase + QStringLiteral(", ") + eta);
    });
}

quint64 SimulationController::start(const Scenario& scenario)
{
    auto s = std::make_shared<const Scenario>(scenario);
    return m_jobs.start(
        [this, s](JobRunner::Job& job) {
            try {
                return std::make_shared<const Report>(m_run(*s, job.control()));
            } catch (const ScenarioError& e) {
                throw failureOf(e);
            }
        },
        [this, s](const JobRunner::Job& job, std::shared_ptr<const Report> report) {
            m_lastReport = report;
            m_lastScenario = s;
            emit progress(job.id(), 1000, QStringLiteral("done"));
            emit finished(job.id(), report, job.elapsedMs());
        });
}

}  // namespace ratelab
