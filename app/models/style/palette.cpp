#include "app/models/style/palette.h"

#include <QPainter>
#include <QPixmap>

namespace ratelab::palette {

QColor familyColor(std::string_view family, bool dark)
{
    if (family == "token_bucket")
        return dark ? QColor(0x33, 0x93, 0xE0) : QColor(0x00, 0x72, 0xB2);
    if (family == "gcra")
        return QColor(0x56, 0xB4, 0xE9);
    if (family == "leaky_bucket")
        return QColor(0x00, 0x9E, 0x73);
    if (family == "fixed_window")
        return QColor(0xD5, 0x5E, 0x00);
    if (family == "sliding_window_counter")
        return QColor(0xE6, 0x9F, 0x00);
    if (family == "sliding_window_log")
        return QColor(0xCC, 0x79, 0xA7);
    return dark ? QColor(0xBB, 0xBB, 0xBB) : QColor(0x55, 0x55, 0x55);
}

Qt::PenStyle dashForInstance(int instance)
{
    static constexpr Qt::PenStyle dashes[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    return dashes[instance % 4];
}

namespace {

// Solid, Qt's four patterns (whose dashes and gaps these are), then three longer rhythms: at
// 2 px each reads apart from the others, and a period fits in kLineSwatchWidth.
struct LinePattern {
    Qt::PenStyle style;
    QList<qreal> dashes;
};
const LinePattern& linePattern(int instance)
{
    static const LinePattern patterns[kLinePatterns] = {
        {Qt::SolidLine, {}},
        {Qt::DashLine, {4, 2}},
        {Qt::DotLine, {1, 2}},
        {Qt::DashDotLine, {4, 2, 1, 2}},
        {Qt::DashDotDotLine, {4, 2, 1, 2, 1, 2}},
        {Qt::CustomDashLine, {7, 3}},
        {Qt::CustomDashLine, {7, 3, 1, 3}},
        {Qt::CustomDashLine, {7, 3, 3, 3}},
    };
    return patterns[instance % kLinePatterns];
}

}  // namespace

std::vector<SeriesStyle> stylesFor(const std::vector<std::string>& families, bool dark)
{
    std::vector<SeriesStyle> styles;
    styles.reserve(families.size());
    for (std::size_t i = 0; i < families.size(); ++i) {
        int instance = 0;
        for (std::size_t j = 0; j < i; ++j)
            instance += families[j] == families[i] ? 1 : 0;
        const LinePattern& pattern = linePattern(instance);
        styles.push_back({familyColor(families[i], dark), pattern.style, instance, pattern.dashes});
    }
    return styles;
}

std::vector<SeriesStyle> laneStylesFor(const std::vector<std::string>& families, bool dark)
{
    static constexpr Qt::PenStyle dashes[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine};
    // The hues in an order that keeps neighbours apart (blue, vermillion, green, purple, ...).
    static constexpr std::string_view hues[] = {"token_bucket",       "fixed_window",           "leaky_bucket",
                                                "sliding_window_log", "sliding_window_counter", "gcra"};
    bool shared = false;
    for (std::size_t i = 0; i < families.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            shared = shared || families[i] == families[j];
    std::vector<SeriesStyle> styles;
    for (std::size_t i = 0; i < families.size(); ++i)
        styles.push_back({shared ? familyColor(hues[i % std::size(hues)], dark) : familyColor(families[i], dark),
                          dashes[i % std::size(dashes)], 0});
    return styles;
}

QPen linePen(const SeriesStyle& style, qreal width)
{
    QPen pen(style.color, width);
    if (style.dash == Qt::CustomDashLine)
        pen.setDashPattern(style.dashPattern);
    else
        pen.setStyle(style.dash);
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::RoundJoin);
    return pen;
}

QColor offeredLoad()
{
    QColor c(0x99, 0x99, 0x99);
    c.setAlphaF(0.35f);
    return c;
}

QColor offeredLoadLine()
{
    return QColor(0x99, 0x99, 0x99);
}

QColor textColor(bool dark)
{
    return dark ? QColor(0xE6, 0xE6, 0xE6) : QColor(0x20, 0x20, 0x20);
}

QColor mutedTextColor(bool dark)
{
    return dark ? QColor(0xA8, 0xA8, 0xA8) : QColor(0x5F, 0x5F, 0x5F);
}

QColor chartBackground(bool dark)
{
    return dark ? QColor(0x1E, 0x1E, 0x1E) : QColor(0xFF, 0xFF, 0xFF);
}

QColor gridColor(bool dark)
{
    return dark ? QColor(0x3A, 0x3A, 0x3A) : QColor(0xE4, 0xE4, 0xE4);
}

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QPalette themePalette(bool dark)
{
    if (!dark) {
        QPalette p(QColor(0xF3, 0xF3, 0xF3));
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::AlternateBase, QColor(0xF7, 0xF7, 0xF7));
        p.setColor(QPalette::Text, textColor(false));
        p.setColor(QPalette::WindowText, textColor(false));
        p.setColor(QPalette::ButtonText, textColor(false));
        // A neutral selection: a blue one took the token bucket's colour, and a selected row's
        // swatch vanished into it.
        p.setColor(QPalette::Highlight, QColor(0xD0, 0xD0, 0xD0));
        p.setColor(QPalette::HighlightedText, textColor(false));
        p.setColor(QPalette::ToolTipBase, QColor(0xFF, 0xFF, 0xF0));
        p.setColor(QPalette::ToolTipText, textColor(false));
        p.setColor(QPalette::PlaceholderText, mutedTextColor(false));
        // Else disabled buttons and labels keep the text colour and look enabled.
        for (const QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
            p.setColor(QPalette::Disabled, role, QColor(0x9A, 0x9A, 0x9A));
        return p;
    }
    QPalette p;
    const QColor window(0x2B, 0x2B, 0x2B);
    const QColor base(0x1E, 0x1E, 0x1E);
    const QColor text = textColor(true);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::ToolTipBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, mutedTextColor(true));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x45, 0x45, 0x45));
    p.setColor(QPalette::Midlight, QColor(0x3A, 0x3A, 0x3A));
    p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x40, 0x40, 0x40));  // neutral, as the light theme's
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x56, 0xB4, 0xE9));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return p;
}

QIcon swatch(const SeriesStyle& style, bool dark, int size)
{
    QPixmap pm(size * 2, size * 2);
    pm.setDevicePixelRatio(2);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    QColor fill = style.color;
    fill.setAlphaF(0.25f);
    QColor outline = textColor(dark);
    outline.setAlphaF(0.4f);
    p.setPen(QPen(outline, 1));
    p.setBrush(fill);
    p.drawRoundedRect(QRectF(1.5, 1.5, size - 3, size - 3), 2, 2);
    p.setPen(linePen(style, 2.5));
    p.drawLine(QPointF(2.5, size / 2.0), QPointF(size - 2.5, size / 2.0));
    return QIcon(pm);
}

QIcon lineSwatch(const SeriesStyle& style, bool dark)
{
    QPixmap pm(kLineSwatchWidth * 2, kLineSwatchHeight * 2);
    pm.setDevicePixelRatio(2);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    QColor fill = style.color;
    fill.setAlphaF(dark ? 0.22f : 0.16f);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(QRectF(0.5, 0.5, kLineSwatchWidth - 1, kLineSwatchHeight - 1), 2, 2);
    p.setPen(linePen(style, 2));
    p.drawLine(QPointF(2, kLineSwatchHeight / 2.0), QPointF(kLineSwatchWidth - 2, kLineSwatchHeight / 2.0));
    return QIcon(pm);
}

}  // namespace ratelab::palette
