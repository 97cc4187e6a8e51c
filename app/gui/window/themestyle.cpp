#include "app/gui/window/themestyle.h"

#include "app/models/style/palette.h"

#include <QApplication>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

#include <utility>

namespace ratelab {

ThemeStyle::ThemeStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

void ThemeStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                               const QWidget* widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool indicator =
        element == PE_IndicatorRadioButton || element == PE_IndicatorCheckBox || element == PE_IndicatorItemViewItemCheck;
    if (!indicator)
        return;
    // An outline over Fusion's own, in the muted text colour (dimmer when disabled).
    const bool dark = palette::isDark(option->palette);
    QColor outline = palette::mutedTextColor(dark);
    if (!(option->state & State_Enabled))
        outline = option->palette.color(QPalette::Disabled, QPalette::WindowText);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(outline, 1));
    painter->setBrush(Qt::NoBrush);
    const QRectF r = QRectF(option->rect).adjusted(1.5, 1.5, -1.5, -1.5);
    if (element == PE_IndicatorRadioButton)
        painter->drawEllipse(r);
    else
        painter->drawRoundedRect(r, 1, 1);
    painter->restore();
}

QIcon ThemeStyle::standardIcon(StandardPixmap icon, const QStyleOption* option, const QWidget* widget) const
{
    const QIcon base = QProxyStyle::standardIcon(icon, option, widget);
    if (icon != SP_MediaPlay && icon != SP_MediaStop && icon != SP_MediaPause)
        return base;
    // Fusion's media icons are near-black: redrawn in the text colour, every size it has.
    // Disabled in the disabled text colour: the style's own dimming of a light icon on a dark
    // window left Cancel almost as bright as Run.
    const QPalette palette = QApplication::palette();
    QIcon tinted;
    for (const QSize& size : base.availableSizes()) {
        for (const auto& [mode, group] :
             {std::pair(QIcon::Normal, QPalette::Active), std::pair(QIcon::Disabled, QPalette::Disabled)}) {
            QPixmap pixmap = base.pixmap(size);
            QPainter p(&pixmap);
            p.setCompositionMode(QPainter::CompositionMode_SourceIn);
            p.fillRect(pixmap.rect(), palette.color(group, QPalette::WindowText));
            p.end();
            tinted.addPixmap(pixmap, mode);
        }
    }
    return tinted;
}

}  // namespace ratelab
