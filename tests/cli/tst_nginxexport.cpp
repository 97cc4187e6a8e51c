// The nginx snippets `ratelab-cli export --as nginx` writes, in a real nginx (Debian's
// nginx-light, which .ci/install-deps installs: without it these tests fail, they never skip).
// Each snippet goes where its comments say (the http block, a location, the server block) in a
// complete configuration that `nginx -t` must accept; then the same configuration is served on
// a free loopback port by an nginx of the test's own (one process, its prefix, pid file and
// temporary paths in a temporary directory, stopped by its PID), and a flood of requests from
// one address gets exactly burst + 1 answers 200 and then 429s, each with the Retry-After the
// snippet promises and its RFC 9457 problem.

#include "cli/processrun.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <memory>

namespace {

struct Response {
    int status = 0;
    QMap<QByteArray, QByteArray> headers;  // names in lower case
    QByteArray body;
};

// One HTTP/1.1 request on its own connection, read until nginx closes it.
Response get(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    if (!socket.waitForConnected(5000))
        return {};
    socket.write("GET /index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    QByteArray raw;
    while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(5000))
        raw += socket.readAll();
    raw += socket.readAll();
    Response r;
    const qsizetype end = raw.indexOf("\r\n\r\n");
    if (end < 0)
        return r;
    const QList<QByteArray> lines = raw.left(end).split('\n');
    r.status = lines.front().split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            r.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
    }
    r.body = raw.mid(end + 4);
    return r;
}

// The snippet's lines where its comments put them: "# in the http block:", "# in a server or
// location block:" (here: the location that serves /) and "# in the same server block:".
struct Placed {
    QStringList http, location, server;
};

Placed place(const QString& snippet)
{
    Placed p;
    QStringList* into = nullptr;
    for (const QString& line : snippet.split('\n')) {
        if (line.startsWith("# in the http block"))
            into = &p.http;
        else if (line.startsWith("# in a server or location block"))
            into = &p.location;
        else if (line.startsWith("# in the same server block"))
            into = &p.server;
        else if (into && !line.isEmpty() && !line.startsWith('#'))
            into->append("        " + line);
    }
    return p;
}

}  // namespace

class TestNginxExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void nginxAcceptsEveryExport_data();
    void nginxAcceptsEveryExport();
    void floodGets429WithRetryAfter_data();
    void floodGets429WithRetryAfter();

private:
    QString exportSnippet(const QString& algorithm, const QStringList& params);
    QString configure(const QString& snippet, const QString& prefix, quint16 port);

    QString m_nginx;
    QTemporaryDir m_dir;
};

void TestNginxExport::initTestCase()
{
    // Debian installs nginx in /usr/sbin, which a user's PATH may lack.
    m_nginx = QStandardPaths::findExecutable(QStringLiteral("nginx"), {"/usr/sbin", "/usr/local/sbin", "/usr/bin"});
    QVERIFY2(!m_nginx.isEmpty(), "nginx is not installed: run .ci/install-deps (Debian's nginx-light)");
    QVERIFY(m_dir.isValid());
}

QString TestNginxExport::exportSnippet(const QString& algorithm, const QStringList& params)
{
    QStringList args{"export", "--algorithm", algorithm, "--as", "nginx"};
    for (const QString& p : params)
        args << "--param" << p;
    const ratelab::test::TextRun r = ratelab::test::runText(QStringLiteral(RATELAB_CLI_PATH), args, {}, 30000);
    return r.exitCode == 0 ? r.out : QString();
}

// A whole nginx.conf around the snippet: one process in the foreground, every path it writes
// under `prefix`, the snippet's limit on the location that serves prefix/html.
QString TestNginxExport::configure(const QString& snippet, const QString& prefix, quint16 port)
{
    const Placed p = place(snippet);
    QDir().mkpath(prefix + "/html");
    QFile index(prefix + "/html/index.html");
    index.open(QIODevice::WriteOnly);
    index.write("ok\n");
    QString conf = QStringLiteral("daemon off;\nmaster_process off;\npid %1/nginx.pid;\nlock_file %1/nginx.lock;\n"
                                  "error_log %1/error.log;\nevents { worker_connections 64; }\nhttp {\n"
                                  "    access_log off;\n")
                       .arg(prefix);
    for (const char* temp : {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"})
        conf += QStringLiteral("    %1_temp_path %2/%1;\n").arg(QString(temp), prefix);
    conf += p.http.join('\n') + "\n    server {\n        listen 127.0.0.1:" + QString::number(port) + ";\n        root " + prefix
        + "/html;\n        location / {\n" + p.location.join('\n') + "\n        }\n" + p.server.join('\n') + "\n    }\n}\n";
    return ratelab::test::writeFile(m_dir, QFileInfo(prefix).fileName() + ".conf", conf.toUtf8());
}

void TestNginxExport::nginxAcceptsEveryExport_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QStringList>("params");
    QTest::newRow("leaky_bucket shape") << "leaky_bucket" << QStringList{"rate=10/s", "burst=5"};
    QTest::newRow("leaky_bucket police") << "leaky_bucket" << QStringList{"rate=2.5/s", "burst=3", "mode=police"};
    QTest::newRow("leaky_bucket burst 0") << "leaky_bucket" << QStringList{"rate=30/m", "burst=0", "mode=police"};
    QTest::newRow("nginx_limit_req") << "nginx_limit_req" << QStringList{"rate=10r/s", "burst=5"};
    QTest::newRow("nginx_limit_req delay") << "nginx_limit_req" << QStringList{"rate=1.5r/s", "burst=1", "delay=1"};
    QTest::newRow("nginx_limit_req burst 0") << "nginx_limit_req" << QStringList{"rate=1r/m"};
    QTest::newRow("token_bucket") << "token_bucket" << QStringList{"capacity=5", "refill=7/s"};
    QTest::newRow("token_bucket capacity 1") << "token_bucket" << QStringList{"capacity=1", "refill=2.5/s"};
    QTest::newRow("gcra") << "gcra" << QStringList{"rate=10/s", "burst=6"};
    QTest::newRow("gcra burst 1") << "gcra" << QStringList{"rate=30/m", "burst=1"};
}

// `nginx -t -c FILE -p PREFIX` on the whole configuration: the syntax and every directive's
// values as nginx itself reads them (a burst of 0, a rate it cannot hold, a named location out
// of place would each fail).
void TestNginxExport::nginxAcceptsEveryExport()
{
    QFETCH(QString, algorithm);
    QFETCH(QStringList, params);
    const QString snippet = exportSnippet(algorithm, params);
    QVERIFY2(!snippet.isEmpty(), "the export failed");
    const QString prefix = m_dir.filePath(QString("t-") + QTest::currentDataTag()).replace(' ', '_');
    const QString conf = configure(snippet, prefix, 8080);
    const ratelab::test::TextRun t = ratelab::test::runText(m_nginx, {"-t", "-c", conf, "-p", prefix + "/"}, {}, 30000);
    QVERIFY2(t.exitCode == 0, qPrintable(t.err + "\n" + snippet));
    QVERIFY2(t.err.contains("test is successful"), qPrintable(t.err));
}

void TestNginxExport::floodGets429WithRetryAfter_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QStringList>("params");
    QTest::addColumn<int>("passing");     // 1 + nginx's burst, by hand
    QTest::addColumn<int>("retryAfter");  // ceil(1000 / nginx's milli-requests per second), by hand
    // Slow rates: the flood's few milliseconds drain no whole request.
    // 30/m = 500 milli-requests per second: one drains in 2 s.
    QTest::newRow("leaky_bucket police") << "leaky_bucket" << QStringList{"rate=30/m", "burst=2", "mode=police"} << 3 << 2;
    // 12/m = 200: 5 s; capacity 4 = burst 3.
    QTest::newRow("token_bucket") << "token_bucket" << QStringList{"capacity=4", "refill=12/m"} << 4 << 5;
    // 6/m = 100: 10 s; burst 2 = nginx's burst 1.
    QTest::newRow("gcra") << "gcra" << QStringList{"rate=6/m", "burst=2"} << 2 << 10;
    QTest::newRow("gcra burst 1") << "gcra" << QStringList{"rate=30/m", "burst=1"} << 1 << 2;
    // 1r/m = 16: 62.5 s.
    QTest::newRow("nginx_limit_req") << "nginx_limit_req" << QStringList{"rate=1r/m", "burst=1", "nodelay=true"} << 2 << 63;
}

// The strongest check: nginx serving the export answers a flood as the snippet says.
void TestNginxExport::floodGets429WithRetryAfter()
{
    QFETCH(QString, algorithm);
    QFETCH(QStringList, params);
    QFETCH(int, passing);
    QFETCH(int, retryAfter);
    const QString snippet = exportSnippet(algorithm, params);
    QVERIFY2(!snippet.isEmpty(), "the export failed");
    const QString prefix = m_dir.filePath(QString("live-") + QTest::currentDataTag()).replace(' ', '_');
    QProcess nginx;
    // Stopped by its PID however the test ends.
    const std::unique_ptr<void, std::function<void(void*)>> stop(this, [&](void*) {
        if (nginx.state() != QProcess::NotRunning) {
            nginx.terminate();
            if (!nginx.waitForFinished(5000))
                nginx.kill();
        }
    });
    quint16 port = 0;
    for (int attempt = 0; attempt < 10 && port == 0; ++attempt) {
        const auto candidate = static_cast<quint16>(20000 + QRandomGenerator::global()->bounded(40000));
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, candidate))
            continue;
        probe.close();
        nginx.start(m_nginx, {"-c", configure(snippet, prefix, candidate), "-p", prefix + "/"});
        QVERIFY(nginx.waitForStarted());
        for (int i = 0; i < 100 && nginx.state() == QProcess::Running; ++i) {
            QTcpSocket s;
            s.connectToHost(QStringLiteral("127.0.0.1"), candidate);
            if (s.waitForConnected(100)) {
                port = candidate;
                break;
            }
            QTest::qWait(50);
        }
        if (port == 0 && nginx.state() == QProcess::Running)
            QFAIL("nginx runs but does not listen");
    }
    QFile log(prefix + "/error.log");
    QVERIFY2(port != 0,
             qPrintable("nginx did not start: " + (log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray())
                        + nginx.readAllStandardError()));

    for (int i = 0; i < passing + 3; ++i) {
        const Response r = get(port);
        if (i < passing) {
            QCOMPARE(r.status, 200);
            QVERIFY(!r.headers.contains("retry-after"));
            continue;
        }
        QCOMPARE(r.status, 429);
        QCOMPARE(r.headers.value("retry-after"), QByteArray::number(retryAfter));
        QCOMPARE(r.headers.value("content-type"), QByteArray("application/problem+json"));
        QJsonParseError error;
        const QJsonObject body = QJsonDocument::fromJson(r.body, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, r.body.constData());
        QCOMPARE(body.value("status").toInt(), 429);
        QCOMPARE(body.value("retry-after").toInt(), retryAfter);
        QCOMPARE(body.value("limit").toInt(), passing);
    }
}

QTEST_GUILESS_MAIN(TestNginxExport)
#include "tst_nginxexport.moc"
