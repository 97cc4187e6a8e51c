#include "app/gui/charts/base/chartgrid.h"

#include <QGridLayout>
#include <QResizeEvent>
#include <QStackedLayout>
#include <QTabBar>
#include <QTabWidget>

namespace ratelab {

ChartGrid::ChartGrid(int columns, QSize compactBelow, QWidget* parent)
    : QWidget(parent), m_columns(columns), m_compactBelow(compactBelow)
{
    m_stack = new QStackedLayout(this);
    m_stack->setContentsMargins(0, 0, 0, 0);
    m_gridPage = new QWidget(this);
    m_grid = new QGridLayout(m_gridPage);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(6);
    m_tabs = new QTabWidget(this);
    m_tabs->tabBar()->setAccessibleName(tr("Charts"));
    m_tabs->setDocumentMode(true);
    m_stack->addWidget(m_gridPage);
    m_stack->addWidget(m_tabs);
}

void ChartGrid::addChart(QWidget* chart, const QString& tabLabel)
{
    const int index = int(m_charts.size());
    m_charts.append({chart, tabLabel});
    if (m_compact)
        m_tabs->addTab(chart, tabLabel);
    else
        m_grid->addWidget(chart, index / m_columns, index % m_columns);
}

void ChartGrid::setTabLabel(QWidget* chart, const QString& tabLabel)
{
    for (Entry& e : m_charts)
        if (e.chart == chart)
            e.label = tabLabel;
    if (const int tab = m_tabs->indexOf(chart); tab >= 0)
        m_tabs->setTabText(tab, tabLabel);
}

void ChartGrid::setCompactBelow(QSize compactBelow)
{
    m_compactBelow = compactBelow;
    setCompact(width() < m_compactBelow.width() || height() < m_compactBelow.height());
}

void ChartGrid::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    setCompact(event->size().width() < m_compactBelow.width() || event->size().height() < m_compactBelow.height());
}

void ChartGrid::setCompact(bool compact)
{
    if (compact == m_compact)
        return;
    m_compact = compact;
    // Moving a widget between layouts reparents it; QTabWidget and QGridLayout both take it.
    if (compact) {
        for (const Entry& e : m_charts) {
            m_grid->removeWidget(e.chart);
            m_tabs->addTab(e.chart, e.label);
        }
        m_stack->setCurrentWidget(m_tabs);
    } else {
        m_tabs->clear();
        for (int i = 0; i < m_charts.size(); ++i) {
            m_grid->addWidget(m_charts[i].chart, i / m_columns, i % m_columns);
            m_charts[i].chart->show();
        }
        m_stack->setCurrentWidget(m_gridPage);
    }
    emit compactChanged(compact);
}

}  // namespace ratelab
