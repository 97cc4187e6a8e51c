#include "app/gui/window/windowtheme.h"

#include "app/gui/window/themestyle.h"
#include "app/models/style/palette.h"

#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QMenu>
#include <QSettings>
#include <QStyle>

namespace ratelab {

WindowTheme::WindowTheme(QWidget* window) : QObject(window), m_window(window)
{
    window->installEventFilter(this);
}

void WindowTheme::applySaved()
{
    const QString theme = QSettings().value(QStringLiteral("theme"), QStringLiteral("system")).toString();
    setTheme(theme == QLatin1String("dark") ? Theme::Dark : theme == QLatin1String("light") ? Theme::Light : Theme::System);
}

void WindowTheme::createThemeMenu(QMenu* menu)
{
    auto* group = new QActionGroup(this);
    const QList<QPair<QString, Theme>> themes{
        {tr("&System"), Theme::System}, {tr("&Light"), Theme::Light}, {tr("&Dark"), Theme::Dark}};
    for (const auto& [label, theme] : themes) {
        QAction* a = menu->addAction(label, this, [this, theme = theme] {
            setTheme(theme);
            QSettings().setValue(QStringLiteral("theme"),
                                 theme == Theme::Dark        ? QStringLiteral("dark")
                                     : theme == Theme::Light ? QStringLiteral("light")
                                                             : QStringLiteral("system"));
        });
        a->setCheckable(true);
        a->setChecked(theme == m_theme);
        group->addAction(a);
    }
}

void WindowTheme::setTheme(Theme theme)
{
    m_theme = theme;
    m_applying = true;
    if (theme == Theme::System) {
        QApplication::setPalette(QApplication::style()->standardPalette());
    } else {
        QApplication::setStyle(new ThemeStyle);
        QApplication::setPalette(palette::themePalette(theme == Theme::Dark));
    }
    m_applying = false;
    applyDark();
}

void WindowTheme::applyDark()
{
    m_dark = palette::isDark(QApplication::palette());
    emit darkChanged(m_dark);
}

bool WindowTheme::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::PaletteChange && !m_applying
        && m_dark != palette::isDark(QApplication::palette()))
        applyDark();
    return QObject::eventFilter(watched, event);
}

}  // namespace ratelab
