#include "app/gui/views/learn/learnlanes.h"

#include "app/models/document/algorithmcatalog.h"

#include <QCoreApplication>

namespace ratelab {

namespace {

QColor laneColour(const std::string& algorithmId, const Scenario* scenario, bool dark)
{
    return palette::familyColor(scenario ? catalog::familyById(*scenario, algorithmId) : std::string(), dark);
}

QString tr(const char* text)
{
    return QCoreApplication::translate("LearnView", text);
}

}  // namespace

QList<LaneCanvas::Lane> lanesFor(const std::vector<KeyHistory>& histories, const Scenario* scenario, bool dark,
                                 const std::string& otherKey, bool editable)
{
    QList<LaneCanvas::Lane> lanes;
    for (std::size_t i = 0; i < histories.size(); ++i) {
        LaneCanvas::Lane lane;
        lane.history = histories[i];
        lane.style.color = laneColour(lane.history.algorithmId, scenario, dark);
        lane.style.dash = i == 0 ? Qt::SolidLine : Qt::DashLine;
        lane.label = QStringLiteral("%1 %2").arg(i == 0 ? QStringLiteral("A") : QStringLiteral("B"),
                                                 QString::fromStdString(lane.history.algorithmId));
        if (i > 0 && !otherKey.empty())
            lane.label += QStringLiteral(" (%1)").arg(QString::fromStdString(otherKey));
        lane.emptyText = editable ? tr("Click to add a request; drag one to move it; right-click to delete it.")
            : i == 0              ? tr("No request of this key in A.")
                     : tr("No request of %1 in B: B keys its traffic differently.").arg(QString::fromStdString(lane.history.key));
        lanes.append(lane);
    }
    return lanes;
}

void recolourLanes(QList<LaneCanvas::Lane>& lanes, const Scenario* scenario, bool dark)
{
    for (LaneCanvas::Lane& lane : lanes)
        lane.style.color = laneColour(lane.history.algorithmId, scenario, dark);
}

}  // namespace ratelab
