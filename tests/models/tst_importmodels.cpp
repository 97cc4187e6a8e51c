// The Logs view's import models under QAbstractItemModelTester: ImportSummaryModel's rows (a
// row per reason that occurred, the warning first for a file that shrank, times only when
// there were requests), BadLinesModel's listed lines, with the Logs view's headline, and the
// import wizard's detection and ImportPreviewModel's parsed lines.
#include "app/models/tables/badlinesmodel.h"
#include "app/models/tables/importpreviewmodel.h"
#include "app/models/tables/importsummarymodel.h"
#include "app/models/text/importtext.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QTest>

using namespace ratelab;

namespace {

constexpr SimTime kMay17 = 1'431'857'100'000'000;  // 2015-05-17T10:05:00Z (calendar.timegm)
constexpr SimTime kMay20 = 1'432'155'900'000'000;  // 2015-05-20T21:05:00Z

std::shared_ptr<LogImportResult> sampleImport()
{
    auto r = std::make_shared<LogImportResult>();
    r->request.path = QStringLiteral("/var/log/access.log");
    r->request.displayName = QStringLiteral("access.log");
    r->request.options.key.kind = KeyKind::Ip;
    r->elapsedMs = 1'240;
    ImportSummary& s = r->summary;
    s.format = LogFormat::Combined;
    s.detection = "combined: 20/20 lines match";
    s.bytesRead = 1'536;
    s.linesRead = 1'204'311;
    s.requestsImported = 1'204'300;
    s.distinctKeys = 1'753;
    s.blankLines = 4;
    s.directiveLines = 0;
    s.skipped[std::size_t(LineProblem::BadTimestamp)] = 5;
    s.skipped[std::size_t(LineProblem::NoKey)] = 2;
    s.problems = {{17, LineProblem::BadTimestamp, "time", "1.2.3.4 - - [17/May/2015:10:05"},
                  {90, LineProblem::NoKey, "remote_addr", "- - - [17/May/2015:10:06:00"}};
    s.reorderedLines = 12;
    s.backwardSteps = 3;
    s.lookBackUs = 250'000;
    s.firstTime = kMay17;
    s.lastTime = kMay20;
    return r;
}

// Column `column` of every row, as displayed.
QStringList column(const QAbstractItemModel& model, int column)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out << model.index(row, column).data().toString();
    return out;
}

}  // namespace

class TestImportModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void summaryRows()
    {
        ImportSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setImport(sampleImport());
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(column(model, ImportSummaryModel::Quantity),
                 (QStringList{"format", "bytes read", "lines read", "requests imported", "distinct keys", "blank lines",
                              "directives and headers", "bad lines", "  bad timestamp", "  no value for the key",
                              "out of order, put back in order", "steps back in time", "look-back window", "first request (UTC)",
                              "last request (UTC)", "import time"}));
        QCOMPARE(column(model, ImportSummaryModel::Value),
                 (QStringList{"combined (combined: 20/20 lines match)", "1.5 KiB", "1,204,311", "1,204,300", "1,753", "4", "0",
                              "7", "5", "2", "12", "3", "250 ms", "2015-05-17T10:05:00Z", "2015-05-20T21:05:00Z", "1.24 s"}));
        // The numbers behind the counts, for sorting or copying; none behind a text.
        QCOMPARE(model.index(2, 1).data(ImportSummaryModel::RawRole).toLongLong(), 1'204'311);
        QCOMPARE(model.index(7, 1).data(ImportSummaryModel::RawRole).toLongLong(), 7);
        QVERIFY(!model.index(0, 1).data(ImportSummaryModel::RawRole).isValid());
        QCOMPARE(model.index(1, 1).data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("quantity"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("value"));
        model.setImport(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // A file that shrank while read: its warning first. No requests: no times.
    void summaryWarningFirstAndNoTimes()
    {
        auto import = sampleImport();
        import->summary.shrankFrom = 2'000'000;
        import->summary.shrankTo = 0;
        import->summary.firstTime = kNever;
        import->summary.lastTime = kNever;
        ImportSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setImport(import);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("warning"));
        QVERIFY(model.index(0, 1).data().toString().contains(QStringLiteral("shrank from 2000000 to 0 bytes")));
        const QStringList quantities = column(model, ImportSummaryModel::Quantity);
        QVERIFY(!quantities.contains(QStringLiteral("first request (UTC)")));
        QCOMPARE(quantities.back(), QStringLiteral("import time"));
        QCOMPARE(model.rowCount(), 1 + 16 - 2);
    }

    void badLines()
    {
        BadLinesModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        auto import = sampleImport();
        model.setImport(import);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), 4);
        QCOMPARE(column(model, BadLinesModel::Line), (QStringList{"17", "90"}));
        QCOMPARE(column(model, BadLinesModel::Reason), (QStringList{"bad timestamp", "no value for the key"}));
        QCOMPARE(column(model, BadLinesModel::Field), (QStringList{"time", "remote_addr"}));
        QCOMPARE(model.index(1, BadLinesModel::Excerpt).data().toString(), QStringLiteral("- - - [17/May/2015:10:06:00"));
        QCOMPARE(model.index(1, BadLinesModel::Line).data(BadLinesModel::RawRole).toLongLong(), 90);
        QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), QStringLiteral("start of the line"));
        // 7 bad lines, 2 of them listed.
        QCOMPARE(model.heading(), QStringLiteral("<b>Bad lines</b> (the first 2; 5 more not listed)"));
        QCOMPARE(model.tabTitle(), QStringLiteral("Bad lines (7)"));
        import->summary.skipped = {};
        import->summary.skipped[std::size_t(LineProblem::BadTimestamp)] = 1;
        import->summary.skipped[std::size_t(LineProblem::NoKey)] = 1;
        model.setImport(import);
        QCOMPARE(model.heading(), QStringLiteral("<b>Bad lines</b> (2)"));
        model.setImport(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // Four lines of a combined log, written here: a record, a record without a user, a line cut
    // short and a blank line. Keyed by user, the first is a record and the next two are bad.
    void preview()
    {
        const QByteArray head = "10.0.0.1 - alice [17/May/2015:10:05:03 +0000] \"GET /a HTTP/1.1\" 200 512 \"-\" \"curl\"\n"
                                "10.0.0.2 - - [17/May/2015:10:05:04 +0000] \"POST /b HTTP/1.1\" 503 0 \"-\" \"curl\"\n"
                                "10.0.0.3 - bob [17/May/2015:10:05\n"
                                "\n";
        const Detection detected = detectLogFormat(head, ParserOptions{});
        QCOMPARE(int(detected.format), int(LogFormat::Combined));
        QCOMPARE(int(detectLogFormat(QByteArray(), ParserOptions{}).format), int(LogFormat::Auto));

        ImportPreviewModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPreview(head, LogFormat::Combined, ParserOptions{}, KeyKind::User);
        QCOMPARE(model.rowCount(), 4);  // the empty string after the last newline is no line
        QCOMPARE(model.columnCount(), 6);
        QCOMPARE(column(model, ImportPreviewModel::Line), (QStringList{"1", "2", "3", "4"}));
        QCOMPARE(column(model, ImportPreviewModel::Key), (QStringList{"alice", "", "", ""}));
        QCOMPARE(model.index(0, ImportPreviewModel::Time).data().toString(), QStringLiteral("2015-05-17T10:05:03Z"));
        QCOMPARE(model.index(1, ImportPreviewModel::Request).data().toString(), QStringLiteral("POST /b"));
        QCOMPARE(model.index(1, ImportPreviewModel::Status).data().toString(), QStringLiteral("503"));
        QCOMPARE(model.index(1, ImportPreviewModel::Problem).data().toString(), QStringLiteral("\u26A0 no value for the key"));
        QCOMPARE(model.index(2, ImportPreviewModel::Request).data().toString(),
                 QStringLiteral("10.0.0.3 - bob [17/May/2015:10:05"));
        QVERIFY(model.index(2, ImportPreviewModel::Problem).data().toString().startsWith(QStringLiteral("\u26A0 ")));
        QCOMPARE(model.index(3, ImportPreviewModel::Problem).data().toString(), QStringLiteral("blank"));
        QCOMPARE(model.records(), 1);
        QCOMPARE(model.badLines(), 2);
        QCOMPARE(model.otherLines(), 1);
        QVERIFY(!model.isBad(0) && model.isBad(1) && model.isBad(2) && !model.isBad(3));
        QVERIFY(model.index(1, 0).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(0, 0).data(Qt::BackgroundRole).isValid());

        // Keyed by IP every record has a key; no format, no preview; a bad nginx format, its reason.
        model.setPreview(head, LogFormat::Combined, ParserOptions{}, KeyKind::Ip);
        QCOMPARE(model.records(), 2);
        QCOMPARE(model.badLines(), 1);
        model.setPreview(head, LogFormat::Auto, ParserOptions{}, KeyKind::Ip);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.error().isEmpty());
        ParserOptions nginx;
        nginx.nginxLogFormat = "$remote_addr ${time_local";  // unclosed ${
        model.setPreview(head, LogFormat::Nginx, nginx, KeyKind::Ip);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY2(model.error().startsWith(QStringLiteral("unclosed ${")), qPrintable(model.error()));
    }

    // The preview counts lines as the import will: a line 90 s behind the latest is refused as
    // too old under the default 60 s look-back (the import's reorder buffer) and kept under
    // 2 min; a line with no user is refused for its key. Records and bad lines equal the
    // import's requests and skipped lines on the same bytes and options.
    void previewCountsAsTheImport()
    {
        const QByteArray head = "10.0.0.1 - ann [17/May/2015:10:05:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"x\"\n"
                                "10.0.0.2 - bob [17/May/2015:10:07:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"x\"\n"
                                "10.0.0.3 - cid [17/May/2015:10:05:30 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"x\"\n"
                                "10.0.0.4 - - [17/May/2015:10:07:01 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"x\"\n";
        for (const Duration lookBack : {60 * kMicrosPerSecond, 120 * kMicrosPerSecond}) {
            ImportOptions options;
            options.format = LogFormat::Combined;
            options.key.kind = KeyKind::User;
            options.lookBackUs = lookBack;
            ImportPreviewModel model;
            model.setPreview(head, LogFormat::Combined, options);
            std::istringstream in(head.toStdString());
            KeyInterner keys;
            const ImportSummary import = importLog(in, options, keys, [](const ImportedRequest&) {});
            const bool tooOld = lookBack < 90 * kMicrosPerSecond;
            QCOMPARE(model.records(), tooOld ? 2 : 3);
            QCOMPARE(model.badLines(), tooOld ? 2 : 1);
            QCOMPARE(qint64(model.records()), import.requestsImported);
            QCOMPARE(qint64(model.badLines()), import.skippedTotal());
            QCOMPARE(model.index(2, ImportPreviewModel::Problem).data().toString().contains(QStringLiteral("look-back")), tooOld);
        }
    }

    void headline()
    {
        QCOMPARE(importtext::headline(*sampleImport()),
                 QStringLiteral("<b>access.log</b>: 1,204,311 lines, 1,204,300 requests, 1,753 keys (ip), 7 bad lines "
                                "(<a href='bad'>list</a>) &nbsp;&nbsp; 2015-05-17 10:05 – 2015-05-20 21:05 UTC"));
        auto empty = sampleImport();
        empty->summary.firstTime = kNever;
        empty->summary.skipped = {};
        empty->summary.skipped[0] = 1;
        QVERIFY(importtext::headline(*empty).endsWith(
            QStringLiteral("1 bad line (<a href='bad'>list</a>) &nbsp;&nbsp; no requests")));
    }

    // Every request with the one key "-" (a field the log leaves empty): a warning line naming
    // it; two keys, or a single request, no warning.
    void headlineWarnsOfOneKey()
    {
        auto one = sampleImport();
        one->request.options.key.kind = KeyKind::ApiKey;
        one->summary.distinctKeys = 1;
        one->keys = std::make_shared<KeyInterner>();
        one->keys->intern("-");
        QVERIFY(importtext::headline(*one).endsWith(
            QStringLiteral("<br><b>Warning:</b> all 1,204,300 requests have the one key '-' (api_key): every client would "
                           "share one limit. The log may not fill this field; import it keyed by another (Import log…)")));
        one->summary.requestsImported = 1;
        QVERIFY(importtext::oneKeyNote(*one).isEmpty());
        auto two = sampleImport();
        two->summary.distinctKeys = 2;
        QVERIFY(!importtext::headline(*two).contains(QStringLiteral("Warning")));
    }
};

QTEST_GUILESS_MAIN(TestImportModels)
#include "tst_importmodels.moc"
