#pragma once
// What every Compare chart is drawn from: the report, one style per algorithm (in report
// order), the theme and the algorithms hidden from the legend strip.

#include "app/models/palette.h"
#include "engine/report.h"

#include <QSet>
#include <QString>

#include <memory>
#include <vector>

namespace ratelab {

struct ChartInput {
    std::shared_ptr<const Report> report;
    std::vector<palette::SeriesStyle> styles;
    QSet<QString> hidden;

    bool isHidden(std::size_t i) const { return report && hidden.contains(QString::fromStdString(report->algorithms[i].id)); }
};

// Styles for a report's algorithms in report order.
inline std::vector<palette::SeriesStyle> stylesForReport(const Report& report, bool dark)
{
    std::vector<std::string> families;
    for (const AlgorithmReport& a : report.algorithms)
        families.push_back(a.family);
    return palette::stylesFor(families, dark);
}

}  // namespace ratelab
