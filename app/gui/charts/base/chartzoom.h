#pragma once
// A chart's zoom on x (gui-guide.md 3.3), in the x axis' data units: the range shown (none:
// the whole of the data), a stack of earlier ranges to go back to, and whether the chart can
// be zoomed at all. A range is clipped to the data and never narrower than a millionth of it;
// one that covers all of it is none. The x range is ours, not QChart::zoomIn's, so that the
// time charts of one view zoom together: requested() is a zoom the user made here, which the
// view hands on to the others (setRange(), which requests nothing).

#include <QList>
#include <QObject>

#include <functional>
#include <optional>
#include <utility>

namespace ratelab {

using XRange = std::pair<double, double>;

class ChartZoom : public QObject {
    Q_OBJECT
public:
    // `full`: the whole x extent of the chart's data.
    ChartZoom(std::function<XRange()> full, QObject* parent);

    void setZoomable(bool zoomable);
    bool isZoomable() const { return m_zoomable; }
    std::optional<XRange> range() const { return m_range; }
    XRange currentRange() const;  // the range, or the whole x extent
    XRange fullRange() const { return m_full(); }
    bool canGoBack() const { return !m_stack.isEmpty(); }

    void setRange(std::optional<XRange> range);  // from the view: nothing requested
    // A user's zoom: onto `range`, remembered for back() when `remember`.
    void zoomTo(std::optional<XRange> range, bool remember);
    // A user's pan to exactly [lo, hi] (kept inside the data by the caller).
    void panTo(XRange range);
    // A user's step along x (keys, Shift+wheel): onto `range`, clipped, not remembered.
    void stepTo(XRange range);
    void reset();  // the whole range, remembered
    void back();   // the range before the last remembered one

signals:
    void zoomableChanged(bool zoomable);
    void changed();  // the chart redraws
    void requested(std::optional<XRange> range);

private:
    std::function<XRange()> m_full;
    bool m_zoomable = false;
    std::optional<XRange> m_range;
    QList<std::optional<XRange>> m_stack;
};

}  // namespace ratelab
