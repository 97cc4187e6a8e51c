// The Logs view advisor's parts on their own: the recommendation card's target row (what it
// emits, what it only shows) and its actions row (the advisor's state, the Export menu and what
// goes before it), over hand-made recommendations.

#include "app/gui/parts/recommendationactions.h"
#include "app/gui/parts/recommendationtarget.h"
#include "guitest.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>

using namespace ratelab;

namespace {

// token_bucket at capacity 1 refilled 1/m: a Lua script and an Envoy config hold it; nginx,
// which keeps whole milli-requests per second, would run it at 16 (0.96/m) and is refused.
Recommendation slowBucket()
{
    Recommendation rec;
    rec.algorithm = "token_bucket";
    rec.parameter = "capacity";
    rec.value = 1;
    rec.params = {{"capacity", "1"}, {"refill", "1/m"}};
    return rec;
}

}  // namespace

class TestAdvisorParts : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    // A target shown from elsewhere emits nothing; an edit of the share or of what it counts
    // emits the share in parts per million.
    void targetEmitsOnlyEdits()
    {
        RecommendationTarget target;
        QCOMPARE(target.keepPpm(), std::int64_t(990'000));
        QCOMPARE(target.keepSpin()->value(), 99.0);
        QCOMPARE(target.keepBy(), AdvisorTarget::Keys);
        QSignalSpy edited(&target, &RecommendationTarget::keepEdited);
        target.setKeep(900'000, AdvisorTarget::Requests);
        QCOMPARE(edited.count(), 0);
        QCOMPARE(target.keepSpin()->value(), 90.0);
        QCOMPARE(target.byCombo()->currentText(), QStringLiteral("requests"));
        QCOMPARE(target.keepBy(), AdvisorTarget::Requests);

        target.keepSpin()->setValue(99.95);
        QCOMPARE(edited.count(), 1);
        QCOMPARE(edited.last()[0].value<std::int64_t>(), std::int64_t(999'500));
        QCOMPARE(edited.last()[1].value<AdvisorTarget>(), AdvisorTarget::Requests);
        QCOMPARE(target.keepPpm(), std::int64_t(999'500));
        target.byCombo()->setCurrentIndex(target.byCombo()->findData(int(AdvisorTarget::Keys)));
        QCOMPARE(edited.count(), 2);
        QCOMPARE(edited.last()[0].value<std::int64_t>(), std::int64_t(999'500));
        QCOMPARE(edited.last()[1].value<AdvisorTarget>(), AdvisorTarget::Keys);
    }

    // Busy: the progress and Cancel show and the status reads the phase until the end; a
    // message replaces it.
    void actionsShowTheAdvisorState()
    {
        RecommendationActions actions([] { return nullptr; });
        auto* status = actions.findChild<QLabel*>();
        auto* cancel = actions.findChild<QPushButton*>();
        QVERIFY(status && cancel);
        QVERIFY(cancel->isHidden());
        actions.setBusy(true);
        QVERIFY(!cancel->isHidden());
        QCOMPARE(status->text(), QStringLiteral("advising…"));
        actions.setProgress(500, QStringLiteral("token_bucket"));
        QCOMPARE(status->text(), QStringLiteral("advising: token_bucket"));
        actions.setProgress(1000, QStringLiteral("gcra"));
        QCOMPARE(status->text(), QString());
        QSignalSpy cancelled(&actions, &RecommendationActions::cancelRequested);
        cancel->click();
        QCOMPARE(cancelled.count(), 1);
        actions.setBusy(false);
        QVERIFY(cancel->isHidden());
        actions.setStatus(QStringLiteral("cancelled"));
        QCOMPARE(status->text(), QStringLiteral("cancelled"));
    }

    // The Export menu asks for the selected recommendation as it opens: with none, every entry
    // is off and says why; with one, each is off only with the engine's reason. A button added
    // goes before Export.
    void actionsExportTheSelected()
    {
        const Recommendation rec = slowBucket();
        const Recommendation* selected = nullptr;
        RecommendationActions actions([&selected] { return selected; });
        QVERIFY(!actions.exportButton()->isEnabled());
        actions.setExportEnabled(true);
        QVERIFY(actions.exportButton()->isEnabled());
        QMenu* menu = actions.exportMenu();
        QCOMPARE(menu->actions().size(), qsizetype(limitexports::kTargets.size()));
        emit menu->aboutToShow();
        for (QAction* entry : menu->actions()) {
            QVERIFY(!entry->isEnabled());
            QCOMPARE(entry->toolTip(), QStringLiteral("no algorithm selected"));
        }
        selected = &rec;
        emit menu->aboutToShow();
        QVERIFY(menu->actions()[0]->isEnabled());   // Lua for Redis
        QVERIFY(!menu->actions()[1]->isEnabled());  // nginx
        QVERIFY2(menu->actions()[1]->toolTip().contains(QStringLiteral("would run at 16")),
                 qPrintable(menu->actions()[1]->toolTip()));
        QVERIFY(menu->actions()[2]->isEnabled());  // Envoy
        QSignalSpy requested(&actions, &RecommendationActions::exportRequested);
        menu->actions()[2]->trigger();
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.last()[0].value<ExportTarget>(), ExportTarget::Envoy);

        auto* more = new QPushButton(QStringLiteral("More"));
        actions.addButton(more);
        actions.resize(600, actions.sizeHint().height());
        actions.show();
        QVERIFY(QTest::qWaitForWindowExposed(&actions));
        QCOMPARE(more->parentWidget(), &actions);
        QVERIFY(more->geometry().right() < actions.exportButton()->geometry().left());
    }
};

QTEST_MAIN(TestAdvisorParts)
#include "tst_advisorparts.moc"
