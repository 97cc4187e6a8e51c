#pragma once
// A grid of charts that becomes tabs when it is too small to show them all readably (gui-guide.md 2:
// "below 1200 px the 2 x 2 chart grids become tabs"). The grid decides from its own size, so
// it reflows the same whether the scenario dock is open or folded.

#include <QWidget>

class QGridLayout;
class QStackedLayout;
class QTabWidget;

namespace ratelab {

class ChartGrid : public QWidget {
    Q_OBJECT
public:
    // `columns` charts per row; narrower than `compactBelow.width()` or lower than
    // `compactBelow.height()`, the grid shows one chart at a time, in tabs.
    ChartGrid(int columns, QSize compactBelow, QWidget* parent = nullptr);

    // Adds a chart in reading order (left to right, then down); `tabLabel` names its tab.
    void addChart(QWidget* chart, const QString& tabLabel);
    // Renames a chart's tab (a slot whose chart changes with the scenario).
    void setTabLabel(QWidget* chart, const QString& tabLabel);
    // A new threshold (a view whose charts can fold away needs less room for them).
    void setCompactBelow(QSize compactBelow);
    bool isCompact() const { return m_compact; }

signals:
    void compactChanged(bool compact);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void setCompact(bool compact);

    struct Entry {
        QWidget* chart;
        QString label;
    };
    int m_columns;
    QSize m_compactBelow;
    bool m_compact = false;
    QList<Entry> m_charts;
    QStackedLayout* m_stack = nullptr;
    QWidget* m_gridPage = nullptr;
    QGridLayout* m_grid = nullptr;
    QTabWidget* m_tabs = nullptr;
};

}  // namespace ratelab
