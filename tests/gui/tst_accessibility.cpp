// Keyboard and assistive technology (issue: the app as a workbench, 5): every widget the Tab
// key reaches in each view has a name a screen reader can say (its own text, or an
// accessible name where it has none: charts, tables, combo boxes, the Learn transport's
// glyph buttons), and every chart can be reached with Tab.

#include "guitest.h"

#include <QTabWidget>

#include <QAccessible>
#include <QTabBar>

namespace {

// The widgets Tab reaches from the window, in order, once round the chain.
QList<QWidget*> focusChain(QWidget* window)
{
    QList<QWidget*> chain;
    QWidget* w = window;
    for (int guard = 0; guard < 2000; ++guard) {
        w = w->nextInFocusChain();
        if (w == window)
            break;
        // A widget whose focus goes to another (a scroll area's viewport to the area) is not a stop.
        if ((w->focusPolicy() & Qt::TabFocus) && !w->focusProxy() && w->isVisibleTo(window) && w->isEnabled()
            && !chain.contains(w))
            chain.append(w);
    }
    return chain;
}

// What a screen reader says for `w`; for the editor inside a spin box or combo box (its
// parent's focus proxy), the parent's name.
QString spokenName(QWidget* w)
{
    // A tab bar is read tab by tab: every tab needs its text.
    if (auto* tabs = qobject_cast<QTabBar*>(w)) {
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i).trimmed().isEmpty())
                return {};
        return tabs->count() > 0 ? tabs->tabText(tabs->currentIndex()) : QString();
    }
    if (w->parentWidget() && w->parentWidget()->focusProxy() == w)
        w = w->parentWidget();
    QAccessibleInterface* a = QAccessible::queryAccessibleInterface(w);
    return a ? a->text(QAccessible::Name).trimmed() : QString();
}

QString describe(QWidget* w)
{
    QStringList path;
    for (QWidget* p = w; p; p = p->parentWidget())
        path.prepend(QString::fromLatin1(p->metaObject()->className())
                     + (p->objectName().isEmpty() ? QString() : QLatin1Char('#') + p->objectName()));
    return path.join(QStringLiteral(" > "));
}

}  // namespace

class TestAccessibility : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    void everyFocusableWidgetIsNamed_data()
    {
        QTest::addColumn<int>("view");
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("dockTab");
        QTest::newRow("compare") << int(MainWindow::View::Compare) << QString() << 0;
        QTest::newRow("learn") << int(MainWindow::View::Learn) << QString() << 0;
        QTest::newRow("logs") << int(MainWindow::View::Logs) << QString() << 0;
        QTest::newRow("cluster") << int(MainWindow::View::Cluster) << QStringLiteral("cluster-redis-outage") << 0;
        // The dock's Traffic and Settings tabs: every field of the scenario, with a cluster.
        QTest::newRow("traffic tab") << int(MainWindow::View::Compare) << QStringLiteral("cluster-redis-outage") << 1;
        QTest::newRow("settings tab") << int(MainWindow::View::Compare) << QStringLiteral("websocket-messages") << 2;
    }

    void everyFocusableWidgetIsNamed()
    {
        QFETCH(int, view);
        QFETCH(QString, scenario);
        QFETCH(int, dockTab);
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.views().setView(MainWindow::View(view));
        if (scenario.isEmpty())
            w.openScenario(defaultScenario(), QString());
        else
            w.openExample(scenario);
        QVERIFY(waitSettled(w));
        w.scenarioDock()->tabs()->setCurrentIndex(dockTab);
        QStringList unnamed;
        const QList<QWidget*> chain = focusChain(&w);
        for (QWidget* widget : chain)
            if (spokenName(widget).isEmpty())
                unnamed << describe(widget);
        QVERIFY2(unnamed.isEmpty(),
                 qPrintable(QStringLiteral("%1 of %2 focusable widgets have no name:\n").arg(unnamed.size()).arg(chain.size())
                            + unnamed.join(QLatin1Char('\n'))));
    }

    // Tab reaches Compare's four charts, and the keys zoom, pan and reset chart A.
    void chartsAreOperableFromTheKeyboard()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        const QList<QWidget*> chain = focusChain(&w);
        for (ChartView* chart : w.views().compare()->charts().shown())
            QVERIFY2(chain.contains(chart), qPrintable(chart->accessibleName()));
        AllowedChart* a = w.views().compare()->charts().allowed();
        QCOMPARE(a->accessibleName(), a->chart()->title().simplified());
        a->setFocus();
        const auto full = a->zoom().currentRange();
        QTest::keyClick(a, Qt::Key_Plus);
        const auto zoomed = a->zoom().currentRange();
        QVERIFY(zoomed.second - zoomed.first < 0.81 * (full.second - full.first));
        QTest::keyClick(a, Qt::Key_Right);
        QVERIFY(a->zoom().currentRange().first > zoomed.first);
        QTest::keyClick(a, Qt::Key_Home);
        QCOMPARE(a->zoom().currentRange(), full);
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
