#pragma once
// What Compare's chart A draws (gui-guide.md 4.1 A), apart from how: for its counts
// (ChartInput::counts) and mode, each algorithm's value per bucket (allowed or rejected cost
// per second, allowed minus the exact sliding log's, or the acceptance share), the offered
// load, each bucket drawn level across it (two points a bucket), the time axis' unit, the
// limit line's steps, the y range the values need, and the words of the chart: its title, the
// y axis', a value's, the CSV.

#include "app/models/plotdata/chartinput.h"
#include "app/models/plotdata/comparecounts.h"

#include <QList>
#include <QPointF>
#include <QString>

#include <optional>
#include <vector>

namespace ratelab {

class AllowedData {
public:
    enum class Mode { Allowed, Rejected, MinusLog, Share };

    // `mode`, or Allowed for MinusLog when the report has no sliding_window_log lane.
    static Mode modeFor(const Report* report, Mode mode);

    // The values of `input`'s counts in `mode` (modeFor's), and the limit line of the lanes
    // `shown` share (one key, allowed mode; none otherwise).
    void set(const ChartInput& input, Mode mode);
    void setShown(const std::vector<std::size_t>& shown);
    Mode mode() const { return m_mode; }

    const std::vector<std::vector<double>>& values() const { return m_values; }  // per algorithm, per bucket
    double timeUnit() const { return m_timeUnit; }                               // seconds per axis unit
    std::pair<double, double> fullXRange() const;                                // axis units
    std::optional<std::size_t> bucketAt(double x) const;                         // none outside the data
    // A lane's values (or a pinned run's, `counts`) as a step line; the offered load likewise
    // (empty outside the rate modes).
    QList<QPointF> steps(const std::vector<double>& values) const;
    std::vector<double> pinnedValues(const BucketCounts& pinned, std::size_t lane) const;
    QList<QPointF> offeredSteps() const;
    double offeredAt(std::size_t bucket) const;  // cost per second

    const std::optional<std::vector<LimitStep>>& limit() const { return m_limit; }
    // The limit as a step line across [lo, hi] (axis units), each step from its time to the
    // next's (the first from lo: the key's limit before its first request is the same), raised
    // by `offset`; empty without a limit.
    QList<QPointF> limitSteps(double lo, double hi, double offset) const;
    // The nice y range [bottom, top] for values between yMin and yMax (and the limit).
    std::pair<double, double> niceValueRange(double yMin, double yMax) const;

    QString valueText(double y) const;  // "412 req/s", "+12 req/s", "99.5%"
    QString yTitle() const;
    // "A  Allowed over time · key user-0 · 100 ms buckets"; for every key in allowed mode, why
    // there is no limit line.
    QString title(bool strips) const;
    QString csv(const std::optional<std::pair<double, double>>& range) const;  // rows whose bucket starts inside

private:
    ChartInput m_input;
    Mode m_mode = Mode::Allowed;
    double m_timeUnit = 1;
    double m_bucketUnits = 1;  // the bucket in axis units
    std::vector<std::vector<double>> m_values;
    std::optional<std::vector<LimitStep>> m_limit;
};

}  // namespace ratelab
