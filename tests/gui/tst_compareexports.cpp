// Compare's exports: every chart as PNG, SVG and CSV, and the failures of writing them (a
// full disk, a file too large), as the user sees them, with the advisor's export dialog.
#include "app/gui/views/cluster/clustercharts.h"
#include "tests/gui/guitest.h"

#include <QCategoryAxis>

using namespace ratelab;

class TestCompareExports : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    void chartExports()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        QTemporaryDir dir;
        for (ChartView* chart : w.views().compare()->charts().shown()) {
            const QString stem = dir.filePath(chart->exportName());
            QVERIFY(chart->exporter().exportPng(stem + QStringLiteral(".png")));
            const QImage png(stem + QStringLiteral(".png"));
            QCOMPARE(png.width(), 2 * int(chart->chart()->geometry().width()));
            QVERIFY(chart->exporter().exportSvg(stem + QStringLiteral(".svg")));
            QFile svg(stem + QStringLiteral(".svg"));
            QVERIFY(svg.open(QIODevice::ReadOnly));
            const QByteArray svgText = svg.readAll();
            QVERIFY(svgText.contains("<svg"));
            QVERIFY2(!svgText.contains("<image"), "a series went into the SVG as a pixmap, not as vectors");
            QVERIFY(chart->exporter().exportCsv(stem + QStringLiteral(".csv")));
            QVERIFY(QFileInfo(stem + QStringLiteral(".csv")).size() > 10);
        }
    }

    // A zoomed chart's CSV (its context menu): "visible range" holds exactly the rows of "all
    // data" whose time lies inside the x axis' range, in the same order; "all data" holds every
    // bucket of every series from 0 to the run's end, as before the zoom.
    void csvVisibleRangeOrAllData()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        AllowedChart* a = w.views().compare()->charts().allowed();
        const QString unzoomed = a->exporter().csv();
        a->zoom().setRange(std::make_pair(20.25, 41.5));
        a->refreshNow();
        QTemporaryDir dir;
        const QString visiblePath = dir.filePath(QStringLiteral("visible.csv"));
        const QString allPath = dir.filePath(QStringLiteral("all.csv"));
        QVERIFY(a->exporter().exportCsv(visiblePath, nullptr, ChartExport::CsvScope::VisibleRange));
        QVERIFY(a->exporter().exportCsv(allPath, nullptr, ChartExport::CsvScope::AllData));
        const QStringList visible = QString::fromUtf8(contentOf(visiblePath)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const QStringList all = QString::fromUtf8(contentOf(allPath)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(all.join(QLatin1Char('\n')) + QLatin1Char('\n'), unzoomed);
        QCOMPARE(visible.front(), all.front());

        // The axis as drawn, in seconds (the default scenario runs 2 min: a seconds axis).
        auto* axis = qobject_cast<QCategoryAxis*>(a->chart()->axes(Qt::Horizontal).front());
        QVERIFY(axis);
        const double lo = axis->min();
        const double hi = axis->max();
        QCOMPARE(lo, 20.25);
        QCOMPARE(hi, 41.5);
        const Report& r = *w.controller()->lastReport();
        QCOMPARE(fmt::timeScaleFor(double(r.scenario.durationUs) / 1e6).secondsPerUnit, 1.0);
        QStringList inside;
        QMap<QString, QList<double>> times;  // each series' bucket starts
        for (qsizetype i = 1; i < all.size(); ++i) {
            const QStringList f = all[i].split(QLatin1Char(','));
            const double t = f[0].toDouble();
            times[f[1]].append(t);
            if (t >= lo && t <= hi)
                inside.append(all[i]);
        }
        QCOMPARE(visible.mid(1), inside);
        QVERIFY(inside.size() > 0 && inside.size() < all.size() - 1);
        // Every series (offered and one per algorithm) from t = 0 in equal steps to the end.
        QCOMPARE(times.size(), qsizetype(r.algorithms.size() + 1));
        for (const QList<double>& ts : times) {
            QCOMPARE(ts.front(), 0.0);
            const double step = ts[1] - ts[0];
            QVERIFY(ts.back() < double(r.scenario.durationUs) / 1e6
                    && ts.back() + step >= double(r.scenario.durationUs) / 1e6 - 1e-9);
        }
        // Not zoomed, the visible range is everything.
        a->zoom().reset();
        QCOMPARE(a->exporter().csv(ChartExport::CsvScope::VisibleRange), a->exporter().csv(ChartExport::CsvScope::AllData));
    }

    // A line chart's PNG names its lines in a legend row under the plot, each in its own pen:
    // chart A's image is a legend row taller than the chart and its footer, and that row holds
    // the token bucket's colour.
    void pngHasALegendRow()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        w.theme().setTheme(WindowTheme::Theme::Light);
        w.openScenario(defaultScenario(), QString());
        QVERIFY(waitSettled(w));
        AllowedChart* a = w.views().compare()->charts().allowed();
        const QImage image = a->exporter().renderImage(1.0, true);
        const int footer = QFontMetrics(a->font()).height();
        const int plotHeight = int(a->chart()->geometry().height());
        QVERIFY2(image.height() > plotHeight + 2 * footer,
                 qPrintable(QStringLiteral("%1 vs %2").arg(image.height()).arg(plotHeight)));
        const QColor token = palette::familyColor("token_bucket", false);
        bool found = false;
        for (int y = plotHeight; y < image.height() && !found; ++y)
            for (int x = 0; x < image.width() && !found; ++x)
                found = image.pixelColor(x, y) == token;
        QVERIFY(found);
    }

    // B's and C's CSVs hold what their annotations and tooltips show: each peak's admitted cost,
    // limit, window, time and key; each algorithm's peak state, live keys and Redis bytes; all as
    // the report has them.
    void barChartCsvsHoldEveryValue()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        const Report& r = *w.controller()->lastReport();
        const QStringList bursts =
            w.views().compare()->charts().burst()->exporter().csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(bursts.front(), QStringLiteral("id,peak_burst_ratio,allowed_cost,limit,window_us,at_us,key"));
        const QStringList state =
            w.views().compare()->charts().state()->exporter().csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(state.front(), QStringLiteral("id,state_bytes_per_key,peak_state_bytes,peak_live_keys,redis_bytes_per_key"));
        QCOMPARE(bursts.size(), qsizetype(r.algorithms.size() + 1));
        for (std::size_t i = 0; i < r.algorithms.size(); ++i) {
            const AlgorithmReport& a = r.algorithms[i];
            const QStringList b = bursts[qsizetype(i) + 1].split(QLatin1Char(','));
            QCOMPARE(b[0], QString::fromStdString(a.id));
            QCOMPARE(b[2].toLongLong(), qint64(a.peakBurst.allowedCost));
            QCOMPARE(b[4].toLongLong(), qint64(a.peakBurst.windowUs));
            QCOMPARE(b[5].toLongLong(), qint64(a.peakBurst.atUs));
            QCOMPARE(b[6], QString::fromStdString(a.peakBurst.key));
            const QStringList c = state[qsizetype(i) + 1].split(QLatin1Char(','));
            QCOMPARE(c[2].toLongLong(), qint64(a.memory.peakStateBytes));
            QCOMPARE(c[3].toLongLong(), qint64(a.memory.peakLiveKeys));
        }
    }

    // File > Export all charts: Compare's four and, in a cluster scenario, the Cluster view's
    // charts, each as PNG, SVG and CSV in one folder; a folder that cannot be made, one message.
    void exportAllChartsIntoAFolder()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(findAction(&w, QStringLiteral("Export all charts…")));
        w.openExample(QStringLiteral("cluster-redis-outage"));
        QVERIFY(waitSettled(w));
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("charts"));
        const int clusterCharts = int(w.views().cluster()->charts().all().size());
        QVERIFY(clusterCharts >= 4);
        QCOMPARE(w.files().exportAllCharts(folder), 3 * (4 + clusterCharts));
        for (const QString& name : {QStringLiteral("compare-allowed"), QStringLiteral("compare-bursts"),
                                    QStringLiteral("compare-state"), QStringLiteral("cluster-overshootchart")})
            for (const char* ext : {".png", ".svg", ".csv"})
                QVERIFY2(QFileInfo(QDir(folder).filePath(name + QLatin1String(ext))).size() > 10, qPrintable(name + ext));
        QCOMPARE(QDir(folder).entryList(QDir::Files).size(), 3 * (4 + clusterCharts));
        int result = 0;
        const QString shown = messageBoxOf([&] { result = w.files().exportAllCharts(QStringLiteral("/dev/null/charts")); });
        QCOMPARE(result, -1);
        QCOMPARE(shown, QStringLiteral("Export all charts\nCannot create the folder /dev/null/charts"));
    }

    // Every export reports a write that fails, naming the file and the OS reason, and keeps
    // the file that was there: the report (File > Export report), each chart's PNG, SVG and
    // CSV, and the advisor's export dialog.
    void exportFailuresAreReported()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        const QString full = QStringLiteral("/dev/full");
        const QString noSpace = QStringLiteral("Cannot write /dev/full: ") + osReason(ENOSPC);

        bool exported = true;
        QCOMPARE(messageBoxOf([&] { exported = w.files().exportReport(full); }), QStringLiteral("Export report\n") + noSpace);
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
            shown = messageBoxOf([&] { exported = w.files().exportReport(report); });
        }
        QVERIFY(!exported);
        QCOMPARE(shown, QStringLiteral("Export report\nCannot write %1: %2").arg(report, osReason(EFBIG)));
        QCOMPARE(contentOf(report), previous);

        for (ChartView* chart : w.views().compare()->charts().shown()) {
            QString error;
            QVERIFY(!chart->exporter().exportPng(full, &error));
            QCOMPARE(error, noSpace);
            error.clear();
            QVERIFY(!chart->exporter().exportSvg(full, &error));
            QCOMPARE(error, noSpace);
            error.clear();
            QVERIFY(!chart->exporter().exportCsv(full, &error));
            QCOMPARE(error, noSpace);
        }
        ChartView* chart = w.views().compare()->charts().shown().front();
        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(chart->exporter().exportPng(png));
        const QByteArray image = contentOf(png);
        QVERIFY(image.size() > 4096);
        {
            const test::FileSizeLimit fillsUp(4096);
            QVERIFY(fillsUp.isSet());
            QString error;
            exported = chart->exporter().exportPng(png, &error);
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
};

QTEST_MAIN(TestCompareExports)
#include "tst_compareexports.moc"
