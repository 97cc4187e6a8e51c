#include "app/gui/charts/cluster/collapsiblechart.h"

#include "app/gui/charts/cluster/clustertimechart.h"

#include <QLabel>
#include <QVBoxLayout>

namespace ratelab {

CollapsibleChart::CollapsibleChart(ClusterTimeChart* chart, QWidget* parent) : QFrame(parent), m_chart(chart)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    chart->setParent(this);
    layout->addWidget(chart);
    m_line = new QLabel(this);
    m_line->setTextFormat(Qt::RichText);
    m_line->setContentsMargins(10, 4, 10, 4);
    m_line->hide();
    layout->addWidget(m_line);
}

void CollapsibleChart::setSentence(const QString& sentence)
{
    m_collapsed = !sentence.isEmpty();
    if (m_collapsed)
        m_line->setText(QStringLiteral("<b>%1:</b> %2").arg(m_chart->title().toHtmlEscaped(), sentence.toHtmlEscaped()));
    m_line->setVisible(m_collapsed);
    m_chart->setVisible(!m_collapsed);
    setFrameShape(m_collapsed ? QFrame::StyledPanel : QFrame::NoFrame);
    setSizePolicy(QSizePolicy::Preferred, m_collapsed ? QSizePolicy::Fixed : QSizePolicy::Expanding);
}

}  // namespace ratelab
