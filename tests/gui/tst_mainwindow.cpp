// The main window: help, every shipped scenario run and shown, parameter edits, saving,
// destruction, Cancel and reflow on a small window.
#include "app/gui/views/cluster/clustercharts.h"
#include "tests/gui/guitest.h"

#include "app/gui/dialogs/tourdialog.h"

#include <QBarSet>
#include <QListWidget>
#include <QSettings>

using namespace ratelab;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    void helpShowsTheDocs()
    {
        // Help > Documentation lists every Markdown file of resources/docs, the app's guide first,
        // and renders the one asked for.
        const QStringList files = QDir(QStringLiteral(RATELAB_SOURCE_DIR "/resources/docs"))
                                      .entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
        QVERIFY(files.contains(QStringLiteral("report.md")));
        MainWindow w;
        HelpDialog* help = w.help().showHelp(QStringLiteral("report"));
        QVERIFY(help->isVisible());
        QCOMPARE(help->documents().size(), files.size());
        QCOMPARE(help->documents().front(), QStringLiteral("app"));
        QVERIFY(help->shownText().contains(QStringLiteral("peak_state_bytes")));
        QVERIFY(!help->showDocument(QStringLiteral("no-such-document")));
    }

    // The first start shows the tour; each step brings its view forward; once closed it does
    // not come back by itself, and Help > Tour of the views opens it again at the start.
    void tourOnTheFirstStartOnly()
    {
        QSettings().remove(QStringLiteral("tour/seen"));
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.help().startTourIfFirstRun();
        auto* tour = w.findChild<TourDialog*>();
        QVERIFY(tour && tour->isVisible());
        QCOMPARE(w.views().view(), MainWindow::View::Compare);
        QVERIFY(tour->stepTitle().startsWith(QStringLiteral("Compare")));
        tour->setStep(1);
        QCOMPARE(w.views().view(), MainWindow::View::Learn);
        tour->setStep(2);
        QCOMPARE(w.views().view(), MainWindow::View::Logs);
        tour->setStep(3);
        QCOMPARE(w.views().view(), MainWindow::View::Cluster);
        tour->setStep(tour->stepCount() - 1);
        QCOMPARE(w.views().view(), MainWindow::View::Cluster);  // the last step has no view of its own
        tour->reject();
        QVERIFY(!tour->isVisible());
        QVERIFY(TourDialog::seen());

        MainWindow again;
        again.help().startTourIfFirstRun();
        QVERIFY(!again.findChild<TourDialog*>());
        findAction(&again, QStringLiteral("Tour of the views"))->trigger();
        auto* reopened = again.findChild<TourDialog*>();
        QVERIFY(reopened && reopened->isVisible());
        QCOMPARE(reopened->step(), 0);
        reopened->reject();
        QSettings().remove(QStringLiteral("tour/seen"));
    }

    void tableRowOpensLearn()
    {
        // boundary-attack's fixed window (row 0) peaks at 2.00x: 20 of user-0's requests in the
        // window ending at 1.090 s. A double-click on its row opens Learn on that key there.
        MainWindow w;
        QVERIFY(showExample(w, QStringLiteral("boundary-attack")));
        const PeakBurst peak = w.controller()->lastReport()->algorithms.front().peakBurst;
        QCOMPARE(peak.key, std::string("user-0"));
        QCOMPARE(peak.atUs, SimTime(1'090'000));
        QTableView* table = w.views().compare()->tables().summary();  // the summary, not the breakdown by endpoint
        QVERIFY(table);
        const QModelIndex row = table->model()->index(0, ReportModel::Acceptance);  // a column always shown
        QSignalSpy learnReady(w.views().learn(), &LearnView::ready);
        // An item view takes a double-click on the index a press selected.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(row).center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(row).center());
        QCOMPARE(w.views().view(), MainWindow::View::Learn);
        QVERIFY(w.views().learn()->isReady() || learnReady.wait(kRunTimeoutMs));
        const LaneCanvas::Lane& lane = w.views().learn()->canvas()->lanes().front();
        QCOMPARE(lane.history.algorithmId, std::string("fixed_window"));
        QCOMPARE(lane.history.key, std::string("user-0"));
        QCOMPARE(lane.history.steps[std::size_t(w.views().learn()->cursor().current())].atUs, SimTime(1'090'000));

        // A double-click on B's bar of the sliding log (row 1) opens Learn on its peak: user-0,
        // the window ending at 0.990 s, where its tenth request fills it.
        const PeakBurst logPeak = w.controller()->lastReport()->algorithms[1].peakBurst;
        QCOMPARE(logPeak.atUs, SimTime(990'000));
        w.views().setView(MainWindow::View::Compare);
        emit w.views().compare()->charts().burst()->barSets()[1]->doubleClicked(0);
        QTRY_COMPARE(w.views().view(), MainWindow::View::Learn);  // queued (barschart.cpp); the mouse: tst_chartpointer
        QVERIFY(w.views().learn()->isReady() || learnReady.wait(kRunTimeoutMs));
        const LaneCanvas::Lane& logLane = w.views().learn()->canvas()->lanes().front();
        QCOMPARE(logLane.history.algorithmId, std::string("sliding_window_log"));
        QCOMPARE(logLane.history.steps[std::size_t(w.views().learn()->cursor().current())].atUs, SimTime(990'000));
    }

    void embeddedScenario_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& [name, json] : embeddedScenarios())
            QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }

    void embeddedScenario()
    {
        QFETCH(QString, name);
        std::string json;
        for (const auto& [n, j] : embeddedScenarios())
            if (QString::fromStdString(n) == name)
                json = j;
        const Scenario scenario = loadScenario(json, name.toStdString());

        MainWindow w;
        QVERIFY(showScenario(w, scenario));
        const auto shown = w.controller()->lastReport();
        QVERIFY(shown);

        // The table holds exactly what the engine reports for the same scenario.
        RunControl control;
        const Report expected = runScenario(scenario, control);
        ReportModel* model = w.views().compare()->tables().model();

        // File > Export report writes, byte for byte, the report.json of the same run outside the app.
        const QString exported = QDir(QDir::tempPath()).filePath("ratelab-tst-gui-report.json");
        QVERIFY(w.files().exportReport(exported));
        QFile file(exported);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(), reportJson(expected));
        file.remove();

        QCOMPARE(model->rowCount(), int(expected.algorithms.size()));
        for (int row = 0; row < model->rowCount(); ++row) {
            const AlgorithmReport& a = expected.algorithms[std::size_t(row)];
            for (int column = 0; column < ReportModel::ColumnCount; ++column) {
                const QVariant cell = model->index(row, column).data(ReportModel::SortRole);
                QCOMPARE(cell, ReportModel::rawValue(a, column));
            }
            QCOMPARE(model->index(row, ReportModel::Requests).data().toString(), QLocale().toString(qint64(a.requests)));
        }

        // Chart A: one series per algorithm, downsampled within 2 x plot columns.
        w.views().compare()->charts().allowed()->refreshNow();
        const int cap = 2 * w.views().compare()->charts().allowed()->plotColumns();
        const auto series = w.views().compare()->charts().allowed()->algorithmSeries();
        QCOMPARE(series.size(), qsizetype(expected.algorithms.size()));
        for (QLineSeries* s : series) {
            QVERIFY(s->count() > 0 || expected.algorithms.front().allowedSeries.empty());
            QVERIFY2(s->count() <= cap, qPrintable(QStringLiteral("%1 > %2").arg(s->count()).arg(cap)));
        }
        // B and C: a bar per algorithm; D: a curve per shaper, or the empty state.
        QCOMPARE(w.views().compare()->charts().burst()->bars().size(), qsizetype(expected.algorithms.size()));
        QCOMPARE(w.views().compare()->charts().state()->bars().size(), qsizetype(expected.algorithms.size()));
        qsizetype shapers = 0;
        for (const AlgorithmReport& a : expected.algorithms)
            shapers += a.delay ? 1 : 0;
        QCOMPARE(w.views().compare()->charts().delay()->lines().size(), shapers);
        QCOMPARE(w.views().compare()->charts().delay()->isEmptyState(), shapers == 0);
        for (int i = 0; i < int(expected.algorithms.size()); ++i)
            QCOMPARE(w.views().compare()->charts().burst()->bars()[i].value, expected.algorithms[std::size_t(i)].peakBurst.ratio);

        // The Learn view traces the busiest key through the first algorithm.
        QSignalSpy learnReady(w.views().learn(), &LearnView::ready);
        w.views().setView(MainWindow::View::Learn);
        QVERIFY(w.views().learn()->isReady() || learnReady.wait(kRunTimeoutMs));
        if (!expected.algorithms.empty() && expected.uniqueRequests > 0) {
            QVERIFY(w.views().learn()->cursor().stepCount() > 0);
            QVERIFY(!w.views().learn()->texts().sentence(0).isEmpty());
            QVERIFY(w.views().learn()->texts().headersA().startsWith(QStringLiteral("HTTP/1.1 ")));
            // Both common X-RateLimit-Reset styles: seconds from now in the header, Unix time below.
            QVERIFY2(QRegularExpression(QStringLiteral("\\nX-RateLimit-Reset: \\d+\\n.*\\n\\(X-RateLimit-Reset as Unix "
                                                       "time, as GitHub and X send it: \\d+\\)"),
                                        QRegularExpression::DotMatchesEverythingOption)
                         .match(w.views().learn()->texts().headersA())
                         .hasMatch(),
                     qPrintable(w.views().learn()->texts().headersA()));
        }
    }

    // Two of one family share a colour and differ by dash: the dock's swatches are line
    // swatches, wide enough for a whole dash period, and the two differ.
    void dockSwatchesShowTheDash()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(loadScenario(R"({"schema": "ratelab.scenario/1", "name": "two buckets", "duration": "2s",
            "traffic": [{"kind": "poisson", "label": "clients", "rate": "5/s"}],
            "algorithms": [{"id": "a", "algorithm": "token_bucket", "params": {"capacity": 5, "refill": "5/s"}},
                           {"id": "b", "algorithm": "token_bucket", "params": {"capacity": 9, "refill": "5/s"}}]})",
                                    "two-buckets"),
                       QString());
        QVERIFY(waitSettled(w));
        QListWidget* list = w.scenarioDock()->algorithms()->list();
        QCOMPARE(list->iconSize(), QSize(palette::kLineSwatchWidth, palette::kLineSwatchHeight));
        const QImage first = list->item(0)->icon().pixmap(list->iconSize()).toImage();
        const QImage second = list->item(1)->icon().pixmap(list->iconSize()).toImage();
        QCOMPARE(first.width(), palette::kLineSwatchWidth);
        QVERIFY(first != second);
    }

    void editingAParameterReRuns()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        const auto before = w.controller()->lastReport();
        const QList<QPointF> pointsBefore = w.views().compare()->charts().allowed()->algorithmSeries().front()->points();

        ScenarioDock* dock = w.scenarioDock();
        dock->algorithms()->select(0);
        const Scenario& s = w.document()->scenario();
        const AlgorithmInfo* info = findAlgorithm(s.algorithms.front().algorithm);
        QVERIFY(info);
        // The first integer parameter (capacity, burst, limit) made much smaller.
        QString param;
        for (const ParamSpec& p : info->params)
            if (p.kind == ParamKind::Integer) {
                param = QString::fromStdString(p.name);
                break;
            }
        QVERIFY(!param.isEmpty());
        auto* edit = qobject_cast<QLineEdit*>(dock->params()->editor(param));
        QVERIFY(edit);
        const QString old = edit->text();

        // Invalid input: red outline, the engine's reason as tooltip, Run disabled.
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("abc"));
        QVERIFY(!dock->paramsValid());
        QVERIFY(!edit->styleSheet().isEmpty());
        QVERIFY(edit->toolTip().size() > 0);
        QAction* run = findAction(&w, QStringLiteral("Run"));
        QVERIFY(run);
        QVERIFY(!run->isEnabled());

        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("1"));
        QVERIFY(dock->paramsValid());
        QVERIFY(run->isEnabled());
        QSignalSpy finished(w.controller(), &SimulationController::finished);
        QVERIFY(finished.wait(kRunTimeoutMs));  // after the debounce
        QVERIFY(waitSettled(w));
        const auto after = w.controller()->lastReport();
        QVERIFY(after != before);
        QCOMPARE(w.document()->scenario().algorithms.front().params.at(param.toStdString()), std::string("1"));
        QVERIFY(after->algorithms.front().allowed < before->algorithms.front().allowed);
        w.views().compare()->charts().allowed()->refreshNow();
        QVERIFY(w.views().compare()->charts().allowed()->algorithmSeries().front()->points() != pointsBefore);

        // Undo restores the value and re-runs.
        QSignalSpy again(w.controller(), &SimulationController::finished);
        w.document()->undoStack()->undo();
        QCOMPARE(edit->text(), old);
        QVERIFY(again.wait(kRunTimeoutMs));
        QCOMPARE(w.controller()->lastReport()->algorithms.front().allowed, before->algorithms.front().allowed);
    }

    // Save writes nothing it cannot write whole. On a full device (/dev/full: ENOSPC) and on a
    // disk that fills up after 64 bytes (a file size limit: EFBIG), the user is told which
    // file and why, the document stays modified (so closing asks to save it), and the file
    // that was there keeps its content (written in place, it was left cut to 64 bytes).
    void saveFailureKeepsTheDocumentModified_data()
    {
        QTest::addColumn<bool>("fullDevice");
        QTest::newRow("/dev/full") << true;
        QTest::newRow("disk fills up") << false;
    }

    void saveFailureKeepsTheDocumentModified()
    {
        QFETCH(bool, fullDevice);
        QTemporaryDir dir;
        const QString path = fullDevice ? QStringLiteral("/dev/full") : dir.filePath(QStringLiteral("scenario.json"));
        const QByteArray previous = "{\"previous\": \"content\"}\n";
        if (!fullDevice) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QCOMPARE(file.write(previous), qint64(previous.size()));
        }
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), path);
        QVERIFY(waitSettled(w));
        ScenarioDocument::State next = w.document()->state();
        next.scenario.seed += 1;
        w.document()->edit(next, QStringLiteral("seed"));
        QVERIFY(waitSettled(w));
        QVERIFY(!w.document()->undoStack()->isClean());
        QAction* save = findAction(&w, QStringLiteral("Save"));
        QVERIFY(save);

        QString shown;
        {
            std::optional<test::FileSizeLimit> full;
            if (!fullDevice)
                QVERIFY(full.emplace(64).isSet());
            shown = messageBoxOf([&] { save->trigger(); });
        }
        QCOMPARE(shown, QStringLiteral("Save scenario\nCannot write %1: %2").arg(path, osReason(fullDevice ? ENOSPC : EFBIG)));
        QVERIFY(!w.document()->undoStack()->isClean());
        QVERIFY2(w.windowTitle().contains(QStringLiteral(" *")), qPrintable(w.windowTitle()));
        if (!fullDevice) {
            QCOMPARE(contentOf(path), previous);
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("scenario.json")});
        }
        // With room again, the same Save works and the document is clean.
        if (!fullDevice) {
            save->trigger();
            QVERIFY(w.document()->undoStack()->isClean());
            QCOMPARE(loadScenarioFile(path.toStdString()).seed, next.scenario.seed);
        }
    }

    // Destroying the window runs none of its handlers. Qt destroys the children (the dock,
    // the document and its undo stack) in ~QWidget, once MainWindow's part of the object is
    // gone, and what they signal as they go reached it: the dock, hidden, toggled the
    // Scenario Panel action; the undo stack, cleared of an unsaved edit, retitled the window
    // (UBSan: member call on an object that is no longer a MainWindow).
    void destructionReachesNoHandler()
    {
        auto* w = new MainWindow;
        w->resize(1600, 1000);
        w->show();
        w->openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(*w));
        ScenarioDocument::State next = w->document()->state();
        next.scenario.seed += 1;
        w->document()->edit(next, QStringLiteral("seed"));
        QVERIFY(waitSettled(*w));
        QVERIFY(!w->document()->undoStack()->isClean());
        QVERIFY(w->dockRail().showAction()->isChecked());
        QSignalSpy retitled(w, &QWidget::windowTitleChanged);
        QSignalSpy toggled(w->dockRail().showAction(), &QAction::toggled);
        delete w;
        QCOMPARE(retitled.count(), 0);
        QCOMPARE(toggled.count(), 0);
    }

    void cancelKeepsPreviousResult()
    {
        MainWindow w;
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        const auto before = w.controller()->lastReport();
        QSignalSpy done(w.controller(), &SimulationController::runningChanged);
        ScenarioDocument::State next = w.document()->state();
        next.scenario.seed += 1;
        w.document()->edit(next, QStringLiteral("seed"));
        w.controller()->cancel();
        QVERIFY(done.count() > 0 || done.wait(kRunTimeoutMs));
        QTRY_VERIFY(!w.controller()->isRunning());
        QVERIFY(w.controller()->lastReport());
        QVERIFY(w.views().compare()->tables().model()->rowCount() > 0);
        Q_UNUSED(before);
    }

    // gui-guide.md 2: below 1500 px the dock folds to a rail that opens as an overlay; below about
    // 1200 px Compare's 2 x 2 charts become tabs; below 1400 px the Cluster view's topology
    // folds to a summary row; back at full size all return.
    void reflowsWhenSmall()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        QVERIFY(!w.dockRail().isFolded());
        QVERIFY(w.scenarioDock()->isVisible());
        ChartGrid* grid = w.views().compare()->charts().grid();
        QVERIFY(!grid->isCompact());

        w.resize(1400, 900);
        QTRY_VERIFY(w.dockRail().isFolded());
        QVERIFY(!w.scenarioDock()->isVisible());
        QTRY_VERIFY(!grid->isCompact());  // the folded dock leaves room for the grid

        w.resize(1024, 700);
        QTRY_VERIFY(grid->isCompact());
        // One chart shown at a time, each still holding its series.
        QVERIFY(w.views().compare()->charts().allowed()->isVisible());
        QVERIFY(!w.views().compare()->charts().burst()->isVisible());
        QCOMPARE(w.views().compare()->charts().burst()->bars().size(), qsizetype(defaultScenario().algorithms.size()));

        // The rail's button opens the dock as an overlay over the charts: the views keep their
        // place and size, the dock stays folded. Escape closes it, so does a click outside it;
        // a click inside does not.
        DockOverlay* overlay = w.dockRail().overlay();
        QWidget* contents = w.scenarioDock()->widget();
        QVERIFY(contents);
        QVERIFY(!w.dockRail().showAction()->isChecked());
        const QRect viewBefore = w.views().tabs()->geometry();
        w.dockRail().showAction()->trigger();
        QVERIFY(overlay->isOpen());
        QVERIFY(!w.scenarioDock()->isVisible());
        QCOMPARE(w.views().tabs()->geometry(), viewBefore);
        QVERIFY(w.dockRail().showAction()->isChecked());
        QVERIFY(overlay->isAncestorOf(contents));
        QVERIFY(contents->isVisible());
        QCOMPARE(overlay->geometry().left(), viewBefore.left());  // beside the rail, over the view
        QCOMPARE(overlay->geometry().top(), viewBefore.top() + w.views().tabs()->tabBar()->height());  // under the tabs
        QCOMPARE(overlay->geometry().bottom(), viewBefore.bottom());
        QCOMPARE(overlay->width(), DockRail::kOverlayWidthPx);
        QWidget* allowed = w.views().compare()->charts().allowed();
        QVERIFY(overlay->geometry().intersects(QRect(allowed->mapTo(&w, QPoint(0, 0)), allowed->size())));
        QTest::keyClick(contents, Qt::Key_Escape);
        QVERIFY(!overlay->isOpen());
        QVERIFY(!w.dockRail().showAction()->isChecked());
        QCOMPARE(w.scenarioDock()->widget(), contents);  // given back

        w.dockRail().showAction()->trigger();
        QVERIFY(overlay->isOpen());
        QTest::mouseClick(contents, Qt::LeftButton, {}, QPoint(5, 5));
        QVERIFY(overlay->isOpen());
        // On the right half of the chart, beyond the overlay.
        const QPoint outside = allowed->mapTo(&w, QPoint(allowed->width() * 3 / 4, allowed->height() / 2));
        QVERIFY(!overlay->geometry().contains(outside));
        QWidget* hit = w.childAt(outside);
        QVERIFY(hit);
        QTest::mouseClick(hit, Qt::LeftButton, {}, hit->mapFrom(&w, outside));
        QVERIFY(!overlay->isOpen());
        QCOMPARE(w.scenarioDock()->widget(), contents);

        // Open while the window grows past 1500 px: the dock unfolds, docked, with its contents.
        w.dockRail().showAction()->trigger();
        QVERIFY(overlay->isOpen());
        w.resize(1600, 1000);
        QTRY_VERIFY(!w.dockRail().isFolded());
        QVERIFY(!overlay->isOpen());
        QTRY_VERIFY(!grid->isCompact());
        QVERIFY(w.scenarioDock()->isVisible());
        QCOMPARE(w.scenarioDock()->widget(), contents);
        QVERIFY(w.dockRail().showAction()->isChecked());
        QVERIFY(w.views().compare()->charts().burst()->isVisible());

        // gui-guide.md 4.4: below 1400 px the Cluster view's topology folds to one row above the charts
        // (instances with their clock offsets, store, policy) that expands on demand.
        w.views().setView(MainWindow::View::Cluster);
        w.openExample(QStringLiteral("cluster-clock-skew"));  // inst-1 runs 300 ms ahead
        QVERIFY(waitSettled(w));
        ClusterView* cluster = w.views().cluster();
        QVERIFY(cluster->hasCluster());
        QVERIFY(!cluster->isTopologyCollapsed());
        QVERIFY(cluster->topology()->isVisible());
        QVERIFY(!cluster->topologySummary()->isVisible());
        w.resize(1300, 850);
        QTRY_VERIFY(cluster->isTopologyCollapsed());
        QVERIFY(!cluster->topology()->isVisible());
        QVERIFY(cluster->topologySummary()->isVisible());
        const QString summary = cluster->topologySummary()->text();
        QVERIFY2(summary.contains(QStringLiteral("inst-0 \u00B10 ms, inst-1 +300.0 ms")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("store: redis_atomic, instance clocks")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("policy: ")), qPrintable(summary));
        // Above the charts, the full width of the view.
        QVERIFY(cluster->topologySummary()->mapTo(cluster, QPoint(0, 0)).y()
                < cluster->charts().global()->mapTo(cluster, QPoint(0, 0)).y());
        QVERIFY(cluster->topologySummary()->width() > cluster->width() * 9 / 10);
        cluster->topologySummary()->expandButton()->click();
        QVERIFY(cluster->topologySummary()->isExpanded());
        QVERIFY(cluster->topology()->isVisible());
        cluster->topologySummary()->expandButton()->click();
        QVERIFY(!cluster->topology()->isVisible());
        w.resize(1600, 1000);
        QTRY_VERIFY(!cluster->isTopologyCollapsed());
        QVERIFY(cluster->topology()->isVisible());
        QVERIFY(!cluster->topologySummary()->isVisible());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
