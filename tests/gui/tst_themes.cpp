// Themes that work (issue: the app as a workbench, 3): in the light and the dark theme, text
// and icons stand out from their background by at least 4.5:1 (WCAG 2.1's contrast ratio),
// measured on the palette and on rendered widgets; an unchecked radio button's circle at least
// 3:1 (WCAG's figure for the parts of a control); disabled actions visibly dimmer than enabled
// ones; and a neutral selection, so that a selected row's swatch never takes its colour.

#include "guitest.h"

#include <QRadioButton>
#include <QStyleOptionButton>
#include <QToolBar>
#include <QToolButton>

namespace {

double luminance(const QColor& c)
{
    const auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The highest contrast of any pixel of `image` within `area` against `background`.
double strongest(const QImage& image, const QRect& area, const QColor& background)
{
    double best = 1;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            best = std::max(best, contrast(image.pixelColor(x, y), background));
    return best;
}

QToolButton* toolButtonOf(MainWindow& w, const QString& text)
{
    QAction* action = findAction(&w, text);
    for (QToolBar* bar : w.findChildren<QToolBar*>())
        if (auto* b = qobject_cast<QToolButton*>(bar->widgetForAction(action)))
            return b;
    return nullptr;
}

// The icon's part of a tool button's picture: its left square, inside the frame.
double iconContrast(QToolButton* button)
{
    const QImage image = button->grab().toImage();
    const QColor background = image.pixelColor(image.width() - 2, 1);
    const QRect icon(QPoint(2, 2), button->iconSize().boundedTo(image.size() - QSize(4, 4)));
    return strongest(image, icon, background);
}

}  // namespace

class TestThemes : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    void contrastInBothThemes_data()
    {
        QTest::addColumn<int>("theme");
        QTest::newRow("light") << int(WindowTheme::Theme::Light);
        QTest::newRow("dark") << int(WindowTheme::Theme::Dark);
    }

    void contrastInBothThemes()
    {
        QFETCH(int, theme);
        MainWindow w;
        w.theme().setTheme(WindowTheme::Theme(theme));
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        const QPalette p = QApplication::palette();
        const bool dark = theme == int(WindowTheme::Theme::Dark);
        // Text on every background it is drawn on, muted text included.
        QVERIFY(contrast(p.color(QPalette::WindowText), p.color(QPalette::Window)) >= 4.5);
        QVERIFY(contrast(p.color(QPalette::Text), p.color(QPalette::Base)) >= 4.5);
        QVERIFY(contrast(p.color(QPalette::Text), p.color(QPalette::AlternateBase)) >= 4.5);
        QVERIFY(contrast(p.color(QPalette::ButtonText), p.color(QPalette::Button)) >= 4.5);
        QVERIFY(contrast(p.color(QPalette::HighlightedText), p.color(QPalette::Highlight)) >= 4.5);
        QVERIFY(contrast(palette::mutedTextColor(dark), p.color(QPalette::Window)) >= 4.5);
        // Disabled text: visibly dimmer than enabled text, and still there.
        const QColor disabled = p.color(QPalette::Disabled, QPalette::WindowText);
        QVERIFY(contrast(disabled, p.color(QPalette::WindowText)) >= 1.8);
        QVERIFY(contrast(disabled, p.color(QPalette::Window)) >= 1.8);

        // Rendered: Run's icon, and Cancel's (disabled while nothing runs) dimmer.
        QToolButton* run = toolButtonOf(w, QStringLiteral("Run"));
        QToolButton* cancel = toolButtonOf(w, QStringLiteral("Cancel"));
        QVERIFY(run && cancel && !cancel->isEnabled());
        const double runIcon = iconContrast(run);
        const double cancelIcon = iconContrast(cancel);
        QVERIFY2(runIcon >= 4.5, qPrintable(QString::number(runIcon)));
        QVERIFY2(cancelIcon < runIcon / 1.5, qPrintable(QStringLiteral("%1 vs %2").arg(cancelIcon).arg(runIcon)));

        // Rendered: an unchecked radio button's circle.
        QRadioButton* unchecked = nullptr;
        for (QRadioButton* r : w.views().compare()->findChildren<QRadioButton*>())
            if (r->isVisible() && r->isEnabled() && !r->isChecked())
                unchecked = r;
        QVERIFY(unchecked);
        const QImage image = unchecked->grab().toImage();
        QStyleOptionButton option;
        option.initFrom(unchecked);
        const QRect circle = unchecked->style()->subElementRect(QStyle::SE_RadioButtonIndicator, &option, unchecked);
        const double ring = strongest(image, circle, p.color(QPalette::Window));
        QVERIFY2(ring >= 3, qPrintable(QString::number(ring)));

        // A neutral selection: no series colour can be mistaken for it.
        QCOMPARE(p.color(QPalette::Highlight).hsvSaturation(), 0);
        for (const char* family :
             {"token_bucket", "gcra", "leaky_bucket", "fixed_window", "sliding_window_counter", "sliding_window_log"})
            QVERIFY(palette::familyColor(family, dark).hsvSaturationF() > 0.3);
    }
};

QTEST_MAIN(TestThemes)
#include "tst_themes.moc"
