#include "app/gui/views/cluster/clustersummaryrow.h"

#include "app/models/text/formatting.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>

namespace ratelab {

namespace {
constexpr int kStatCount = 8;
}  // namespace

ClusterSummaryRow::ClusterSummaryRow(QWidget* parent) : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(8, 4, 8, 4);
    for (int i = 0; i < kStatCount; ++i) {
        if (i > 0) {
            auto* sep = new QFrame(this);
            sep->setFrameShape(QFrame::VLine);
            sep->setFrameShadow(QFrame::Sunken);
            row->addWidget(sep);
        }
        auto* label = new QLabel(this);
        label->setTextFormat(Qt::RichText);
        row->addWidget(label, 1);
        m_stats.append(label);
    }
}

void ClusterSummaryRow::setInput(const ClusterInput& input)
{
    const AlgorithmReport& a = input.algo();
    const ClusterStats& s = input.stats();
    const auto stat = [](const QString& caption, const QString& value, const QString& tip) {
        return std::make_pair(QStringLiteral("<span style='font-size:small'>%1</span><br><b>%2</b>").arg(caption, value), tip);
    };
    const double overshootShare = a.allowedCost > 0 ? double(s.globalLimitOvershoot) / double(a.allowedCost) : 0;
    const std::int64_t backend = input.scenario->placement == Placement::After ? a.backend.limiterAfter : a.backend.limiterBefore;
    const QList<std::pair<QString, QString>> items{
        stat(tr("overshoot"), tr("%1 req (%2)").arg(fmt::exact(s.globalLimitOvershoot), fmt::share(overshootShare)),
             tr("Admitted cost that one exact limiter of the same algorithm, fed in true time, would have refused; "
                "share of all allowed")),
        stat(tr("wrongly rejected"),
             tr("%1 req (%2)")
                 .arg(fmt::exact(s.wronglyRejected),
                      fmt::share(a.rejectedCost > 0 ? double(s.wronglyRejected) / double(a.rejectedCost) : 0)),
             tr("Rejected cost that one exact limiter of the same algorithm, deciding every request in true time, admitted (a "
                "clock that "
                "stepped back, windows that disagree, a store that failed closed); share of all rejected")),
        stat(tr("allowed during outage"), fmt::exact(s.allowedDuringOutage),
             tr("Requests the failure policy (%1) let through while the store failed or the breaker was open")
                 .arg(QString::fromStdString(s.policy))),
        stat(tr("rejected during outage"), fmt::exact(s.rejectedDuringOutage), tr("Requests the failure policy refused")),
        stat(tr("round trips / decision"), QString::number(s.roundTripsPerDecision, 'f', 2),
             tr("%1 in all; %2")
                 .arg(fmt::count(s.storeRoundTrips, "store round trip"), fmt::count(s.storeFailures, "store failure"))),
        stat(tr("CAS retries"), tr("%1 (%2 exhausted)").arg(fmt::exact(s.casRetries), fmt::exact(s.casExhausted)),
             tr("CAS writes that found the key changed; requests refused after the last attempt")),
        stat(tr("p99 decision latency"), fmt::duration(s.decisionLatencyP99),
             tr("From arrival to decision: p50 %1, max %2; %3 waited beyond one round trip")
                 .arg(fmt::duration(s.decisionLatencyP50), fmt::duration(s.decisionLatencyMax),
                      fmt::count(s.waitedOnStore, "request"))),
        stat(tr("backend load"), tr("%1 req").arg(fmt::exact(backend)),
             tr("Cost the backend processes with the limiter %1 it (before: %2, after: %3)")
                 .arg(input.scenario->placement == Placement::After ? tr("after") : tr("before"),
                      fmt::exact(a.backend.limiterBefore), fmt::exact(a.backend.limiterAfter))),
    };
    for (int i = 0; i < m_stats.size() && i < items.size(); ++i) {
        m_stats[i]->setText(items[i].first);
        m_stats[i]->setToolTip(items[i].second);
    }
}

QString ClusterSummaryRow::text() const
{
    QStringList parts;
    for (QLabel* l : m_stats) {
        QString t = l->text();
        t.replace(QStringLiteral("<br>"), QStringLiteral(" "));
        t.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        parts << t;
    }
    return parts.join(QStringLiteral(" | "));
}

}  // namespace ratelab
