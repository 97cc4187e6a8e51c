#include "app/models/text/decisiontext.h"

#include "app/models/text/formatting.h"

#include <QStringList>

#include <cmath>

namespace ratelab {
namespace {

// The app's number words for the engine's sentences: every number through formatting.h.
class AppNumberWords final : public NumberWords {
public:
    std::string seconds(double us) const override { return fmt::seconds(us).toStdString(); }
    std::string perSecond(double rate) const override { return (fmt::compact(rate) + QStringLiteral("/s")).toStdString(); }
    std::string count(std::int64_t n, const char* singular, const char* plural) const override
    {
        return fmt::count(n, singular, plural).toStdString();
    }
    std::string fixed(double value, int decimals) const override
    {
        const QString text = QString::number(std::abs(value), 'f', decimals);
        return (value < 0 && text != QString::number(0.0, 'f', decimals) ? QString(QChar(0x2212)) + text : text).toStdString();
    }
    std::string significant(double value, int digits) const override { return QString::number(value, 'g', digits).toStdString(); }
    std::string decisive(double value, double against, int decimals) const override
    {
        return fmt::decisive(value, against, decimals).toStdString();
    }
};

// What decided a cluster's request, in words.
QString deciderText(ClusterDecider by)
{
    switch (by) {
    case ClusterDecider::Store: return QStringLiteral("the store decided");
    case ClusterDecider::Instance: return QStringLiteral("the instance decided alone");
    case ClusterDecider::FailOpen: return QStringLiteral("the store did not answer: fail_open let it through");
    case ClusterDecider::FailClosed: return QStringLiteral("the store did not answer: fail_closed refused it");
    case ClusterDecider::LocalFallback:
        return QStringLiteral("the store did not answer: the instance's fallback limiter decided");
    }
    return {};
}

}  // namespace

QString clusterClause(const KeyStep& step)
{
    if (!step.cluster)
        return {};
    const ClusterDecision& c = *step.cluster;
    return QStringLiteral("The cluster %1 it on inst-%2 at %3 (%4), %5.")
        .arg(c.allowed ? QStringLiteral("allowed") : QStringLiteral("rejected"), QString::number(c.instance),
             fmt::seconds(double(c.decidedUs)), deciderText(c.by),
             c.allowed == step.decision.allowed ? QStringLiteral("as the exact limiter did")
                                                : QStringLiteral("unlike the exact limiter"));
}

QString decisionSentence(const KeyStep& step)
{
    static const AppNumberWords words;
    QString text;
    if (step.arithmetic) {
        text = QString::fromStdString(step.arithmetic->sentence(step.cost, step.decision, words));
    } else {
        text = QStringLiteral("This request costs %1 → ").arg(step.cost)
            + QString::fromStdString(arithmeticwords::outcome(step.decision, words))
            + (step.decision.allowed ? QStringLiteral(", %1 left.").arg(step.decision.remaining) : QStringLiteral("."));
    }
    text = QStringLiteral("%1: ").arg(fmt::seconds(double(step.atUs))) + text;
    if (step.cluster)
        text += QLatin1Char(' ') + clusterClause(step);
    return text;
}

void wordDecisions(KeyHistory& history)
{
    for (KeyStep& step : history.steps)
        step.sentence = decisionSentence(step).toStdString();
}

}  // namespace ratelab
