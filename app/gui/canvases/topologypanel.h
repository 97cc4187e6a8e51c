#pragma once
// The Cluster view's topology (gui-guide.md 4.4), painted: clients -> load balancer -> instances
// (each with its clock offset and drift, its requests and allowed, and its state at the
// cursor time: filled disc ok, half disc slow, ring with a cross down) -> the shared store
// (mode, clock, latency, timeout) -> the failure policy and breaker, with the run's store
// statistics. Scrubbing the time cursor replays which instances saw the store fail. Each box is
// also where that part of the cluster is edited: a click asks for its editor (partClicked).

#include "app/models/plotdata/clusterinput.h"

#include <QFontMetrics>
#include <QWidget>

#include <array>
#include <optional>

namespace ratelab {

class TopologyPanel : public QWidget {
    Q_OBJECT
public:
    explicit TopologyPanel(QWidget* parent = nullptr);

    void setInput(const ClusterInput& input);
    void setCursorUs(double us);  // NaN: no cursor (states at no particular time)

    enum class State { Ok, Slow, Down };
    // The boxes, top to bottom.
    enum class Part { Clients, Balancer, Instances, Store, Policy };
    static constexpr int kParts = 5;
    // Where a part's box was last painted (empty before the first paint).
    QRectF partRect(Part part) const { return m_partRects[int(part)]; }
    // The store as instance `i` sees it at `us` from the scenario start (the outage schedule).
    State stateAt(int instance, double us) const;

    QSize sizeHint() const override { return {300, 560}; }
    QSize minimumSizeHint() const override { return {260, 420}; }

signals:
    // A box clicked: `rect` is the box, in this widget's coordinates.
    void partClicked(TopologyPanel::Part part, const QRect& rect);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    // What the parts of one paint share: the painter, the theme's colours and box fill, the
    // fonts, the width of a box and the heights of a line of each font.
    struct PaintContext {
        QPainter& p;
        QColor text, muted, boxFill;
        QFont bold, small;
        QFontMetrics fs;  // of `small`
        double w, lineH, smallH;
    };
    // A rounded box at y with a bold title and lines of small text (the first in the text
    // colour); its rectangle.
    QRectF paintBox(PaintContext& c, double y, const QString& title, const QStringList& lines) const;
    // The instances' box at y, with the arrow from the load balancer at lbOut; its rectangle.
    QRectF paintInstances(PaintContext& c, double y, QPointF lbOut) const;
    void paintInstanceRow(PaintContext& c, int instance, QPointF topLeft) const;
    QStringList storeLines() const;   // the store box's text
    QStringList policyLines() const;  // the failure policy box's text

    std::optional<Part> partAt(QPointF pos) const;

    ClusterInput m_input;
    double m_cursorUs;
    std::array<QRectF, kParts> m_partRects;
};

}  // namespace ratelab
