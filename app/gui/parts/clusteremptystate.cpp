#include "app/gui/parts/clusteremptystate.h"

#include "app/models/document/scenariofiles.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace ratelab {

namespace {
constexpr const char* kOpenName = "cluster-redis-outage";
}

QStringList ClusterEmptyState::clusterScenarios()
{
    return scenariofiles::clusterExampleNames();
}

ClusterEmptyState::ClusterEmptyState(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(2);
    auto* heading = new QLabel(tr("No cluster in this scenario"), this);
    QFont f = heading->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    heading->setFont(f);
    heading->setAlignment(Qt::AlignCenter);
    layout->addWidget(heading);
    const QStringList names = clusterScenarios();
    m_text = new QLabel(tr("This scenario runs one instance with local state, so there are no instances, clocks, "
                           "store or outages to show. Open a cluster scenario from Examples in the scenario panel "
                           "(%1), or add a cluster to this scenario and edit it on the topology.")
                            .arg(names.join(QStringLiteral(", "))),
                        this);
    m_text->setAlignment(Qt::AlignCenter);
    m_text->setWordWrap(true);
    // A fixed width: a word-wrapped label aligned in a layout is otherwise given the height of a
    // narrower line-up of its text and clipped.
    m_text->setFixedWidth(600);
    m_text->setMinimumHeight(m_text->heightForWidth(600));
    layout->addWidget(m_text, 0, Qt::AlignHCenter);
    layout->addSpacing(12);
    m_open = new QPushButton(tr("Open %1").arg(QString::fromLatin1(kOpenName)), this);
    m_open->setToolTip(tr("Four instances share a Redis token bucket; Redis is down from 20 s to 40 s"));
    m_add = new QPushButton(tr("Add a cluster to this scenario"), this);
    m_add->setToolTip(tr("Two instances sharing an atomic Redis store; click the topology's boxes to change it"));
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_open);
    buttons->addWidget(m_add);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    layout->addStretch(3);
    connect(m_add, &QPushButton::clicked, this, &ClusterEmptyState::addClusterRequested);
    connect(m_open, &QPushButton::clicked, this, [this] { emit exampleRequested(QString::fromLatin1(kOpenName)); });
}

QString ClusterEmptyState::text() const
{
    return m_text->text();
}

}  // namespace ratelab
