// What bad input gets from ratelab-cli, whatever the command: a read of an endless input is
// bounded (refused within 64 MiB resident), an error line quoting thousands of characters is
// one short line that still ends with its reason, and bytes that are not UTF-8 are escaped.

#include "processrun.h"

#include <QTemporaryDir>
#include <QtTest>

class TestBadInput : public QObject {
    Q_OBJECT

private slots:
    void readsAreBounded_data();
    void readsAreBounded();
    void errorLinesAreBounded_data();
    void errorLinesAreBounded();
    void errorLinesAreText_data();
    void errorLinesAreText();

private:
    using Run = ratelab::test::TextRun;
    static Run run(const QStringList& args, const QByteArray& stdinData = {})
    {
        return ratelab::test::runText(QStringLiteral(RATELAB_CLI_PATH), args, stdinData, 20000);
    }

    QTemporaryDir m_dir;
};

void TestBadInput::readsAreBounded_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("stdinFile");

    // /dev/zero has no line end: a reader that buffers a line, or the file, whole never ends.
    QTest::newRow("run") << QStringList{"run", "/dev/zero"} << "/dev/zero: larger than 4 MiB: not a scenario" << QString();
    QTest::newRow("run -") << QStringList{"run", "-"} << "<stdin>: larger than 4 MiB: not a scenario"
                           << "/dev/zero";
    QTest::newRow("decide") << QStringList{"decide",  "--algorithm", "gcra",    "--param",  "rate=1/s",
                                           "--param", "burst=1",     "--trace", "/dev/zero"}
                            << "/dev/zero:1: line: longer than 1 MiB: not a trace of t_us,key,cost lines (it starts '\\x00\\x00"
                            << QString();
    QTest::newRow("recommend a trace") << QStringList{"recommend", "/dev/zero", "--format", "trace"}
                                       << "/dev/zero:1: line: longer than 1 MiB" << QString();
    QTest::newRow("recommend") << QStringList{"recommend", "/dev/zero"} << "/dev/zero: cannot detect the log format" << QString();
    QTest::newRow("import --tiers") << QStringList{"import", "-", "--tiers", "/dev/zero"}
                                    << "/dev/zero: tier map line 1: longer than 64 KiB" << QString();
}

void TestBadInput::readsAreBounded()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QFETCH(QString, stdinFile);
    // Refused within 64 MiB resident (stopped at 512 MiB), in one line quoting at most ~120
    // characters of the input.
    const ratelab::test::MeasuredRun r =
        ratelab::test::runMeasured(QStringLiteral(RATELAB_CLI_PATH), args, m_dir.filePath("bounded.err"), rlim_t{512} << 20,
                                   stdinFile.isEmpty() ? QStringLiteral("/dev/null") : stdinFile);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err.left(1000)));
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(r.err.size() < 400, qPrintable(r.err.left(1000)));
    QVERIFY2(r.peakRssKiB > 0 && r.peakRssKiB < 64 * 1024, qPrintable(QString::number(r.peakRssKiB) + " KiB"));
}

void TestBadInput::errorLinesAreBounded_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reason");  // how the line ends
    const QString huge(5000, QLatin1Char('7'));
    const QStringList decide = {"decide", "--algorithm", "gcra", "--param", "burst=1", "--trace", "-"};
    QTest::newRow("a parameter's value") << (QStringList(decide) << "--param"
                                                                 << "rate=" + huge + "/s")
                                         << ": rate is too large";
    QTest::newRow("an algorithm's name") << QStringList{"decide", "--algorithm", huge, "--trace", "-"}
                                         << "(see ratelab-cli list)";
    QTest::newRow("a parameter's name") << (QStringList(decide) << "--param" << huge + "=1") << "(see ratelab-cli list)";
    QTest::newRow("a path") << QStringList{"run", "missing" + huge} << "File name too long";
    QTest::newRow("an option the parser echoes") << (QStringList(decide) << "--param"
                                                                         << "rate=1/s"
                                                                         << "--headers" << huge)
                                                 << "not in {x-ratelimit,x-ratelimit-epoch,draft-7,draft-11}";
    QTest::newRow("a log option") << QStringList{"import", "-", "--format", huge}
                                  << "one of auto, combined, common, nginx, w3c, alb, haproxy, jsonl, csv, tsv";
}

// A message quoting 5,000 characters of input is one line of at most ~550 bytes that still
// ends with its reason (clipText at the source, ClippedLines as the net under the rest).
void TestBadInput::errorLinesAreBounded()
{
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    const Run r = run(args, "t_us,key\n0,a\n");
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(r.err.size() < 550, qPrintable(QString::number(r.err.size()) + " bytes: " + r.err.left(200)));
    QVERIFY2(r.err.trimmed().endsWith(reason), qPrintable(r.err.right(200)));
}

void TestBadInput::errorLinesAreText_data()
{
    QTest::addColumn<QString>("name");    // an algorithm's name, as printf(1) writes it
    QTest::addColumn<QString>("quoted");  // as the error line quotes it
    QTest::newRow("0xFF 0xFE") << R"(gc\377\376ra)"
                               << R"(gc\xFF\xFEra)";
    QTest::newRow("UTF-8 stays") << R"(gcr\303\244)" << QString::fromUtf8("gcr\u00e4");
    QTest::newRow("a sequence cut short") << R"(gc\342\202ra)"
                                          << R"(gc\xE2\x82ra)";
    QTest::newRow("a surrogate") << R"(\355\240\200x)"
                                 << R"(\xED\xA0\x80x)";
    QTest::newRow("overlong") << R"(\300\257x)"
                              << R"(\xC0\xAFx)";
}

// Bytes that are not UTF-8 are written as \xHH in an error line, never raw; UTF-8 as it is.
void TestBadInput::errorLinesAreText()
{
    QFETCH(QString, name);
    QFETCH(QString, quoted);
    const ratelab::test::ProcessResult r = ratelab::test::runProcess(
        "bash", {"-c", R"sh(exec "$0" decide --algorithm "$(printf "$1")" --trace -)sh", RATELAB_CLI_PATH, name},
        "t_us,key\n0,a\n", 20000);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(QString::fromUtf8(r.err), "ratelab-cli: algorithm: unknown algorithm '" + quoted + "' (see ratelab-cli list)\n");
    QVERIFY(QString::fromUtf8(r.err).toUtf8() == r.err);  // valid UTF-8 throughout
}

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_badinput.moc"
