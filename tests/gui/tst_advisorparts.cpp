// The Logs view advisor's parts on their own: the recommendation card's target row (what it
// emits, what it only shows) and its actions row (the advisor's state, the Export menu and what
// goes before it); the view's charts (the window and unit picked, the tabs), the details'
// sentence over the top keys and the exports of the selected row, over hand-made
// recommendations.

#include "app/gui/parts/recommendationactions.h"
#include "app/gui/parts/recommendationtarget.h"
#include "app/gui/views/logs/advisorcharts.h"
#include "app/gui/views/logs/advisordetails.h"
#include "app/gui/views/logs/advisorexports.h"
#include "guitest.h"

#include <QButtonGroup>
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

// A result of that one recommendation, which throttles 3 of 10 keys: the top 2 sent 75% of the
// rejected requests.
std::shared_ptr<const AdvisorResult> slowBucketResult()
{
    auto result = std::make_shared<AdvisorResult>();
    result->keys = 10;
    Recommendation rec = slowBucket();
    rec.keys = 10;
    rec.throttledKeys = 3;
    for (const char* name : {"alice", "bob"}) {
        ThrottledKey key;
        key.name = name;
        key.requests = 5;
        key.rejected = 3;
        rec.topKeys.push_back(key);
    }
    rec.topKeysRejectedShare = 0.75;
    result->recommendations.push_back(rec);
    return result;
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

    // A window clicked redraws the distribution and is announced with its length; a unit picked
    // in the combo is announced, one set from the view is only shown. As tabs, the unit sits in
    // the tabs' corner; side by side, the tabs hold nothing.
    void chartsAnnounceWhatIsPicked()
    {
        AdvisorCharts charts;
        QCOMPARE(charts.windowButtons()->checkedId(), 2);  // 1 min
        QSignalSpy windows(&charts, &AdvisorCharts::windowPicked);
        charts.windowButtons()->button(1)->click();
        QCOMPARE(windows.count(), 1);
        QCOMPARE(windows.last()[0].value<Duration>(), AdvisorController::rateWindows()[1]);
        QCOMPARE(windows.last()[0].value<Duration>(), 10 * kMicrosPerSecond);

        QSignalSpy units(&charts, &AdvisorCharts::unitPicked);
        charts.setRateUnit(fmt::RateUnit::PerMinute);
        QCOMPARE(units.count(), 0);
        QCOMPARE(charts.rateUnitCombo()->currentText(), QStringLiteral("req/min"));
        charts.rateUnitCombo()->setCurrentIndex(charts.rateUnitCombo()->findText(QStringLiteral("req/s")));
        QCOMPARE(units.count(), 1);
        QCOMPARE(units.last()[0].value<fmt::RateUnit>(), fmt::RateUnit::PerSecond);

        QVERIFY(!charts.asTabs());
        QCOMPARE(charts.tabs()->count(), 0);
        charts.setAsTabs(true);
        QCOMPARE(charts.tabs()->count(), 2);
        QVERIFY(charts.tabs()->cornerWidget()->isAncestorOf(charts.rateUnitCombo()));
        charts.setAsTabs(false);
        QCOMPARE(charts.tabs()->count(), 0);
        QVERIFY(!charts.tabs()->cornerWidget());
        // Back beside the window buttons, over the distribution.
        QCOMPARE(charts.rateUnitCombo()->parentWidget()->parentWidget(), charts.distributionChart()->parentWidget());

        charts.showReadout(nullptr);
        QCOMPARE(charts.readoutText(), QString());  // no curve yet
    }

    // The sentence over the top keys names the recommendation shown, in the unit set, and how
    // many keys it throttles; with none shown it says what will appear.
    void detailsSayWhatTheTopKeysAre()
    {
        AdvisorDetails details;
        auto* title = details.widget(0)->findChild<QLabel*>();
        QVERIFY(title);
        QCOMPARE(title->text(), QStringLiteral("The keys a recommendation throttles most appear here."));
        const auto result = slowBucketResult();
        const Recommendation& rec = result->recommendations[0];
        details.setRateUnit(fmt::RateUnit::PerMinute);
        details.showRecommendation(result, 0);
        QCOMPARE(details.topKeysModel()->rowCount(), 2);
        QVERIFY2(title->text().startsWith(QStringLiteral("<b>token_bucket</b> at ")
                                          + RecommendationModel::paramsText(rec, fmt::RateUnit::PerMinute)
                                          + QStringLiteral(" throttles 3 of 10 keys; the top 2 keys sent ")),
                 qPrintable(title->text()));
        QVERIFY(title->text().endsWith(fmt::share(0.75) + QStringLiteral(" of the rejected requests.")));
        details.setRateUnit(fmt::RateUnit::PerSecond);
        QVERIFY2(title->text().contains(RecommendationModel::paramsText(rec, fmt::RateUnit::PerSecond)),
                 qPrintable(title->text()));
        QVERIFY(RecommendationModel::paramsText(rec, fmt::RateUnit::PerSecond)
                != RecommendationModel::paramsText(rec, fmt::RateUnit::PerMinute));

        auto quiet = std::make_shared<AdvisorResult>(*result);
        quiet->recommendations[0].topKeys.clear();
        details.showRecommendation(quiet, 0);
        QCOMPARE(details.topKeysModel()->rowCount(), 0);
        QVERIFY2(title->text().endsWith(QStringLiteral(" throttles no key.")), qPrintable(title->text()));
        details.showRecommendation(quiet, -1);
        QCOMPARE(title->text(), QStringLiteral("The keys a recommendation throttles most appear here."));
    }

    // Export opens the engine's text for the card's selected row, from the card's menu too;
    // with no row, nothing opens. Replay sits before Export and stays off without a log.
    void exportsHandOnTheSelected()
    {
        QWidget view;
        auto* card = new RecommendationCard(&view);
        AdvisorExports exports(card, &view);
        QVERIFY(!exports.replayButton()->isEnabled());
        QVERIFY(!exports.replay());
        QCOMPARE(exports.replayButton()->parentWidget(), &card->actions());
        QVERIFY(!exports.openExport(ExportTarget::RedisLua));

        const auto result = slowBucketResult();
        exports.setResult(result);
        QVERIFY(!exports.replayButton()->isEnabled());  // no log to replay
        QVERIFY(!exports.replay());
        card->setResult(result);
        QCOMPARE(card->selectedRow(), 0);
        ExportDialog* dialog = exports.openExport(ExportTarget::Envoy);
        QVERIFY(dialog);
        QCOMPARE(dialog->parentWidget(), &view);
        QCOMPARE(dialog->text(), QString::fromStdString(exportLimit("token_bucket", slowBucket().params, ExportTarget::Envoy)));
        dialog->close();

        const qsizetype before = view.findChildren<ExportDialog*>().size();
        emit card->actions().exportMenu()->aboutToShow();
        card->actions().exportMenu()->actions()[0]->trigger();  // Lua for Redis
        const QList<ExportDialog*> dialogs = view.findChildren<ExportDialog*>();
        QCOMPARE(dialogs.size(), before + 1);
        QCOMPARE(dialogs.last()->text(),
                 QString::fromStdString(exportLimit("token_bucket", slowBucket().params, ExportTarget::RedisLua)));
    }
};

QTEST_MAIN(TestAdvisorParts)
#include "tst_advisorparts.moc"
