#include "app/models/palette.h"

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

std::vector<SeriesStyle> stylesFor(const std::vector<std::string>& families, bool dark)
{
    std::vector<SeriesStyle> styles;
    styles.reserve(families.size());
    for (std::size_t i = 0; i < families.size(); ++i) {
        int instance = 0;
        for (std::size_t j = 0; j < i; ++j)
            instance += families[j] == families[i] ? 1 : 0;
        styles.push_back({familyColor(families[i], dark), dashForInstance(instance), instance});
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
        p.setColor(QPalette::Highlight, QColor(0x00, 0x72, 0xB2));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::ToolTipBase, QColor(0xFF, 0xFF, 0xF0));
        p.setColor(QPalette::ToolTipText, textColor(false));
        p.setColor(QPalette::PlaceholderText, mutedTextColor(false));
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
    p.setColor(QPalette::Highlight, QColor(0x33, 0x93, 0xE0));
    p.setColor(QPalette::HighlightedText, Qt::black);
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
    QPen line(style.color, 2.5);
    line.setStyle(style.dash);
    line.setCapStyle(Qt::FlatCap);
    p.setPen(line);
    p.drawLine(QPointF(2.5, size / 2.0), QPointF(size - 2.5, size / 2.0));
    return QIcon(pm);
}

}  // namespace ratelab::palette
