// The Choose guide (Help > Choose an algorithm): walked to a leaf through its buttons, each
// answered branch shows its scenario's measured figure, the end shows the recommendation and
// `ratelab-cli export`'s text for it, and Open opens the selected step's scenario in the
// main window. RATELAB_CHOOSE_PNG, when set, names a PNG the walked dialog is saved to.

#include "app/gui/dialogs/choosedialog.h"
#include "app/models/jobs/chooseguide.h"
#include "guitest.h"

#include <QListWidget>
#include <QSpinBox>

using namespace ratelab;

namespace {

// Shortened runs: 10 s of each evidence scenario.
ChooseGuide* shortGuide()
{
    return new ChooseGuide(
        [](choose::Evidence e, RunControl& control) { return choose::measureEvidence(e, control, 10 * kMicrosPerSecond); });
}

bool waitMeasured(ChooseGuide* guide)
{
    if (!guide->measuring())
        return true;
    return QTest::qWaitFor([guide] { return !guide->measuring(); }, kRunTimeoutMs);
}

}  // namespace

class TestChooseGuide : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }
    void walkToGcra();
    void backAndSmoothSingleInstance();
    void openScenarioInMainWindow();
};

void TestChooseGuide::walkToGcra()
{
    ChooseDialog d(shortGuide());
    d.show();
    QVERIFY(d.yesButton()->isVisible());
    QCOMPARE(d.yesButton()->text(), QStringLiteral("One instance"));
    QTest::mouseClick(d.noButton(), Qt::LeftButton);   // several instances
    QTest::mouseClick(d.yesButton(), Qt::LeftButton);  // Redis
    QTest::mouseClick(d.noButton(), Qt::LeftButton);   // not exact
    QVERIFY(d.keysBox()->isVisible() && !d.yesButton()->isVisible());
    d.keysBox()->setValue(2'000'000);
    QTest::mouseClick(d.keysButton(), Qt::LeftButton);
    QVERIFY(d.guide()->finished());
    QVERIFY(waitMeasured(d.guide()));
    QCOMPARE(d.stepList()->count(), 4);
    // 10 s of cluster-local-leak: four buckets of 100 and four refills of 100/s over 10 s,
    // 4 (1 + 1/10) = 4.40 times the limit.
    QVERIFY2(d.stepList()->item(0)->text().contains(QStringLiteral("admit 4.40x the limit")),
             qPrintable(d.stepList()->item(0)->text()));
    QVERIFY(d.stepList()->item(2)->text().contains(QStringLiteral("fixed_window 2.00x")));
    QVERIFY(d.stepList()->item(3)->text().contains(QStringLiteral("gcra 8.0")));
    QVERIFY(d.stepList()->item(3)->text().endsWith(QStringLiteral("(ran 10 s of its 30 s)")));
    QVERIFY(d.recommendationText().contains(QStringLiteral("Algorithm: gcra burst=100 rate=100/s")));
    QCOMPARE(d.exportText(),
             QString::fromStdString(exportLimit("gcra", {{"rate", "100/s"}, {"burst", "100"}}, ExportTarget::RedisLua)));
    QCOMPARE(d.stepList()->currentRow(), 3);
    QCOMPARE(d.openButton()->text(), QStringLiteral("Open zipf-keys"));
    if (const QByteArray png = qgetenv("RATELAB_CHOOSE_PNG"); !png.isEmpty())
        QVERIFY(d.grab().save(QString::fromLocal8Bit(png)));
}

void TestChooseGuide::backAndSmoothSingleInstance()
{
    ChooseDialog d(shortGuide());
    QTest::mouseClick(d.noButton(), Qt::LeftButton);
    QCOMPARE(d.stepList()->count(), 1);
    d.guide()->back();
    QCOMPARE(d.stepList()->count(), 0);
    QTest::mouseClick(d.yesButton(), Qt::LeftButton);  // one instance
    QCOMPARE(d.guide()->question(), QStringLiteral("Should a client be able to burst above the rate?"));
    QTest::mouseClick(d.noButton(), Qt::LeftButton);  // smooth
    QVERIFY(d.guide()->finished());
    QVERIFY(d.recommendationText().startsWith(QStringLiteral("Algorithm: leaky_bucket")));
    QVERIFY(d.exportText().contains(QStringLiteral("limit_req_zone")));
    QVERIFY(waitMeasured(d.guide()));
}

void TestChooseGuide::openScenarioInMainWindow()
{
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QAction* action = findAction(&w, QStringLiteral("Choose an algorithm…"));
    QVERIFY(action);
    action->trigger();
    ChooseDialog* d = w.findChild<ChooseDialog*>();
    QVERIFY(d && d->isVisible());
    QTest::mouseClick(d->noButton(), Qt::LeftButton);   // several instances
    QTest::mouseClick(d->noButton(), Qt::LeftButton);   // no Redis
    QTest::mouseClick(d->yesButton(), Qt::LeftButton);  // a database
    QVERIFY(d->guide()->finished());
    QVERIFY(d->recommendationText().contains(QStringLiteral("row lock")));
    QCOMPARE(d->openButton()->text(), QStringLiteral("Open cluster-get-set-race"));
    QTest::mouseClick(d->openButton(), Qt::LeftButton);
    QCOMPARE(w.document()->state().scenario.name, std::string("The GET-then-SET race"));
    QVERIFY(waitSettled(w));
    QVERIFY(waitMeasured(d->guide()));
}

QTEST_MAIN(TestChooseGuide)
#include "tst_chooseguide.moc"
