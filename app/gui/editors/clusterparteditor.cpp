#include "app/gui/editors/clusterparteditor.h"

#include "app/gui/editors/scenarioform.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace ratelab {

namespace {

const QString kCluster = QStringLiteral("cluster");

// The cluster's own fields and lists, less the ones a part edits.
QStringList clusterFieldsBut(const QStringList& kept)
{
    QStringList skip{QStringLiteral("instances"), QStringLiteral("balancer"), QStringLiteral("clocks"),
                     QStringLiteral("store"),     QStringLiteral("outages"),  QStringLiteral("policy")};
    for (const QString& k : kept)
        skip.removeAll(k);
    return skip;
}

}  // namespace

QString ClusterPartEditor::title(TopologyPanel::Part part)
{
    switch (part) {
    case TopologyPanel::Part::Clients: return tr("Clients");
    case TopologyPanel::Part::Balancer: return tr("Load balancer");
    case TopologyPanel::Part::Instances: return tr("Instances and their clocks");
    case TopologyPanel::Part::Store: return tr("Store and its outages");
    case TopologyPanel::Part::Policy: return tr("When the store fails");
    }
    return {};
}

ClusterPartEditor::ClusterPartEditor(ScenarioDraft* draft, TopologyPanel::Part part, QWidget* parent)
    : QFrame(parent, Qt::Popup), m_draft(draft), m_part(part)
{
    setObjectName(QStringLiteral("clusterPartEditor"));
    setAccessibleName(title(part));
    setFrameShape(QFrame::StyledPanel);
    setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(this);
    auto* heading = new QLabel(QStringLiteral("<b>%1</b>").arg(title(part).toHtmlEscaped()), this);
    layout->addWidget(heading);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* content = new QWidget(scroll);
    auto* forms = new QVBoxLayout(content);
    forms->setContentsMargins(0, 0, 0, 0);
    const auto addForm = [&](const QString& path, const QStringList& skip) {
        auto* form = new ScenarioForm(m_draft, content);
        form->setObjectPath(path, skip);
        forms->addWidget(form);
        m_forms << form;
    };
    switch (part) {
    case TopologyPanel::Part::Clients: break;
    case TopologyPanel::Part::Balancer:
        addForm(kCluster, clusterFieldsBut({QStringLiteral("instances"), QStringLiteral("balancer")}));
        break;
    case TopologyPanel::Part::Instances:
        addForm(kCluster, clusterFieldsBut({QStringLiteral("instances"), QStringLiteral("clocks")}));
        break;
    case TopologyPanel::Part::Store:
        addForm(QStringLiteral("cluster.store"), {});
        addForm(kCluster, clusterFieldsBut({QStringLiteral("outages")}));
        break;
    case TopologyPanel::Part::Policy: addForm(QStringLiteral("cluster.policy"), {}); break;
    }
    forms->addStretch(1);
    scroll->setWidget(content);
    layout->addWidget(scroll, 1);
    auto* note = new QLabel(tr("Each change reruns the scenario; Ctrl+Z undoes it."), this);
    note->setEnabled(false);
    layout->addWidget(note);
    resize(400, part == TopologyPanel::Part::Instances || part == TopologyPanel::Part::Store ? 460 : 240);
}

QWidget* ClusterPartEditor::editor(const QString& path) const
{
    for (ScenarioForm* f : m_forms)
        if (QWidget* w = f->editor(path))
            return w;
    return nullptr;
}

void ClusterPartEditor::hideEvent(QHideEvent* event)
{
    m_draft->commitNow();  // what was typed counts when the popup closes
    QFrame::hideEvent(event);
}

}  // namespace ratelab
