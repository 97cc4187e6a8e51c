#pragma once
// A value axis with our own tick text (gui-guide.md 3.2 and 5): QValueAxis only takes printf
// formats, so ticks are the end values of a QCategoryAxis with labels on values, rebuilt on
// every range change, on 1-2-5 steps. In Log2 mode the axis holds log2 of the data and ticks
// fall on powers of four (bytes: 1 B, 4 B, 16 B ... 1 KiB), of 16 over a long range. In Log10 mode it holds log10 of
// the data and ticks fall on decades, with 2 and 5 between them when under three decades show
// (rates: 0.1, 0.2, 0.5, 1, 2 req/s); the formatter gets each tick's own value as its step.

#include <QCategoryAxis>

#include <functional>

namespace ratelab {

class NiceAxis : public QCategoryAxis {
    Q_OBJECT
public:
    enum class Scale { Linear, Log2, Log10 };
    // Formats a tick value (in data units) given the tick step (in axis units).
    using Formatter = std::function<QString(double value, double step)>;

    explicit NiceAxis(Formatter formatter, Scale scale = Scale::Linear, QObject* parent = nullptr);

    void setNiceRange(double min, double max);
    void setTargetTicks(int count) { m_targetTicks = count; }
    // Ticks at given axis values, in rising order, each labelled with its text or else its own
    // data value (formatted with `step`), instead of nice ones: small multiples name each strip
    // on one axis. Empty: nice ticks again.
    struct FixedTick {
        double at;
        double value;
        QString text;
    };
    void setFixedTicks(std::vector<FixedTick> ticks, double step);
    Scale scale() const { return m_scale; }
    std::vector<double> tickValues() const { return m_ticks; }

    // Tick text helpers.
    static QString plain(double value, double step);    // decimals from the step
    static QString compact(double value, double step);  // 1.2k, 3.4M

private:
    void rebuild();
    void appendLabels(const std::vector<FixedTick>& ticks, double step);

    Formatter m_formatter;
    Scale m_scale;
    int m_targetTicks = 6;
    std::vector<double> m_ticks;
    std::vector<FixedTick> m_fixed;
    double m_fixedStep = 1;
    bool m_rebuilding = false;
};

}  // namespace ratelab
