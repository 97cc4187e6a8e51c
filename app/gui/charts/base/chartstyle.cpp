#include "app/gui/charts/base/chartstyle.h"

#include "app/models/style/fonts.h"
#include "app/models/style/palette.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QPen>

namespace ratelab {

QFont chartLabelFont()
{
    return style::labelFont(QApplication::font());
}

QFont chartTitleFont()
{
    QFont f = QApplication::font();
    f.setBold(true);
    return f;
}

void styleAxis(QAbstractAxis* axis, const QString& title, bool dark)
{
    const QColor text = palette::textColor(dark);
    axis->setTitleText(title);
    axis->setTitleFont(chartLabelFont());
    axis->setTitleBrush(text);
    axis->setLabelsFont(chartLabelFont());
    axis->setLabelsBrush(text);
    axis->setLabelsColor(text);
    axis->setLinePen(QPen(palette::mutedTextColor(dark), 1));
    axis->setGridLinePen(QPen(palette::gridColor(dark), 1));
    axis->setMinorGridLineVisible(false);
    axis->setShadesVisible(false);
}

}  // namespace ratelab
