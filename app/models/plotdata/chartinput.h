#pragma once
// What every Compare chart is drawn from: the report, one style per algorithm (in report
// order), the theme and the algorithms hidden from the legend strip; for charts A and B also the
// counts per bucket the view picked (the report's own, or one key's or a finer bucket's) and
// the time range chart A shows.

#include "app/models/style/palette.h"
#include "engine/report/report.h"
#include "engine/sim/bucketcounts.h"

#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace ratelab {

struct ChartInput {
    std::shared_ptr<const Report> report;
    std::vector<palette::SeriesStyle> styles;
    QSet<QString> hidden;
    // Chart A's counts, one lane per algorithm: the report's series (countsOfReport) until the
    // view counts a key or a bucket of its own. B reads their peaks when they have them.
    std::shared_ptr<const BucketCounts> counts;
    // A pinned run (Compare's Pin): its report, and chart A's counts as they were when pinned.
    // Chart A draws its lanes faint where the counts are of the same key and bucket.
    std::shared_ptr<const Report> pinnedReport;
    std::shared_ptr<const BucketCounts> pinnedCounts;
    // Chart A's visible time range (from the scenario start); none: the whole run.
    std::optional<std::pair<SimTime, SimTime>> rangeUs;

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

// A report's algorithm ids in report order (the legend's entries).
inline QStringList algorithmIds(const Report& report)
{
    QStringList ids;
    for (const AlgorithmReport& a : report.algorithms)
        ids << QString::fromStdString(a.id);
    return ids;
}

}  // namespace ratelab
