#pragma once
// The app's theme: the system's palette, or RateLab's own light or dark one (gui-guide.md 3.1),
// picked in View > Theme and remembered; darkChanged() tells the window's parts to draw in it,
// also when the system's palette turns dark or light under a running app.

#include <QObject>

class QMenu;
class QWidget;

namespace ratelab {

class WindowTheme : public QObject {
    Q_OBJECT
public:
    enum class Theme { System, Light, Dark };

    explicit WindowTheme(QWidget* window);

    void setTheme(Theme theme);
    Theme theme() const { return m_theme; }
    bool isDark() const { return m_dark; }
    void createThemeMenu(QMenu* menu);
    void applySaved();  // the theme the settings remember (the system's by default)

signals:
    void darkChanged(bool dark);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the window's palette changes

private:
    void applyDark();

    QWidget* m_window;
    Theme m_theme = Theme::System;
    bool m_dark = false;
    bool m_applying = false;
};

}  // namespace ratelab
