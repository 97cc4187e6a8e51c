// ratelab-cli's files and streams as a user meets them: "-" is standard input or output for
// every file option; an output is complete or absent (a failed or interrupted command leaves
// the old file, and no temporary file beside it); an output that is one of the inputs is
// refused (exit 2, naming both); a failed write to standard output or to a file (a full
// disk, a closed pipe, the file size limit) exits 1 with the OS's reason; Ctrl-C and SIGTERM
// stop a long command with exit 130 and 143.

#include "processrun.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace {

const QString kCli = QStringLiteral(RATELAB_CLI_PATH);
const QString kSample = QStringLiteral(RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log");
const QString kScenarios = QStringLiteral(RATELAB_SOURCE_DIR "/resources/scenarios/");

struct Run {
    int exitCode = -1;  // -2: killed by a signal
    QByteArray out;
    QString err;
};

// How a run is wired, beyond its arguments.
struct How {
    QString workingDir;
    QByteArray stdinData;
    QString stdoutFile;              // e.g. /dev/full
    bool closedPipe = false;         // standard output: a pipe whose reader is gone
    bool pipeSignalIgnored = false;  // the SIGPIPE disposition ratelab-cli inherits
    QStringList wrapper;             // a program running the CLI: {"sh", "-c", "... exec \"$0\" \"$@\""}
};

Run run(const QStringList& args, const How& how = {})
{
    QProcess p;
    if (!how.workingDir.isEmpty())
        p.setWorkingDirectory(how.workingDir);
    if (!how.stdoutFile.isEmpty())
        p.setStandardOutputFile(how.stdoutFile);
    int fds[2] = {-1, -1};
    if (how.closedPipe) {
        if (::pipe2(fds, O_CLOEXEC) != 0)
            return {-1, {}, QStringLiteral("pipe2 failed")};
        ::close(fds[0]);  // nobody will ever read
        const int writeEnd = fds[1];
        const bool ignore = how.pipeSignalIgnored;
        p.setChildProcessModifier([writeEnd, ignore] {
            ::dup2(writeEnd, STDOUT_FILENO);
            ::signal(SIGPIPE, ignore ? SIG_IGN : SIG_DFL);
        });
    }
    QStringList all = args;
    QString program = kCli;
    if (!how.wrapper.isEmpty()) {
        program = how.wrapper.first();
        all = how.wrapper.mid(1) + QStringList{kCli} + args;
    }
    p.start(program, all);
    if (how.closedPipe)
        ::close(fds[1]);
    p.write(how.stdinData);
    p.closeWriteChannel();
    if (!p.waitForFinished(180'000)) {
        p.kill();
        p.waitForFinished();
        return {-1, {}, QStringLiteral("timeout")};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError())};
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

void writeAll(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

// Files in `dir` that are neither expected outputs nor inputs: temporaries left behind.
QStringList leftovers(const QString& dir, const QStringList& expected)
{
    QStringList extra;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        if (!expected.contains(name))
            extra << name;
    return extra;
}

QByteArray firstLines(const QByteArray& text, int n)
{
    qsizetype end = 0;
    for (int i = 0; i < n && end >= 0; ++i)
        end = text.indexOf('\n', end) + 1;
    return text.left(end);
}

// ulimit -f: a file may grow to 8 blocks (4 KiB in dash's 512-byte blocks, 8 KiB in bash's).
const QStringList kSmallFiles{"sh", "-c", "ulimit -f 8 && exec \"$0\" \"$@\""};

}  // namespace

class TestCliFiles : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void dashMeansStandardStreams();
    void dashWhereItCannotBe();
    void failedCommandLeavesOutputAlone();
    void outputThatIsAnInputIsRefused_data();
    void outputThatIsAnInputIsRefused();
    void writeFailureLeavesTheOldFile_data();
    void writeFailureLeavesTheOldFile();
    void fullDiskLeavesTheOldReport();
    void standardOutputFailures_data();
    void standardOutputFailures();
    void fullDeviceAsOutputFile();
    void interruptLeavesNoPartialTrace_data();
    void interruptLeavesNoPartialTrace();
    void interruptStopsARun();

private:
    QString path(const QString& name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
    QString m_trace;  // the sample imported: a decide trace
};

void TestCliFiles::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_trace = path("sample.csv");
    const Run r = run({"import", kSample, "--out", m_trace});
    QCOMPARE(r.exitCode, 0);
}

// "-" is standard output for import --out, standard input for recommend's input, run's
// scenario and import's --tiers; the answers equal those from files, and no file named "-"
// appears.
void TestCliFiles::dashMeansStandardStreams()
{
    const QString work = path("dash");
    QVERIFY(QDir().mkpath(work));
    How in;
    in.workingDir = work;

    Run r = run({"import", kSample, "--out", "-"}, in);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, readAll(m_trace));
    QVERIFY(!QFile::exists(work + "/-"));

    const QByteArray log = firstLines(readAll(kSample), 3);
    in.stdinData = log;
    r = run({"import", "-", "--out", "-"}, in);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.count('\n'), 1 + 3);

    // The tier map from standard input: the first line's key is gold.
    const QByteArray firstKey = log.left(log.indexOf(' '));
    in.stdinData = "key,tier\n" + firstKey + ",gold\n";
    r = run({"import", kSample, "--tiers", "-", "--out", "-"}, in);
    QCOMPARE(r.exitCode, 0);
    const qsizetype goldRows = r.out.count("," + firstKey + ",1\n");
    QVERIFY(goldRows > 0);
    QVERIFY2(r.err.contains(QStringLiteral("tier gold: %1 requests").arg(goldRows)), qPrintable(r.err));

    // recommend: a log and a trace from standard input advise as their files do.
    const QString hand = path("hand.log");
    writeAll(hand, firstLines(readAll(kSample), 200));
    for (const QString& file : {hand, m_trace}) {
        const Run fromFile = run({"recommend", file, "--json"});
        in.stdinData = readAll(file);
        const Run fromStdin = run({"recommend", "-", "--json"}, in);
        QCOMPARE(fromFile.exitCode, 0);
        QCOMPARE(fromStdin.exitCode, 0);
        QJsonObject a = QJsonDocument::fromJson(fromFile.out).object();
        QJsonObject b = QJsonDocument::fromJson(fromStdin.out).object();
        QCOMPARE(b["source"].toString(), QString("<stdin>"));
        a.remove("source");
        b.remove("source");
        QVERIFY(a["requests"].toInteger() > 0);
        QCOMPARE(b, a);
    }

    // run: a scenario from standard input.
    const QString scenario = kScenarios + "boundary-attack.json";
    in.stdinData = readAll(scenario);
    r = run({"run", "-"}, in);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, run({"run", scenario}).out);
    QCOMPARE(leftovers(work, {}), QStringList());
}

// Where "-" cannot mean a stream, it is refused (exit 2, one line), and nothing is written.
void TestCliFiles::dashWhereItCannotBe()
{
    const QString work = path("nodash");
    QVERIFY(QDir().mkpath(work));
    How how;
    how.workingDir = work;
    Run r = run({"run", "--out", "-"}, how);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--out -") && r.err.contains("directory"), qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);
    QCOMPARE(r.out, QByteArray());

    r = run({"recommend", m_trace, "--replay-scenario", "-"}, how);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--replay-scenario -"), qPrintable(r.err));
    QCOMPARE(r.out, QByteArray());

    how.stdinData = readAll(m_trace);
    r = run({"recommend", "-", "--replay-scenario", "replay.json"}, how);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("standard input"), qPrintable(r.err));

    how.stdinData = firstLines(readAll(kSample), 3);
    r = run({"import", "-", "--tiers", "-"}, how);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--tiers -"), qPrintable(r.err));
    QCOMPARE(leftovers(work, {}), QStringList());
}

// A command that fails on its input (a missing file, a bad option, an undetectable format)
// leaves its output file as it was: it used to be emptied before anything was checked.
void TestCliFiles::failedCommandLeavesOutputAlone()
{
    const QString dir = path("failed");
    QVERIFY(QDir().mkpath(dir));
    const QString out = dir + "/out.csv";
    const QString replay = dir + "/replay.json";
    const QByteArray old = "old output\n";
    writeAll(out, old);
    writeAll(replay, old);
    const QList<QStringList> failing{
        {"import", dir + "/missing.log", "--out", out},
        {"import", kSample, "--key", "cookie", "--out", out},
        {"import", RATELAB_SOURCE_DIR "/README.md", "--out", out},
        {"recommend", dir + "/missing.log", "--replay-scenario", replay},
        {"recommend", m_trace, "--window", "7s", "--replay-scenario", replay},
    };
    for (const QStringList& args : failing) {
        const Run r = run(args);
        QVERIFY2(r.exitCode == 2, qPrintable(args.join(' ') + ": " + r.err));
        QCOMPARE(readAll(out), old);
        QCOMPARE(readAll(replay), old);
    }
    QCOMPARE(leftovers(dir, {"out.csv", "replay.json"}), QStringList());
}

void TestCliFiles::outputThatIsAnInputIsRefused_data()
{
    QTest::addColumn<QStringList>("args");  // with {DIR} for the row's directory
    QTest::addColumn<QString>("output");    // the output as named in the message
    QTest::addColumn<QString>("input");     // the input as named in the message

    QTest::newRow("import X --out X") << QStringList{"import", "{DIR}/x.log", "--out", "{DIR}/x.log"} << "{DIR}/x.log"
                                      << "{DIR}/x.log";
    QTest::newRow("another spelling") << QStringList{"import", "{DIR}/x.log", "--out", "{DIR}/./sub/../x.log"}
                                      << "{DIR}/./sub/../x.log"
                                      << "{DIR}/x.log";
    QTest::newRow("a hard link") << QStringList{"import", "{DIR}/x.log", "--out", "{DIR}/hard.log"} << "{DIR}/hard.log"
                                 << "{DIR}/x.log";
    QTest::newRow("a symbolic link") << QStringList{"import", "{DIR}/x.log", "--out", "{DIR}/soft.log"} << "{DIR}/soft.log"
                                     << "{DIR}/x.log";
    QTest::newRow("the tier map") << QStringList{"import",          "{DIR}/x.log", "--tiers",
                                                 "{DIR}/tiers.csv", "--out",       "{DIR}/tiers.csv"}
                                  << "{DIR}/tiers.csv"
                                  << "{DIR}/tiers.csv";
    QTest::newRow("recommend X --replay-scenario X")
        << QStringList{"recommend", "{DIR}/x.log", "--replay-scenario", "{DIR}/x.log"} << "{DIR}/x.log"
        << "{DIR}/x.log";
    QTest::newRow("run's scenario") << QStringList{"run", "{DIR}/report.json", "--out", "{DIR}"} << "{DIR}/report.json"
                                    << "{DIR}/report.json";
    QTest::newRow("run's trace") << QStringList{"run", "{DIR}/trace-scenario.json", "--out", "{DIR}"} << "{DIR}/series.csv"
                                 << "{DIR}/series.csv";
}

// Refused with exit 2 and one line naming both files; every file stays byte for byte.
void TestCliFiles::outputThatIsAnInputIsRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, output);
    QFETCH(QString, input);
    const QString dir = path(QString("same-%1").arg(QTest::currentDataTag()).replace(' ', '_'));
    QVERIFY(QDir().mkpath(dir + "/sub"));
    const QByteArray log = firstLines(readAll(kSample), 50);
    writeAll(dir + "/x.log", log);
    QCOMPARE(::link(QFile::encodeName(dir + "/x.log").constData(), QFile::encodeName(dir + "/hard.log").constData()), 0);
    QVERIFY(QFile::link(dir + "/x.log", dir + "/soft.log"));
    const QByteArray tiers = "key,tier\n1.2.3.4,gold\n";
    writeAll(dir + "/tiers.csv", tiers);
    const QByteArray scenario = readAll(kScenarios + "boundary-attack.json");
    writeAll(dir + "/report.json", scenario);
    const QByteArray trace = "t_us,key,cost\n0,a,1\n1000,a,1\n";
    writeAll(dir + "/series.csv", trace);
    const QByteArray traceScenario = R"({"schema": "ratelab.scenario/1", "name": "trace", "seed": 1, "duration": "1s",
        "traffic": [{"kind": "trace", "label": "t", "file": "series.csv"}], "keys": "recorded",
        "algorithms": [{"id": "gcra", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}]})";
    writeAll(dir + "/trace-scenario.json", traceScenario);

    for (QString& a : args)
        a.replace("{DIR}", dir);
    const Run r = run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(output.replace("{DIR}", dir) + " is ") && r.err.contains(" " + input.replace("{DIR}", dir) + ":"),
             qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);
    QCOMPARE(readAll(dir + "/x.log"), log);
    QCOMPARE(readAll(dir + "/tiers.csv"), tiers);
    QCOMPARE(readAll(dir + "/report.json"), scenario);
    QCOMPARE(readAll(dir + "/series.csv"), trace);
    QVERIFY(QFileInfo(dir + "/soft.log").isSymLink());
    QCOMPARE(leftovers(dir, {"x.log", "hard.log", "soft.log", "tiers.csv", "report.json", "series.csv", "trace-scenario.json"}),
             QStringList());
}

void TestCliFiles::writeFailureLeavesTheOldFile_data()
{
    QTest::addColumn<QStringList>("args");     // {DIR}: the row's directory
    QTest::addColumn<QStringList>("outputs");  // names in {DIR} that must keep their old bytes
    QTest::newRow("run --out") << QStringList{"run", "--out", "{DIR}"} << QStringList{"report.json", "series.csv"};
    QTest::newRow("import --out") << QStringList{"import", kSample, "--out", "{DIR}/trace.csv"} << QStringList{"trace.csv"};
}

// Under a file size limit of a few KiB every write past it fails (EFBIG): the command exits 1
// with the OS's reason, the old outputs keep their bytes and no temporary file stays. (A run
// used to leave a truncated report.json, an import a partial trace that decide accepted.)
void TestCliFiles::writeFailureLeavesTheOldFile()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, outputs);
    const QString dir = path(QString("efbig-%1").arg(QTest::currentDataTag()).replace(' ', '_'));
    QVERIFY(QDir().mkpath(dir));
    for (QString& a : args)
        a.replace("{DIR}", dir);
    // The old outputs: a whole run of another scenario, or a short trace.
    QCOMPARE(run({"run", kScenarios + "boundary-attack.json", "--out", dir}).exitCode, 0);
    writeAll(dir + "/trace.csv", "t_us,key,cost\n0,a,1\n");
    QMap<QString, QByteArray> before;
    for (const QString& name : outputs)
        before[name] = readAll(dir + "/" + name);
    QVERIFY(before.first().size() > 10);

    How limited;
    limited.wrapper = kSmallFiles;
    const Run r = run(args, limited);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QString::fromLocal8Bit(strerror(EFBIG))), qPrintable(r.err));
    QVERIFY2(r.err.startsWith("ratelab-cli: writing " + dir + "/"), qPrintable(r.err));
    for (const QString& name : outputs)
        QCOMPARE(readAll(dir + "/" + name), before[name]);
    QCOMPARE(leftovers(dir, {"report.json", "series.csv", "trace.csv"}), QStringList());
}

// A real full filesystem, where the system allows an unprivileged tmpfs (a user namespace):
// a run whose report does not fit exits 1 with "No space left on device" and leaves the
// previous report whole, with no temporary file.
void TestCliFiles::fullDiskLeavesTheOldReport()
{
    if (QProcess::execute("unshare", {"-rm", "true"}) != 0)
        QSKIP("unshare -rm (an unprivileged mount namespace) is not available here; "
              "writeFailureLeavesTheOldFile covers the same path with a file size limit");
    const QString mount = path("tmpfs");
    QVERIFY(QDir().mkpath(mount));
    // In the namespace: a 256 KiB tmpfs, a first report, the disk filled, a second run.
    const QString script = R"(set -u
mount -t tmpfs -o size=256k tmpfs "$1" || exit 90
cd "$1" && "$2" run "$3" --out rep > /dev/null || exit 91
cp rep/report.json before.json
head -c 1000000 /dev/zero > fill 2> /dev/null
"$2" run --out rep 2>&1 > /dev/null
echo "exit=$?"
cmp -s before.json rep/report.json && echo "report unchanged"
ls -A rep)";
    QProcess p;
    p.start("unshare", {"-rm", "sh", "-c", script, "sh", mount, kCli, kScenarios + "boundary-attack.json"});
    QVERIFY(p.waitForFinished(120'000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(p.exitCode() == 0, qPrintable(out + p.readAllStandardError()));
    QVERIFY2(out.contains("exit=1\n"), qPrintable(out));
    QVERIFY2(out.contains("ratelab-cli: writing rep/") && out.contains(strerror(ENOSPC)), qPrintable(out));
    QVERIFY2(out.contains("report unchanged\n"), qPrintable(out));
    QVERIFY2(out.endsWith("report.json\nseries.csv\n"), qPrintable(out));  // and nothing else in rep/
}

void TestCliFiles::standardOutputFailures_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("list") << QStringList{"list"};
    QTest::newRow("export") << QStringList{"export",  "--algorithm", "gcra", "--param",  "rate=10/s",
                                           "--param", "burst=5",     "--as", "redis-lua"};
    QTest::newRow("decide") << QStringList{"decide",  "--algorithm", "gcra",    "--param", "rate=10/s",
                                           "--param", "burst=5",     "--trace", "{TRACE}"};
    QTest::newRow("run") << QStringList{"run", kScenarios + "boundary-attack.json"};
    QTest::newRow("recommend") << QStringList{"recommend", "{TRACE}", "--algorithm", "gcra"};
    QTest::newRow("import") << QStringList{"import", kSample};
}

// Standard output on a full device (/dev/full) or a pipe nobody reads, with SIGPIPE ignored
// or not: exit 1 with the OS's reason, where every command used to exit 0.
void TestCliFiles::standardOutputFailures()
{
    QFETCH(QStringList, args);
    for (QString& a : args)
        a.replace("{TRACE}", m_trace);
    How full;
    full.stdoutFile = "/dev/full";
    Run r = run(args, full);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.endsWith(QString("ratelab-cli: writing standard output: %1\n").arg(strerror(ENOSPC))), qPrintable(r.err));
    for (const bool ignored : {false, true}) {
        How pipe;
        pipe.closedPipe = true;
        pipe.pipeSignalIgnored = ignored;
        r = run(args, pipe);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.endsWith(QString("ratelab-cli: writing standard output: %1\n").arg(strerror(EPIPE))), qPrintable(r.err));
    }
}

// A full device as an output file: a fault (exit 1) naming the file and the OS's reason.
void TestCliFiles::fullDeviceAsOutputFile()
{
    Run r = run({"import", kSample, "--out", "/dev/full"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.endsWith(QString("ratelab-cli: writing /dev/full: %1\n").arg(strerror(ENOSPC))), qPrintable(r.err));
    r = run({"recommend", m_trace, "--algorithm", "gcra", "--replay-scenario", "/dev/full"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.endsWith(QString("ratelab-cli: writing /dev/full: %1\n").arg(strerror(ENOSPC))), qPrintable(r.err));
    QVERIFY(r.out.contains("gcra"));  // the recommendations came out first
}

void TestCliFiles::interruptLeavesNoPartialTrace_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("Ctrl-C") << int(SIGINT) << 130;
    QTest::newRow("SIGTERM") << int(SIGTERM) << 143;
}

// An import from standard input, stopped while it waits for more lines: exit 128 + the
// signal, the old trace file keeps its bytes, and no partial trace stays beside it.
void TestCliFiles::interruptLeavesNoPartialTrace()
{
    QFETCH(int, signal);
    QFETCH(int, exitCode);
    const QString dir = path(QString("interrupt-%1").arg(signal));
    QVERIFY(QDir().mkpath(dir));
    const QByteArray old = "t_us,key,cost\n0,old,1\n";
    writeAll(dir + "/trace.csv", old);
    QProcess p;
    p.start(kCli, {"import", "-", "--out", dir + "/trace.csv"});
    QVERIFY(p.waitForStarted());
    p.write(firstLines(readAll(kSample), 100));
    // The output's temporary file is made once the handlers are in place: then signal.
    QElapsedTimer waited;
    waited.start();
    while (leftovers(dir, {"trace.csv"}).isEmpty() && waited.elapsed() < 30'000)
        QThread::msleep(10);
    QCOMPARE(leftovers(dir, {"trace.csv"}).size(), 1);
    ::kill(static_cast<pid_t>(p.processId()), signal);
    QVERIFY(p.waitForFinished(30'000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), exitCode);
    QCOMPARE(QString::fromUtf8(p.readAllStandardError()), QString("ratelab-cli: interrupted\n"));
    QCOMPARE(readAll(dir + "/trace.csv"), old);
    QCOMPARE(leftovers(dir, {"trace.csv"}), QStringList());
}

// A long run (10M requests) stopped by Ctrl-C once its progress shows: it stops within
// seconds, exits 130, and the previous report stays whole.
void TestCliFiles::interruptStopsARun()
{
    const QString dir = path("interrupted-run");
    QVERIFY(QDir().mkpath(dir));
    QCOMPARE(run({"run", kScenarios + "boundary-attack.json", "--out", dir}).exitCode, 0);
    const QByteArray report = readAll(dir + "/report.json");
    const QByteArray series = readAll(dir + "/series.csv");
    QProcess p;
    p.start(kCli, {"run", RATELAB_SOURCE_DIR "/tests/bench/scenarios/zipf-10m.json", "--out", dir});
    QVERIFY(p.waitForStarted());
    QByteArray err;
    QElapsedTimer waited;
    waited.start();
    while (!err.contains("ratelab-cli: run: ") && waited.elapsed() < 60'000) {
        p.waitForReadyRead(100);
        err += p.readAllStandardError();
    }
    QVERIFY2(err.contains("ratelab-cli: run: "), err.constData());  // progress: a second in, still running
    QElapsedTimer stopping;
    stopping.start();
    ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(60'000));
    QVERIFY2(stopping.elapsed() < 20'000, qPrintable(QString::number(stopping.elapsed())));
    err += p.readAllStandardError();
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 130);
    QVERIFY(err.endsWith("ratelab-cli: interrupted\n"));
    QCOMPARE(readAll(dir + "/report.json"), report);
    QCOMPARE(readAll(dir + "/series.csv"), series);
    QCOMPARE(leftovers(dir, {"report.json", "series.csv"}), QStringList());
}

QTEST_GUILESS_MAIN(TestCliFiles)
#include "tst_clifiles.moc"
