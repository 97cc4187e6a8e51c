#pragma once
// Chart A as small multiples (AllowedChart::setStrips): one strip per shown algorithm on one
// chart, so the x axis, zoom and crosshair stay shared. Strip k's values v are drawn at
// baseline_k + v - bottom; the y axis names each strip at its middle, and the shared scale is
// in the axis title. Each strip has the offered load and the limit line of its own, and a thin
// rule at its baseline.

#include "app/gui/charts/base/offeredlines.h"

#include <QList>

#include <vector>

class QAreaSeries;
class QChart;
class QGraphicsPathItem;
class QObject;

namespace ratelab {

class AllowedData;
class NiceAxis;

class AllowedStrips {
public:
    struct Strip {
        std::size_t lane;
        double baseline;
    };

    AllowedStrips(QChart* chart, QObject* owner, NiceAxis* x, NiceAxis* y);

    // Lays the strips of the `shown` lanes out over the sampled view and raises each line of
    // `sampled` (drawn for lineLane[j]) onto its strip; the y axis names them.
    void layout(OfferedLines::Sampled& sampled, const AllowedData& data, const std::vector<std::size_t>& shown,
                const std::vector<std::size_t>& lineLane, const std::vector<std::string>& ids, bool dark);
    void clear() { m_layout.clear(); }
    const std::vector<Strip>& strips() const { return m_layout; }
    double bottom() const { return m_bottom; }
    double offsetOf(std::size_t lane) const;  // what a lane's values are raised by

    // One grey offered area per strip, made before any lane's line so that it is drawn under them.
    void ensureOffered(std::size_t count);
    void showOffered(const QList<QPointF>& offered);  // empty: none
    // The baselines as rules and each strip's limit line, mapped by `at` (axis units to scene).
    void layoutOverlays(const AllowedData& data, double lo, double hi, const std::function<QPointF(double, double)>& at,
                        QGraphicsPathItem* limitLine);
    void setRulesVisible(bool visible);
    void restyle(bool dark);

private:
    QChart* m_chart;
    QObject* m_owner;
    NiceAxis* m_x;
    NiceAxis* m_y;
    std::vector<Strip> m_layout;  // empty unless strips are drawn
    double m_bottom = 0;
    double m_span = 1;
    QList<QAreaSeries*> m_offered;  // one offered area per strip, made as needed
    QGraphicsPathItem* m_rules = nullptr;
};

}  // namespace ratelab
