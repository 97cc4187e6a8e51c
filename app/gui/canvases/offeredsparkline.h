#pragma once
// A small picture of the offered load the traffic editor is shaping: every source's arrivals
// per second summed as a grey area, the selected source as a line, from 0 at the bottom, with
// the peak and the duration written at the ends (offeredpreview.h draws the numbers).

#include "app/models/plotdata/offeredpreview.h"

#include <QWidget>

namespace ratelab {

class OfferedSparkline : public QWidget {
    Q_OBJECT
public:
    explicit OfferedSparkline(QWidget* parent = nullptr);

    void setPreview(const offeredpreview::Preview& preview, double durationSeconds);
    void setSelected(int source);
    // The peak of the summed sources, per second: what the top of the picture stands for.
    double peak() const { return m_peak; }

    QSize sizeHint() const override { return {280, 90}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void describe();

    offeredpreview::Preview m_preview;
    std::vector<double> m_total;
    double m_peak = 0;
    double m_durationSeconds = 0;
    int m_selected = -1;
};

}  // namespace ratelab
