#include "app/models/text/decisiontext.h"

#include "app/models/text/formatting.h"

#include <QStringList>

#include <cmath>

namespace ratelab {
namespace {

using Kind = DecisionArithmetic::Kind;

QString num(double v, int decimals = 1)
{
    const QString text = QString::number(std::abs(v), 'f', decimals);
    return v < 0 && text != QString::number(0.0, 'f', decimals) ? QString(QChar(0x2212)) + text : text;
}

// An amount added or taken: a tenth, or two significant digits when a tenth would round a
// real change to 0.0 ("refilled 0.000200 s × 20/s = 0.004", not "= 0.0").
QString amount(double v, double against)
{
    if (v != 0 && std::abs(v) < 0.05)
        return QString::number(v, 'g', 2);
    return fmt::decisive(v, against);
}

// The decimals `text` shows: the level after an amount shows at least as many, so that the
// sum reads right ("0.0 + 0.004 → 0.004").
int decimalsOf(const QString& text)
{
    const qsizetype dot = text.indexOf(QLatin1Char('.'));
    return dot < 0 ? 1 : std::max(1, int(text.size() - dot - 1));
}

QString whole(std::int64_t v)
{
    return QString::number(v);
}

QString secs(double us)
{
    return fmt::seconds(us);
}

QString perSecond(double rate)
{
    return fmt::compact(rate) + QStringLiteral("/s");
}

// "allowed", "allowed, held 0.200 s", "rejected; it fits in 0.100 s", "rejected; it can never pass".
QString outcome(const Decision& d)
{
    if (d.allowed)
        return d.delayUs > 0 ? QStringLiteral("allowed, held ") + secs(double(d.delayUs)) : QStringLiteral("allowed");
    if (d.retryAfterUs == kNeverPasses)
        return QStringLiteral("rejected; it can never pass, it costs more than the limit allows");
    return QStringLiteral("rejected; it fits in ") + secs(double(d.retryAfterUs));
}

// Timestamps, equal ones grouped ("0.400 s ×2"), at most `most` groups shown.
QString stamps(const std::vector<SimTime>& times, std::size_t most)
{
    QStringList groups;
    std::size_t i = 0;
    std::size_t shown = 0;
    while (i < times.size()) {
        std::size_t j = i;
        while (j < times.size() && times[j] == times[i])
            ++j;
        if (shown++ == most) {
            groups << QStringLiteral("… %1 more").arg(times.size() - i);
            break;
        }
        groups << (j - i > 1 ? secs(double(times[i])) + QStringLiteral(" ×") + QString::number(j - i) : secs(double(times[i])));
        i = j;
    }
    return groups.join(QStringLiteral(", "));
}

QString compared(double value, double limit)
{
    return value <= limit ? QStringLiteral(" ≤ ") : QStringLiteral(" > ");
}

QString tokenBucket(const KeyStep& s, const DecisionArithmetic& a)
{
    const double cost = double(s.cost);
    QString text;
    if (a.newKey) {
        text = QStringLiteral("A new key: the bucket starts full with %1 tokens").arg(num(a.capacity));
    } else {
        text = QStringLiteral("Held %1 at %2; ").arg(num(a.held), secs(double(a.heldAtUs)));
        const bool capped = a.level >= a.capacity && a.held < a.capacity;
        if (a.intervalUs > 0) {
            text += a.fills == 0 ? QStringLiteral("no fill since")
                                 : QStringLiteral("%1 of %2 × %3 = %4")
                                       .arg(fmt::count(a.fills, "fill"), secs(double(a.intervalUs)), perSecond(a.ratePerSecond),
                                            num(double(a.fills) * double(a.intervalUs) / 1e6 * a.ratePerSecond));
        }
        const QString refill = amount(double(a.elapsedUs) / 1e6 * a.ratePerSecond, cost - a.held);
        if (a.intervalUs <= 0) {
            text += a.elapsedUs == 0
                ? QStringLiteral("no time since")
                : QStringLiteral("refilled %1 × %2 = %3").arg(secs(double(a.elapsedUs)), perSecond(a.ratePerSecond), refill);
        }
        if (capped)
            text += QStringLiteral(", capped at %1").arg(num(a.capacity));
        const int decimals = a.intervalUs <= 0 && a.elapsedUs > 0 && !capped ? decimalsOf(refill) : 1;
        text += QStringLiteral(" → %1 tokens").arg(fmt::decisive(a.level, cost, decimals));
    }
    text += QStringLiteral("; this request costs %1 → ").arg(whole(s.cost));
    if (s.decision.allowed)
        return text + QStringLiteral("allowed, %1 left.").arg(num(a.level - cost));
    return text + outcome(s.decision) + QLatin1Char('.');
}

QString leakyBucket(const KeyStep& s, const DecisionArithmetic& a)
{
    const double cost = double(s.cost);
    const double after = a.newKey ? cost - 1 : a.level + cost;
    QString text;
    if (a.newKey) {
        text = QStringLiteral("A new key: this request of cost %1 leaves an excess of %2").arg(whole(s.cost), num(after));
    } else {
        text = QStringLiteral("Excess %1 at %2; ").arg(num(a.held), secs(double(a.heldAtUs)));
        const QString drain = amount(-a.change, a.held);
        text += a.elapsedUs == 0
            ? QStringLiteral("no time since")
            : QStringLiteral("drained %1 × %2 = %3").arg(secs(double(a.elapsedUs)), perSecond(a.ratePerSecond), drain);
        const int decimals = a.elapsedUs > 0 && a.level > 0 ? decimalsOf(drain) : 1;
        text += QStringLiteral(" → %1; this request adds %2 → %3")
                    .arg(num(a.level, decimals), whole(s.cost), fmt::decisive(after, a.capacity, decimals));
    }
    text += compared(after, a.capacity) + QStringLiteral("burst %1 → ").arg(num(a.capacity, 0));
    return text + outcome(s.decision) + QLatin1Char('.');
}

QString fixedWindow(const KeyStep& s, const DecisionArithmetic& a)
{
    QString text = QStringLiteral("Window %1–%2").arg(secs(double(a.windowStartUs)), secs(double(a.windowEndUs)));
    if (a.windowOpened)
        text += QStringLiteral(" (new: the last one ended)");
    const std::int64_t would = a.count + s.cost;
    text += QStringLiteral(": %1 of %2 counted; this request costs %3 → %4%5%2, ")
                .arg(whole(a.count), whole(a.limit), whole(s.cost), whole(would), compared(double(would), double(a.limit)));
    text += outcome(s.decision);
    if (!s.decision.allowed && a.countsRejected)
        text += QStringLiteral(" (its cost counts anyway)");
    return text + QStringLiteral("; the window resets at %1.").arg(secs(double(a.windowEndUs)));
}

QString slidingLog(const KeyStep& s, const DecisionArithmetic& a)
{
    const double from = double(a.nowUs - a.windowUs);
    QString text = QStringLiteral("Window %1%2, %3]: %4 of %5 counted")
                       .arg(a.inclusive ? QStringLiteral("[") : QStringLiteral("("), secs(from), secs(double(a.nowUs)),
                            whole(a.count), whole(a.limit));
    if (!a.entries.empty())
        text += QStringLiteral(" (%1)").arg(stamps(a.entries, 5));
    if (!a.leftEntries.empty())
        text += QStringLiteral("; %1 left it (%2)")
                    .arg(fmt::count(qint64(a.leftEntries.size()), "entry", "entries"), stamps(a.leftEntries, 3));
    const std::int64_t would = a.count + s.cost;
    text += QStringLiteral("; this request costs %1 → %2%3%4, ")
                .arg(whole(s.cost), whole(would), compared(double(would), double(a.limit)), whole(a.limit));
    return text + outcome(s.decision) + QLatin1Char('.');
}

QString slidingCounter(const KeyStep& s, const DecisionArithmetic& a)
{
    QString text = QStringLiteral("Window %1–%2, %3 in")
                       .arg(secs(double(a.windowStartUs)), secs(double(a.windowEndUs)), secs(double(a.intoWindowUs)));
    if (a.windowOpened)
        text += QStringLiteral(" (new: the last one ended)");
    text += QStringLiteral(": the previous window's %1 weigh floor(%1 × %2 / %3) = %4; + %5 this window = %6")
                .arg(whole(a.previous), secs(double(a.windowUs - a.intoWindowUs)), secs(double(a.windowUs)), whole(a.weighted),
                     whole(a.count), whole(a.estimate));
    const std::int64_t would = a.estimate + s.cost;
    text += QStringLiteral("; this request costs %1 → %2%3%4, ")
                .arg(whole(s.cost), whole(would), compared(double(would), double(a.limit)), whole(a.limit));
    return text + outcome(s.decision) + QLatin1Char('.');
}

QString gcra(const KeyStep& s, const DecisionArithmetic& a)
{
    const double now = double(a.nowUs);
    QString text;
    if (a.newKey)
        text = QStringLiteral("A new key: the TAT starts at now, %1").arg(secs(now));
    else if (a.tatFromNowUs < 0)
        text = QStringLiteral("TAT %1 is past (now %2), so it starts from now").arg(secs(now + a.tatFromNowUs), secs(now));
    else
        text = QStringLiteral("TAT %1, now %2: %3 ahead").arg(secs(now + a.tatFromNowUs), secs(now), secs(a.tatAheadUs));
    const double added = a.emissionUs * double(s.cost);
    const double ahead = a.tatAheadUs + added;
    text += QStringLiteral("; this request adds T × %1 = %2 → %3 ahead, %4 τ = %5 → ")
                .arg(whole(s.cost), secs(added), fmt::decisive(ahead / 1e6, a.tauUs / 1e6, 3) + QStringLiteral(" s"),
                     ahead <= a.tauUs ? QStringLiteral("within") : QStringLiteral("beyond"), secs(a.tauUs));
    return text + outcome(s.decision) + QLatin1Char('.');
}

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
    const DecisionArithmetic& a = step.arithmetic;
    QString text;
    switch (a.kind) {
    case Kind::TokenBucket: text = tokenBucket(step, a); break;
    case Kind::LeakyBucket: text = leakyBucket(step, a); break;
    case Kind::FixedWindow: text = fixedWindow(step, a); break;
    case Kind::SlidingLog: text = slidingLog(step, a); break;
    case Kind::SlidingCounter: text = slidingCounter(step, a); break;
    case Kind::Gcra: text = gcra(step, a); break;
    case Kind::None:
        text = QStringLiteral("This request costs %1 → ").arg(whole(step.cost)) + outcome(step.decision)
            + (step.decision.allowed ? QStringLiteral(", %1 left.").arg(whole(step.decision.remaining)) : QStringLiteral("."));
        break;
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
