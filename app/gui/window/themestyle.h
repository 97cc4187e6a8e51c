#pragma once
// Fusion as the app's light and dark themes need it (issue: themes that work). Fusion draws an
// unchecked radio button or check box as a circle or square a shade darker than the window,
// invisible on a dark one (about 1.2:1), and its media icons in near-black whatever the
// palette. This style outlines those indicators in the palette's muted text colour and draws
// the play and stop icons in the window text colour (disabled: the disabled text colour), so each stays at least 4.5:1 against
// its background in both themes (tests/gui/tst_themes.cpp measures the rendered widgets).

#include <QProxyStyle>

namespace ratelab {

class ThemeStyle : public QProxyStyle {
    Q_OBJECT
public:
    ThemeStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;
    QIcon standardIcon(StandardPixmap icon, const QStyleOption* option = nullptr, const QWidget* widget = nullptr) const override;
};

}  // namespace ratelab
