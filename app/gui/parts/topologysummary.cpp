#include "app/gui/parts/topologysummary.h"

#include "app/models/text/formatting.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace ratelab {

namespace {
constexpr int kListedInstances = 8;  // as many as the painted topology draws
}  // namespace

TopologySummary::TopologySummary(QWidget* parent) : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(6, 2, 2, 2);
    auto* title = new QLabel(tr("Topology:"), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    row->addWidget(title);
    m_label = new QLabel(this);
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // elided to the row, never widening it
    row->addWidget(m_label, 1);
    m_expand = new QToolButton(this);
    m_expand->setCheckable(true);
    m_expand->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_expand->setAutoRaise(true);
    m_expand->setArrowType(Qt::RightArrow);
    m_expand->setText(tr("Show topology"));
    m_expand->setToolTip(tr("Show the painted topology beside the charts"));
    connect(m_expand, &QToolButton::toggled, this, [this](bool on) {
        m_expand->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
        m_expand->setText(on ? tr("Hide topology") : tr("Show topology"));
        emit expandedChanged(on);
    });
    row->addWidget(m_expand);
}

QString TopologySummary::summaryText(const ClusterInput& input)
{
    if (!input.valid())
        return {};
    const ClusterSpec& spec = input.cluster();
    QStringList instances;
    const int n = input.instances();
    for (int i = 0; i < std::min(n, kListedInstances); ++i) {
        const Duration offset = std::size_t(i) < spec.clocks.size() ? spec.clocks[std::size_t(i)].offset : 0;
        instances << QStringLiteral("%1 %2").arg(clusternames::instance(i), clusternames::clockOffset(offset));
    }
    if (n > kListedInstances)
        instances << tr("%1 more").arg(n - kListedInstances);
    const StoreSpec store = input.store();
    const PolicySpec policy = input.policy();
    QString policyText = clusternames::policy(policy.onFailure);
    policyText += policy.breakerFailures
        ? tr(", breaker after %1 for %2")
              .arg(fmt::count(*policy.breakerFailures, "failure"), fmt::duration(policy.breakerOpenFor))
        : tr(", no breaker");
    return tr("%1  |  store: %2, %3  |  policy: %4")
        .arg(instances.join(QStringLiteral(", ")), clusternames::storeMode(store.mode), clusternames::storeClock(store.clock),
             policyText);
}

void TopologySummary::setInput(const ClusterInput& input)
{
    m_text = summaryText(input);
    setToolTip(m_text);
    elide();
}

bool TopologySummary::isExpanded() const
{
    return m_expand->isChecked();
}

void TopologySummary::setExpanded(bool expanded)
{
    m_expand->setChecked(expanded);
}

void TopologySummary::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    elide();
}

void TopologySummary::elide()
{
    m_label->setText(m_label->fontMetrics().elidedText(m_text, Qt::ElideRight, std::max(0, m_label->width())));
}

}  // namespace ratelab
