// The Compare view: legend, downsampling, chart exports and their failures, held state and
// never-admissible requests.
#include "tests/gui/guitest.h"

using namespace ratelab;

class TestCompareView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    void legendHidesEverywhere()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        const QString id = QString::fromStdString(w.controller()->lastReport()->algorithms.front().id);
        w.compareView()->legend()->setHidden({id});
        QVERIFY(!w.compareView()->allowedChart()->algorithmSeries().front()->isVisible());
        QVERIFY(w.compareView()->burstChart()->bars().front().hidden);
        QVERIFY(w.compareView()->reportModel()->index(0, 0).data(Qt::FontRole).value<QFont>().italic());
    }

    // Two of one family: the second is dashed, and a patterned line is downsampled to a quarter
    // of the plot columns (ChartView::plotColumnsFor), the solid one to all of them. 2,000 s in
    // 100 ms buckets is 20,000 points a series, far over either budget.
    void patternedSeriesGetFewerPoints()
    {
        const Scenario scenario = loadScenario(R"({
            "schema": "ratelab.scenario/1", "name": "two buckets", "seed": 3, "duration": "2000s",
            "traffic": [{"kind": "poisson", "label": "clients", "rate": "40/s"}],
            "algorithms": [
                {"id": "small", "algorithm": "token_bucket", "params": {"capacity": 5, "refill": "20/s"}},
                {"id": "large", "algorithm": "token_bucket", "params": {"capacity": 50, "refill": "20/s"}}],
            "metrics": {"bucket": "100ms"}})",
                                               "two-buckets");
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(scenario, QString());
        QVERIFY(waitSettled(w));
        AllowedChart* chart = w.compareView()->allowedChart();
        chart->refreshNow();
        const auto series = chart->algorithmSeries();
        QCOMPARE(series.size(), qsizetype(2));
        QCOMPARE(series[0]->pen().style(), Qt::SolidLine);
        QCOMPARE(series[1]->pen().style(), Qt::DashLine);
        const int columns = chart->plotColumns();
        QVERIFY2(series[1]->count() <= 2 * (columns / 4) + 2,
                 qPrintable(QStringLiteral("dashed %1 points, %2 columns").arg(series[1]->count()).arg(columns)));
        QVERIFY2(series[0]->count() > 2 * (columns / 4) + 2,
                 qPrintable(QStringLiteral("solid %1 points, %2 columns").arg(series[0]->count()).arg(columns)));
    }

    void chartExports()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        QTemporaryDir dir;
        for (ChartView* chart : w.compareView()->charts()) {
            const QString stem = dir.filePath(chart->exportName());
            QVERIFY(chart->exportPng(stem + QStringLiteral(".png")));
            const QImage png(stem + QStringLiteral(".png"));
            QCOMPARE(png.width(), 2 * int(chart->chart()->geometry().width()));
            QVERIFY(chart->exportSvg(stem + QStringLiteral(".svg")));
            QFile svg(stem + QStringLiteral(".svg"));
            QVERIFY(svg.open(QIODevice::ReadOnly));
            const QByteArray svgText = svg.readAll();
            QVERIFY(svgText.contains("<svg"));
            QVERIFY2(!svgText.contains("<image"), "a series went into the SVG as a pixmap, not as vectors");
            QVERIFY(chart->exportCsv(stem + QStringLiteral(".csv")));
            QVERIFY(QFileInfo(stem + QStringLiteral(".csv")).size() > 10);
        }
    }

    // Every export reports a write that fails, naming the file and the OS reason, and keeps
    // the file that was there: the report (File > Export report), each chart's PNG, SVG and
    // CSV, and the advisor's export dialog.
    void exportFailuresAreReported()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        const QString full = QStringLiteral("/dev/full");
        const QString noSpace = QStringLiteral("Cannot write /dev/full: ") + osReason(ENOSPC);

        bool exported = true;
        QCOMPARE(messageBoxOf([&] { exported = w.exportReport(full); }), QStringLiteral("Export report\n") + noSpace);
        QVERIFY(!exported);

        // A report over an earlier one, on a disk that fills up after 4,096 bytes.
        QTemporaryDir dir;
        const QString report = dir.filePath(QStringLiteral("report.json"));
        const QByteArray previous = "{\"earlier\": \"report\"}\n";
        {
            QFile file(report);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QCOMPARE(file.write(previous), qint64(previous.size()));
        }
        QVERIFY(reportJson(*w.controller()->lastReport()).size() > 4096);
        QString shown;
        {
            const test::FileSizeLimit fillsUp(4096);
            QVERIFY(fillsUp.isSet());
            shown = messageBoxOf([&] { exported = w.exportReport(report); });
        }
        QVERIFY(!exported);
        QCOMPARE(shown, QStringLiteral("Export report\nCannot write %1: %2").arg(report, osReason(EFBIG)));
        QCOMPARE(contentOf(report), previous);

        for (ChartView* chart : w.compareView()->charts()) {
            QString error;
            QVERIFY(!chart->exportPng(full, &error));
            QCOMPARE(error, noSpace);
            error.clear();
            QVERIFY(!chart->exportSvg(full, &error));
            QCOMPARE(error, noSpace);
            error.clear();
            QVERIFY(!chart->exportCsv(full, &error));
            QCOMPARE(error, noSpace);
        }
        ChartView* chart = w.compareView()->charts().front();
        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(chart->exportPng(png));
        const QByteArray image = contentOf(png);
        QVERIFY(image.size() > 4096);
        {
            const test::FileSizeLimit fillsUp(4096);
            QVERIFY(fillsUp.isSet());
            QString error;
            exported = chart->exportPng(png, &error);
            shown = error;
        }
        QVERIFY(!exported);
        QCOMPARE(shown, QStringLiteral("Cannot write %1: %2").arg(png, osReason(EFBIG)));
        QCOMPARE(contentOf(png), image);

        ExportDialog dialog(QStringLiteral("gcra as nginx"), QStringLiteral("limit_req_zone ...;\n"),
                            QStringLiteral("gcra.conf"));
        QCOMPARE(messageBoxOf([&] { exported = dialog.saveTo(full); }), QStringLiteral("gcra as nginx\n") + noSpace);
        QVERIFY(!exported);
        const QString conf = dir.filePath(QStringLiteral("gcra.conf"));
        QVERIFY(dialog.saveTo(conf));
        QCOMPARE(contentOf(conf), QByteArray("limit_req_zone ...;\n"));
    }

    // Compare over cluster-redis-outage: chart C says where each lane's state was held. One
    // global key: the store holds it (a token bucket, 16 B); under local_fallback each of the 4
    // instances also holds a bucket once the store is down, while the store's key (drained by
    // 300/s against 100/s) lives on about 1 s after its last write: 5 keys, 80 B. Each label
    // fits right of its bar inside the plot. No request costs more than the limit: no column.
    void compareShowsWhereStateIsHeld()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.setView(MainWindow::View::Compare);
        w.openExample(QStringLiteral("cluster-redis-outage"));
        QVERIFY(waitSettled(w));
        StateChart* chart = w.compareView()->stateChart();
        const QStringList expected{QStringLiteral("16 B/key · 16 B, 1 key in the store"),
                                   QStringLiteral("16 B/key · 16 B, 1 key in the store"),
                                   QStringLiteral("16 B/key · 80 B, 5 keys: store 1, up to 1 per instance"),
                                   QStringLiteral("16 B/key · 16 B, 1 key in the store")};
        QCOMPARE(chart->bars().size(), qsizetype(expected.size()));
        chart->refreshNow();
        const QRectF plot = chart->chart()->plotArea();
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(chart->bars()[i].annotation, expected[i]);
            QVERIFY(chart->bars()[i].tooltip.contains(i == 2 ? QStringLiteral("instance 3: 1 key, 16 B")
                                                             : QStringLiteral("store: 1 key, 16 B")));
            const QGraphicsSimpleTextItem* label = nullptr;
            for (QGraphicsItem* item : chart->chart()->childItems())
                if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item); text && text->text() == expected[i])
                    label = text;
            QVERIFY(label);
            const QRectF r = label->mapRectToScene(label->boundingRect());
            QVERIFY2(plot.contains(r), qPrintable(QStringLiteral("%1 outside the plot").arg(expected[i])));
        }
        ReportModel* model = w.compareView()->reportModel();
        QCOMPARE(model->index(2, ReportModel::PeakState).data().toString(), QStringLiteral("80 B"));
        QTableView* table = w.compareView()->table();
        QVERIFY(table->isColumnHidden(ReportModel::NeverAdmissible));
        // The last column still takes the table's remaining width.
        const QHeaderView* header = table->horizontalHeader();
        QCOMPARE(header->sectionViewportPosition(ReportModel::Overshoot) + header->sectionSize(ReportModel::Overshoot),
                 table->viewport()->width());
    }

    // Requests costlier than the limit: the table shows the never-admissible column. One a
    // second on key k (so each limiter is idle again), costs 1 6 11 50 5 10 12 3 6 100 11 2:
    // above capacity 10: 5; above GCRA's burst 5: 8.
    void compareFlagsNeverAdmissible()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile trace(dir.filePath(QStringLiteral("costs.csv")));
        QVERIFY(trace.open(QIODevice::WriteOnly));
        trace.write("t_us,key,cost\n0,k,1\n1000000,k,6\n2000000,k,11\n3000000,k,50\n4000000,k,5\n5000000,k,10\n"
                    "6000000,k,12\n7000000,k,3\n8000000,k,6\n9000000,k,100\n10000000,k,11\n11000000,k,2\n");
        trace.close();
        const Scenario scenario = loadScenario(R"({"name": "costly", "duration": "12s",
            "traffic": [{"kind": "trace", "file": "costs.csv"}], "keys": "recorded", "algorithms": [
            {"algorithm": "token_bucket", "params": {"capacity": 10, "refill": "10/s"}},
            {"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}]})",
                                               "costly", dir.path().toStdString());
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.setView(MainWindow::View::Compare);
        w.openScenario(scenario, QString());
        QVERIFY(waitSettled(w));
        QVERIFY(!w.compareView()->table()->isColumnHidden(ReportModel::NeverAdmissible));
        ReportModel* model = w.compareView()->reportModel();
        QCOMPARE(model->index(0, ReportModel::NeverAdmissible).data().toString(), QStringLiteral("5"));
        QCOMPARE(model->index(1, ReportModel::NeverAdmissible).data().toString(), QStringLiteral("8"));
        // Every row visible above the horizontal scroll bar the wider table needs.
        QTableView* table = w.compareView()->table();
        QVERIFY(table->rowViewportPosition(1) + table->rowHeight(1) <= table->viewport()->height());
    }
};

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
