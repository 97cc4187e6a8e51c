// Authoring a scenario in the app: every field edited in place and judged by the loader (a
// bad field is outlined with the loader's own reason and Run is off until it is fixed),
// undo and redo, traffic sources added, removed and given another kind with a preview of the
// load they offer, algorithms duplicated, File > New scenario, and Save writing a file that
// `ratelab-cli run` runs to the very report the app shows.
#include "app/gui/canvases/offeredsparkline.h"
#include "app/gui/editors/clusterparteditor.h"
#include "app/gui/editors/scenarioform.h"
#include "app/gui/editors/trafficeditor.h"
#include "app/gui/views/cluster/clustercharts.h"
#include "app/models/document/scenarioedits.h"
#include "app/models/document/scenariofiles.h"
#include "guitest.h"

#include <QLabel>
#include <QListWidget>
#include <QTabWidget>

namespace {

// The loader's reason for a scenario whose `path` holds `json` instead of its value.
QString loaderReason(const QString& scenarioJson, const QString& path)
{
    try {
        loadScenario(scenarioJson.toStdString(), "probe");
    } catch (const ScenarioError& e) {
        for (const ScenarioProblem& p : e.problems())
            if (QString::fromStdString(p.path) == path)
                return QString::fromStdString(p.message);
    }
    return QStringLiteral("(no problem at %1)").arg(path);
}

// A scenario of constant sources only: every 1 s bucket of the preview holds exactly rate x 1 s.
const char* const kConstantScenario = R"({
  "schema": "ratelab.scenario/1", "name": "constant", "seed": 3, "duration": "60s",
  "population": {"clients": 10},
  "traffic": [{"kind": "constant", "label": "steady", "rate": "20/s"}],
  "keys": "user",
  "algorithms": [{"id": "tb", "algorithm": "token_bucket", "params": {"capacity": 10, "refill": "5/s"}}]
})";

QLineEdit* lineEditOf(ScenarioForm* form, const QString& path)
{
    return qobject_cast<QLineEdit*>(form->editor(path));
}

// Types `text` into a field as a user would: select all, type, leave the field.
void typeInto(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
}

}  // namespace

class TestScenarioAuthoring : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    // A rate the loader refuses: outlined with the loader's reason, listed under the tabs, Run
    // off and the document unchanged; fixed, it is committed and Run is back; undo and redo walk it.
    void badFieldIsRefusedLikeTheLoader()
    {
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("default")));
        TrafficEditor* traffic = w.scenarioDock()->trafficEditor();
        w.scenarioDock()->tabs()->setCurrentWidget(traffic);
        QLineEdit* rate = lineEditOf(traffic->sourceForm(), QStringLiteral("traffic[0].rate"));
        QVERIFY(rate);
        QCOMPARE(rate->text(), QStringLiteral("250/s"));
        QAction* run = findAction(&w, QStringLiteral("Run"));
        QVERIFY(run && run->isEnabled());

        typeInto(rate, QStringLiteral("fast"));
        QString bad = QString::fromStdString(embeddedScenarios().front().second);
        for (const auto& [name, json] : embeddedScenarios())
            if (name == "default")
                bad = QString::fromStdString(json);
        bad.replace(QStringLiteral("\"250/s\""), QStringLiteral("\"fast\""));
        const QString reason = loaderReason(bad, QStringLiteral("traffic[0].rate"));
        QVERIFY(!reason.startsWith(QLatin1String("(no problem")));
        QCOMPARE(w.draft()->problems().value(QStringLiteral("traffic[0].rate")), reason);
        QVERIFY(rate->toolTip().contains(reason));
        QVERIFY(!rate->styleSheet().isEmpty());
        QVERIFY(!run->isEnabled());
        QVERIFY(w.scenarioDock()->problemsLabel()->isVisible());
        QVERIFY(w.scenarioDock()->problemsLabel()->text().contains(QStringLiteral("traffic[0].rate")));
        w.draft()->commitNow();
        QCOMPARE(w.document()->scenario().traffic[0].rate.text, std::string("250/s"));

        typeInto(rate, QStringLiteral("300/s"));
        QVERIFY(run->isEnabled());
        QVERIFY(rate->styleSheet().isEmpty());
        QVERIFY(!w.scenarioDock()->problemsLabel()->isVisible());
        w.draft()->commitNow();
        QCOMPARE(w.document()->scenario().traffic[0].rate.perSecondNearest(), 300.0);

        // Six keystrokes into one field: one undo step.
        QUndoStack* undo = w.document()->undoStack();
        QCOMPARE(undo->count(), 1);
        undo->undo();
        QCOMPARE(w.document()->scenario().traffic[0].rate.text, std::string("250/s"));
        rate->clearFocus();
        QCoreApplication::processEvents();
        undo->redo();
        QCOMPARE(w.document()->scenario().traffic[0].rate.text, std::string("300/s"));
        QCOMPARE(lineEditOf(traffic->sourceForm(), QStringLiteral("traffic[0].rate"))->text(), QStringLiteral("300/s"));
    }

    // Two constant sources of 20/s and 30/s: the preview peaks at exactly 50/s; a source of
    // another kind takes that kind's fields; removing it leaves the first two.
    void sourcesAreAddedChangedAndRemoved()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(loadScenario(kConstantScenario, "constant"), QString());
        TrafficEditor* traffic = w.scenarioDock()->trafficEditor();
        w.scenarioDock()->tabs()->setCurrentWidget(traffic);  // the preview is drawn while in sight
        QCOMPARE(traffic->preview()->peak(), 20.0);

        traffic->addSource(QStringLiteral("constant"));
        QCOMPARE(w.document()->scenario().traffic.size(), std::size_t(2));
        QCOMPARE(traffic->sourceList()->currentRow(), 1);
        QLineEdit* rate = lineEditOf(traffic->sourceForm(), QStringLiteral("traffic[1].rate"));
        QVERIFY(rate);
        typeInto(rate, QStringLiteral("30/s"));
        w.draft()->commitNow();
        QCOMPARE(traffic->preview()->peak(), 50.0);

        emit traffic->sourceForm()->kindChosen(QStringLiteral("traffic[1].kind"), QStringLiteral("onoff"));
        QCOMPARE(w.document()->scenario().traffic[1].kind, SourceKind::OnOff);
        QCOMPARE(w.document()->scenario().traffic[1].rate.text, std::string("30/s"));  // kept
        QVERIFY(lineEditOf(traffic->sourceForm(), QStringLiteral("traffic[1].on")));
        QVERIFY(lineEditOf(traffic->sourceForm(), QStringLiteral("traffic[1].off")));

        traffic->removeSelected();
        QCOMPARE(w.document()->scenario().traffic.size(), std::size_t(1));
        QCOMPARE(traffic->preview()->peak(), 20.0);
    }

    // Optional fields are added and removed; a list item (an outage) is added with a default.
    void optionalFieldsAndListItems()
    {
        MainWindow w;
        w.openScenario(loadScenario(kConstantScenario, "constant"), QString());
        ScenarioDraft* d = w.draft();
        QVERIFY(d->apply(scenarioedits::withOptional(w.document()->scenario(), QStringLiteral("metrics.burst_window"), true, "."),
                         QStringLiteral("add")));
        QCOMPARE(w.document()->scenario().metrics.burstWindow.value_or(0), 1'000'000);
        QVERIFY(w.scenarioDock()->settingsForm()->editor(QStringLiteral("metrics.burst_window")));
        QVERIFY(d->apply(scenarioedits::withCluster(w.document()->scenario(), true, "."), QStringLiteral("cluster")));
        QVERIFY(d->apply(scenarioedits::appendItem(w.document()->scenario(), QStringLiteral("cluster.outages"), "."),
                         QStringLiteral("outage")));
        const auto& outages = w.document()->scenario().cluster->outages;
        QCOMPARE(outages.size(), std::size_t(1));
        QCOMPARE(outages[0].from, 10'000'000);
        QCOMPARE(outages[0].to, 20'000'000);
        // An outage that ends before it starts: refused under its path, the document unchanged.
        d->setText(QStringLiteral("cluster.outages[0].to"), QStringLiteral("5s"));
        QCOMPARE(d->problems().value(QStringLiteral("cluster.outages[0].to")), QStringLiteral("must be after from"));
        d->commitNow();
        QCOMPARE(w.document()->scenario().cluster->outages[0].to, 20'000'000);
    }

    // The cluster, added from the Cluster view's empty state and edited on its topology: each
    // box opens the editor of its part, and every change reaches the scenario.
    void clusterIsEditedOnTheTopology()
    {
        MainWindow w;
        QVERIFY(showScenario(w, loadScenario(kConstantScenario, "constant")));
        w.views().setView(MainWindow::View::Cluster);
        ClusterView* cluster = w.views().cluster();
        QVERIFY(!cluster->hasCluster());
        cluster->emptyState()->addButton()->click();
        QVERIFY(w.document()->scenario().cluster);
        QCOMPARE(w.document()->scenario().cluster->instances, 2);
        QVERIFY(waitSettled(w));
        QTRY_VERIFY(cluster->hasCluster());
        // Keyed per user: one key's limit is no line over what all keys were allowed.
        QCOMPARE(cluster->charts().global()->chart()->title(),
                 QStringLiteral("Allowed in the cluster, all keys (the limit is per key)"));
        TopologyPanel* topology = cluster->topology();
        topology->repaint();

        // Instances: 3 of them, and a clock 250 ms ahead on instance 0.
        QTest::mouseClick(topology, Qt::LeftButton, {}, topology->partRect(TopologyPanel::Part::Instances).center().toPoint());
        auto* instances = qobject_cast<ClusterPartEditor*>(QApplication::activePopupWidget());
        QVERIFY(instances);
        QCOMPARE(instances->part(), TopologyPanel::Part::Instances);
        auto* count = qobject_cast<QLineEdit*>(instances->editor(QStringLiteral("cluster.instances")));
        QVERIFY(count);
        typeInto(count, QStringLiteral("3"));
        w.draft()->commitNow();
        QCOMPARE(w.document()->scenario().cluster->instances, 3);
        QToolButton* addClock = nullptr;
        for (auto* b : instances->findChildren<QToolButton*>())
            if (b->accessibleName() == QStringLiteral("Add to cluster.clocks"))
                addClock = b;
        QVERIFY(addClock);
        addClock->click();
        QCOMPARE(w.document()->scenario().cluster->clocks.size(), std::size_t(1));
        auto* offset = qobject_cast<QLineEdit*>(instances->editor(QStringLiteral("cluster.clocks[0].offset")));
        QVERIFY(offset);
        typeInto(offset, QStringLiteral("250ms"));
        instances->close();
        QCOMPARE(w.document()->scenario().cluster->clocks[0].offset, 250'000);

        // Store: read-modify-write instead of atomic, and an outage from 10 s to 20 s.
        ClusterPartEditor* store = cluster->editPart(TopologyPanel::Part::Store);
        QVERIFY(store);
        auto* mode = qobject_cast<QComboBox*>(store->editor(QStringLiteral("cluster.store.mode")));
        QVERIFY(mode);
        mode->setCurrentText(QStringLiteral("redis_get_set"));
        emit mode->activated(mode->currentIndex());
        QCOMPARE(w.document()->scenario().cluster->store.mode, StoreMode::RedisGetSet);
        for (auto* b : store->findChildren<QToolButton*>())
            if (b->accessibleName() == QStringLiteral("Add to cluster.outages"))
                b->click();
        QCOMPARE(w.document()->scenario().cluster->outages.size(), std::size_t(1));
        store->close();

        // Policy: fail closed behind a circuit breaker, added from "Add field".
        ClusterPartEditor* policy = cluster->editPart(TopologyPanel::Part::Policy);
        QVERIFY(policy);
        auto* onFailure = qobject_cast<QComboBox*>(policy->editor(QStringLiteral("cluster.policy.on_failure")));
        QVERIFY(onFailure);
        onFailure->setCurrentText(QStringLiteral("fail_closed"));
        emit onFailure->activated(onFailure->currentIndex());
        QAction* breaker = nullptr;
        for (auto* a : policy->findChildren<QAction*>())
            if (a->text() == QStringLiteral("breaker"))
                breaker = a;
        QVERIFY(breaker);
        breaker->trigger();
        policy->close();
        const ClusterSpec& c = *w.document()->scenario().cluster;
        QCOMPARE(c.policy.onFailure, FailurePolicy::FailClosed);
        QCOMPARE(c.policy.breakerFailures.value_or(0), 5);

        // Clients: the traffic is edited in the dock's Traffic tab.
        QTest::mouseClick(topology, Qt::LeftButton, {}, topology->partRect(TopologyPanel::Part::Clients).center().toPoint());
        QCOMPARE(w.scenarioDock()->tabs()->currentWidget(), w.scenarioDock()->trafficEditor());
        // Each change was one undo step: undoing them all gives the scenario without a cluster.
        while (w.document()->undoStack()->canUndo())
            w.document()->undoStack()->undo();
        QVERIFY(!w.document()->scenario().cluster);
    }

    // An algorithm's own settings beside its parameters: cluster-redis-outage.json's second lane
    // fails closed; made to fall back to a local bucket, the scenario says so.
    void algorithmOverridesAreEdited()
    {
        MainWindow w;
        w.openExample(QStringLiteral("cluster-redis-outage"));
        w.scenarioDock()->algorithms()->select(1);
        auto* onFailure = qobject_cast<QComboBox*>(
            w.scenarioDock()->params()->overridesForm()->editor(QStringLiteral("algorithms[1].policy.on_failure")));
        QVERIFY(onFailure);
        QCOMPARE(onFailure->currentText(), QStringLiteral("fail_closed"));
        onFailure->setCurrentText(QStringLiteral("local_fallback"));
        emit onFailure->activated(onFailure->currentIndex());
        QCOMPARE(w.document()->scenario().algorithms[1].policy->onFailure, FailurePolicy::LocalFallback);
        // Switched off, then renamed as it is typed: it stays off under its new name (it was
        // switched back on, the disabled set naming the old id). The field keeps its focus
        // through the list's rebuild.
        w.scenarioDock()->algorithms()->list()->item(1)->setCheckState(Qt::Unchecked);
        QVERIFY(w.document()->state().disabled.contains(QStringLiteral("fail_closed")));
        auto* id =
            qobject_cast<QLineEdit*>(w.scenarioDock()->params()->overridesForm()->editor(QStringLiteral("algorithms[1].id")));
        QVERIFY(id);
        typeInto(id, QStringLiteral("closed"));
        w.draft()->commitNow();
        QCOMPARE(w.document()->scenario().algorithms[1].id, std::string("closed"));
        QCOMPARE(w.scenarioDock()->algorithms()->list()->item(1)->text(), QStringLiteral("closed"));
        QCOMPARE(w.scenarioDock()->algorithms()->list()->item(1)->checkState(), Qt::Unchecked);
        QCOMPARE(w.document()->state().disabled, QSet<QString>{QStringLiteral("closed")});
        QCOMPARE(w.document()->runnable().algorithms.size(), std::size_t{3});
        for (const AlgorithmSpec& a : w.document()->runnable().algorithms)
            QVERIFY(a.id != "closed");
        w.document()->undoStack()->undo();  // the rename, one step: off under its old name
        QCOMPARE(w.document()->scenario().algorithms[1].id, std::string("fail_closed"));
        QCOMPARE(w.document()->state().disabled, QSet<QString>{QStringLiteral("fail_closed")});
        w.document()->undoStack()->redo();
        QCOMPARE(w.document()->state().disabled, QSet<QString>{QStringLiteral("closed")});
        w.scenarioDock()->algorithms()->list()->item(1)->setCheckState(Qt::Checked);
        QVERIFY(w.document()->state().disabled.isEmpty());
        QCOMPARE(w.scenarioDock()->params()->overridesForm()->editor(QStringLiteral("algorithms[1].id")), id);
        // An id another algorithm has: the loader's reason, and the document keeps "closed".
        typeInto(id, QStringLiteral("fail_open"));
        QVERIFY(w.draft()->problems().contains(QStringLiteral("algorithms[1].id")));
        typeInto(id, QStringLiteral("closed"));
        // The first lane has no policy of its own: it can add one.
        w.scenarioDock()->algorithms()->select(0);
        QVERIFY(!w.scenarioDock()->params()->overridesForm()->editor(QStringLiteral("algorithms[0].policy.on_failure")));
        QVERIFY(w.draft()->apply(scenarioedits::withOptional(w.document()->scenario(), QStringLiteral("algorithms[0].policy"),
                                                             true, w.draft()->baseDir()),
                                 QStringLiteral("add")));
        QVERIFY(w.scenarioDock()->params()->overridesForm()->editor(QStringLiteral("algorithms[0].policy.on_failure")));
    }

    // Duplicate copies the selected algorithm, parameters and all, under a new id after it.
    void duplicateAlgorithm()
    {
        MainWindow w;
        w.openScenario(loadScenario(kConstantScenario, "constant"), QString());
        w.scenarioDock()->algorithms()->select(0);
        w.scenarioDock()->algorithms()->duplicateSelected();
        const Scenario& s = w.document()->scenario();
        QCOMPARE(s.algorithms.size(), std::size_t(2));
        QCOMPARE(s.algorithms[1].id, std::string("tb (2)"));
        QCOMPARE(s.algorithms[1].params, s.algorithms[0].params);
        QCOMPARE(w.scenarioDock()->algorithms()->list()->count(), 2);
        QCOMPARE(w.scenarioDock()->algorithms()->selected(), 1);
    }

    // New > Blank is untitled with one source and one algorithm; New > From an example opens
    // the shipped scenario, untitled.
    void newScenario()
    {
        MainWindow w;
        QAction* blank = findAction(&w, QStringLiteral("Blank"));
        QVERIFY(blank);
        blank->trigger();
        QCOMPARE(w.document()->scenario().name, std::string("New scenario"));
        QVERIFY(w.document()->path().isEmpty());
        QCOMPARE(w.document()->scenario().traffic.size(), std::size_t(1));
        QCOMPARE(w.document()->scenario().algorithms.size(), std::size_t(1));
        QAction* flash = findAction(&w, QStringLiteral("flash-crowd"));
        QVERIFY(flash);
        flash->trigger();
        QVERIFY(w.document()->path().isEmpty());
        for (const auto& [name, json] : embeddedScenarios())
            if (name == "flash-crowd")
                QCOMPARE(saveScenario(w.document()->scenario()), saveScenario(loadScenario(json, name)));
    }

    // Edited in the app and saved, the file runs in ratelab-cli to the report the app shows,
    // byte for byte; opened and saved again it is the same file.
    void saveRoundTripsThroughTheCli()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.show();
        w.openScenario(loadScenario(kConstantScenario, "constant"), QString());
        TrafficEditor* traffic = w.scenarioDock()->trafficEditor();
        traffic->addSource(QStringLiteral("poisson"));
        typeInto(lineEditOf(w.scenarioDock()->settingsForm(), QStringLiteral("duration")), QStringLiteral("45s"));
        w.draft()->commitNow();
        w.scenarioDock()->algorithms()->select(0);
        w.scenarioDock()->algorithms()->duplicateSelected();
        QCOMPARE(w.document()->scenario().duration, 45'000'000);
        QVERIFY(waitSettled(w));
        const QString path = dir.filePath(QStringLiteral("edited.json"));
        QVERIFY(w.files().save(path));

        QProcess cli;
        cli.start(QStringLiteral(RATELAB_CLI_PATH),
                  {QStringLiteral("run"), path, QStringLiteral("--out"), dir.filePath(QStringLiteral("out"))});
        QVERIFY(cli.waitForFinished(60'000));
        QCOMPARE(cli.exitCode(), 0);
        QCOMPARE(contentOf(dir.filePath(QStringLiteral("out/report.json"))),
                 scenariofiles::reportJson(*w.controller()->lastReport()));

        const scenariofiles::Loaded again = scenariofiles::loadFile(path);
        QVERIFY(again.scenario);
        QCOMPARE(scenariofiles::scenarioJson(*again.scenario), contentOf(path));
    }
};

QTEST_MAIN(TestScenarioAuthoring)
#include "tst_scenarioauthoring.moc"
