#pragma once
// Colours and dash styles, fixed by algorithm family (gui-guide.md 3.1): Okabe-Ito hues so a colour
// means the same algorithm in every chart, swatch, table and export, readable by colour-blind
// users. Two instances of one family share the hue and differ by dash, in scenario order.

#include <QColor>
#include <QIcon>
#include <QPalette>
#include <QPen>

#include <string>
#include <string_view>
#include <vector>

namespace ratelab::palette {

// The family colour; unknown families get a neutral grey.
QColor familyColor(std::string_view family, bool dark);
// The dash of the n-th instance of a family (0: solid, then dash, dot, dash-dot).
Qt::PenStyle dashForInstance(int instance);

struct SeriesStyle {
    QColor color;
    Qt::PenStyle dash = Qt::SolidLine;  // Qt::CustomDashLine: see dashPattern
    int instance = 0;                   // 0 for the first algorithm of its family
    QList<qreal> dashPattern = {};      // dashes and gaps in pen widths, for Qt::CustomDashLine
};
// The patterns the instances of one family take in turn, each distinct from the others.
inline constexpr int kLinePatterns = 8;
// One style per algorithm, given their families in scenario order: the n-th of a family takes
// pattern n: solid, dash, dot, dash-dot, dash-dot-dot, long dash, long dash-dot, long-short
// (so up to 8 of one family differ; the 9th is solid again).
std::vector<SeriesStyle> stylesFor(const std::vector<std::string>& families, bool dark);
// One style per lane of a view that overlays lanes of one run, told apart by colour and dash
// alike: each lane its own dash (solid, dash, dot, dash-dot, dash-dot-dot in turn) and its
// family colour when no two lanes share a family, else the Okabe-Ito hues in turn.
std::vector<SeriesStyle> laneStylesFor(const std::vector<std::string>& families, bool dark);
// A pen in the style's colour and pattern, `width` logical pixels wide, flat caps.
QPen linePen(const SeriesStyle& style, qreal width);

// Reserved colours.
QColor offeredLoad();         // #999999 at 35% alpha (fill)
QColor offeredLoadLine();     // the same grey, opaque
QColor textColor(bool dark);  // text, nominal limit lines
QColor mutedTextColor(bool dark);
QColor chartBackground(bool dark);
QColor gridColor(bool dark);

// Dark mode from a palette: the window is darker than its text (Qt 6.4 has no colorScheme).
bool isDark(const QPalette& palette);
// A Fusion-style palette for the forced light or dark theme.
QPalette themePalette(bool dark);

// A legend/table swatch: a short line in the algorithm's colour and dash over a filled square.
QIcon swatch(const SeriesStyle& style, bool dark, int size = 16);
// A swatch wide enough to show a whole period of any pattern, drawn as the charts draw the
// line (2 px) over a faint fill of its colour; QToolButtons and views show it at this size.
inline constexpr int kLineSwatchWidth = 44;
inline constexpr int kLineSwatchHeight = 14;
QIcon lineSwatch(const SeriesStyle& style, bool dark);

}  // namespace ratelab::palette
