#pragma once
// A series put on a chart: added to it, then attached to its two axes (attached before it is
// added, a series attaches to nothing), as every chart of the app puts its series on.

#include <QAbstractAxis>
#include <QAbstractSeries>
#include <QChart>
#include <QLineSeries>

namespace ratelab {

template <class Series>
Series* addToAxes(QChart* chart, Series* series, QAbstractAxis* x, QAbstractAxis* y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    return series;
}

// A line named `name` (the legend's and the CSV's), owned by `owner`, on the axes `x` and `y`.
inline QLineSeries* addLine(QChart* chart, QObject* owner, const QString& name, QAbstractAxis* x, QAbstractAxis* y)
{
    auto* line = new QLineSeries(owner);
    line->setName(name);
    return addToAxes(chart, line, x, y);
}

// Takes `lines` off `chart`, deletes them and empties the list (a chart rebuilding its lines).
inline void deleteLines(QChart* chart, QList<QLineSeries*>& lines)
{
    for (QLineSeries* s : lines) {
        chart->removeSeries(s);
        delete s;
    }
    lines.clear();
}

}  // namespace ratelab
