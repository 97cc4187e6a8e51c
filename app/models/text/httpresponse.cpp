#include "app/models/text/httpresponse.h"

#include "app/models/text/formatting.h"
#include "engine/algorithms/http/httpheaders.h"
#include "engine/algorithms/http/problemdetails.h"

#include <QStringList>

#include <algorithm>

namespace ratelab {

QString httpResponseText(const KeyHistory& history, const KeyStep& step, SimTime scenarioStart)
{
    const Decision& d = step.decision;
    QStringList lines;
    lines << (d.allowed ? QStringLiteral("HTTP/1.1 200 OK") : QStringLiteral("HTTP/1.1 429 Too Many Requests"));
    QStringList seen;
    const SimTime now = scenarioStart + step.atUs;
    for (HeaderStyle style : {HeaderStyle::XRateLimit, HeaderStyle::Draft11}) {
        const QString joined = QString::fromStdString(httpHeaders(style, d, history.policy, history.algorithmId, now));
        for (const QString& h : joined.split(QStringLiteral("; "), Qt::SkipEmptyParts))
            if (!seen.contains(h)) {
                seen << h;
                lines << h;
            }
    }
    // The other common X-RateLimit-Reset: the reset instant as Unix time (GitHub, X, GitLab).
    lines << QStringLiteral("(X-RateLimit-Reset as Unix time, as GitHub and X send it: %1)")
                 .arg(resetEpochSeconds(now, d.resetAfterUs));
    if (d.allowed && d.delayUs > 0)
        lines << QStringLiteral("(held %1 before forwarding)").arg(fmt::duration(d.delayUs));
    // A 429's body: the problem `decide --body json` writes, one member a line.
    if (const auto problem = problemDetails(d, history.policy, history.algorithmId, step.cost)) {
        lines.insert(seen.size() + 1, QStringLiteral("Content-Type: application/problem+json"));
        lines << QString() << QString::fromStdString(problemJson(*problem, JsonLayout::Indented));
    }
    return lines.join(QLatin1Char('\n'));
}

int httpResponseLines(const KeyHistory& history, SimTime scenarioStart)
{
    if (history.steps.empty())
        return 0;
    const auto rejected =
        std::find_if(history.steps.begin(), history.steps.end(), [](const KeyStep& s) { return !s.decision.allowed; });
    const KeyStep& longest = rejected != history.steps.end() ? *rejected : history.steps.front();
    return int(httpResponseText(history, longest, scenarioStart).count(QLatin1Char('\n'))) + 1;
}

}  // namespace ratelab
