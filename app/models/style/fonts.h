#pragma once
// The font the app labels charts and canvases with: one point smaller than the text beside
// them, never below 8 pt, so that a label stays readable when the system font is small.

#include <QFont>

#include <algorithm>

namespace ratelab::style {

inline QFont labelFont(QFont font)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(std::max(8.0, font.pointSizeF() - 1));
    return font;
}

}  // namespace ratelab::style
