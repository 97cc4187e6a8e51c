// Access-log keys: the client address behind proxies, path templates, every key kind, tier
// maps, and refused lines that leave no key behind.

#include "engine/logs/keys/clientaddress.h"
#include "engine/logs/keys/keyextractor.h"
#include "engine/logs/keys/pathtemplate.h"
#include "engine/logs/logoptions.h"
#include "engine/logs/parsers/formatdetect.h"
#include "engine/logs/parsers/nginxformat.h"
#include "engine/logs/parsers/textscan.h"
#include "engine/logs/parsers/timeparse.h"
#include "engine/logs/reading/logimporter.h"
#include "engine/logs/reading/logreader.h"
#include "engine/logs/reading/parallelimport.h"
#include "engine/logs/reading/reorderbuffer.h"

#include <QtTest>

#include "logtest.h"
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace ratelab;
using namespace logtest;

class TestLogKeys : public QObject {
    Q_OBJECT

private slots:
    void clientOfOneAddress_data();
    void clientOfOneAddress();
    void clientShortcutAgreesForEveryByte();
    void pathTemplates_data();
    void pathTemplates();
    void keyKinds();
    void tierMap();
    void refusedLinesLeaveNoKey();
    void internerIdsAndNames();
    void threadsIntoAFilledInterner();
};

// The address of a line without X-Forwarded-For and with nobody trusted: the port goes when
// there is one (hasPort: the format says so; otherwise only with a single colon).
void TestLogKeys::clientOfOneAddress_data()
{
    QTest::addColumn<QString>("remote");
    QTest::addColumn<bool>("hasPort");
    QTest::addColumn<QString>("client");
    QTest::newRow("ipv4") << "192.0.2.1" << false << "192.0.2.1";
    QTest::newRow("ipv4:port") << "192.0.2.1:443" << false << "192.0.2.1";
    QTest::newRow("host:port") << "edge.example:8080" << false << "edge.example";
    QTest::newRow("ipv6") << "2001:db8::1" << false << "2001:db8::1";
    QTest::newRow("ipv6 with port field") << "2001:db8::1:5000" << true << "2001:db8::1";
    QTest::newRow("[ipv6]:port") << "[2001:db8::1]:5000" << false << "2001:db8::1";
    QTest::newRow("dash") << "-" << false << "-";
    QTest::newRow("empty") << "" << false << "";
    QTest::newRow("chain") << "10.0.0.1, 192.0.2.1:80" << false << "10.0.0.1";
    // Lengths either side of the word-at-a-time check (4 to 16 bytes), specials at its ends.
    QTest::newRow("4 bytes") << "host" << false << "host";
    QTest::newRow("4 bytes, port") << "ab:1" << false << "ab";
    QTest::newRow("7 bytes") << "1.2.3.4" << false << "1.2.3.4";
    QTest::newRow("8 bytes, colon last") << "1.2.3.4:" << false << "1.2.3.4";
    QTest::newRow("9 bytes, port") << "1.2.3.4:8" << false << "1.2.3.4";
    QTest::newRow("16 bytes, comma") << "10.0.0.1,1.2.3.4" << false << "10.0.0.1";
    QTest::newRow("16 bytes, tab first") << "\t10.20.30.40:567" << false << "10.20.30.40";
    QTest::newRow("16 bytes") << "203.113.222.100." << false << "203.113.222.100.";
    QTest::newRow("17 bytes, port") << "203.113.222.100:8" << false << "203.113.222.100";
    QTest::newRow("3 bytes, tab") << "a\tb" << false << "a";
}

void TestLogKeys::clientOfOneAddress()
{
    QFETCH(QString, remote);
    QFETCH(bool, hasPort);
    QFETCH(QString, client);
    const std::string text = remote.toStdString();
    const TrustedProxies nobody(std::vector<std::string>{});
    QCOMPARE(QString::fromStdString(std::string(chooseClient({}, text, hasPort, ForwardedChoice::First, nobody))), client);
}

// chooseClient takes a one-address field with nobody trusted in one pass, and an address of
// digits and dots in fewer steps still. Any trusted proxy sends it the long way, through the
// proxy chain; a trusted address no line has must give the same client. Every byte value at
// every place of addresses of 7 to 16 bytes (the shortcuts read 4- and 8-byte words).
void TestLogKeys::clientShortcutAgreesForEveryByte()
{
    const TrustedProxies nobody(std::vector<std::string>{});
    const TrustedProxies noneOfThese(std::vector<std::string>{"255.255.255.254/32"});
    int compared = 0;
    for (const std::string& base : {std::string("1.2.3.4"), std::string("10.0.0.1"), std::string("192.168.100.1"),
                                    std::string("203.113.222.100"), std::string("203.113.222.100.")}) {
        for (std::size_t at = 0; at < base.size(); ++at) {
            for (int b = 0; b < 256; ++b) {
                std::string address = base;
                address[at] = static_cast<char>(b);
                const std::string_view shortcut = chooseClient({}, address, false, ForwardedChoice::First, nobody);
                const std::string_view chain = chooseClient({}, address, false, ForwardedChoice::First, noneOfThese);
                QVERIFY2(shortcut == chain, qPrintable(QString("byte %1 at %2 of %3").arg(b).arg(at).arg(base.c_str())));
                ++compared;
            }
        }
    }
    QCOMPARE(compared, (7 + 8 + 13 + 15 + 16) * 256);
}

void TestLogKeys::pathTemplates_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("templated");
    QTest::newRow("numeric") << "/users/123"
                             << "/users/:id";
    QTest::newRow("nested, query dropped") << "/users/123/orders/456?page=2"
                                           << "/users/:id/orders/:id";
    QTest::newRow("uuid") << "/o/0b5f1e0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b/x"
                          << "/o/:id/x";
    QTest::newRow("object id") << "/items/5f2b9c0e1a7d3b0012345678"
                               << "/items/:id";
    QTest::newRow("hex word kept") << "/cafe/facade"
                                   << "/cafe/facade";
    QTest::newRow("short hex kept") << "/v1/ab12"
                                    << "/v1/ab12";
    QTest::newRow("trailing slash") << "/a/42/"
                                    << "/a/:id/";
    QTest::newRow("root") << "/"
                          << "/";
}

void TestLogKeys::pathTemplates()
{
    QFETCH(QString, path);
    QFETCH(QString, templated);
    std::string out;
    appendPathTemplate(path.toStdString(), out);
    QCOMPARE(QString::fromStdString(out), templated);
}

void TestLogKeys::keyKinds()
{
    const std::string log = R"(1.1.1.1 - alice [10/Oct/2000:20:55:36 +0000] "GET /users/1?api_key=K1 HTTP/1.1" 200 1 "-" "x")"
                            "\n"
                            R"(2.2.2.2 - - [10/Oct/2000:20:55:37 +0000] "GET /users/2?x=1&api_key=K2 HTTP/1.1" 200 1 "-" "x")"
                            "\n"
                            R"(1.1.1.1 - alice [10/Oct/2000:20:55:38 +0000] "POST /users/3 HTTP/1.1" 200 1 "-" "x")"
                            "\n"
                            R"(3.3.3.3 - - [10/Oct/2000:20:55:39 +0000] "" 400 0 "-" "-")"
                            "\n";
    ImportOptions o;
    using Counts = std::map<std::string, std::int64_t>;
    o.key.kind = KeyKind::User;
    Imported r = importText(log, o);
    QCOMPARE(r.perKey(), (Counts{{"alice", 2}}));
    QCOMPARE(r.problemLines(), (std::vector<std::int64_t>{2, 4}));
    QCOMPARE(r.summary.problems[0].problem, LineProblem::NoKey);
    QCOMPARE(r.summary.problems[0].field, std::string("user"));

    o.key.kind = KeyKind::ApiKey;
    QCOMPARE(importText(log, o).perKey(), (Counts{{"K1", 1}, {"K2", 1}}));

    o.key.kind = KeyKind::Endpoint;
    QCOMPARE(importText(log, o).perKey(), (Counts{{"GET /users/1", 1}, {"GET /users/2", 1}, {"POST /users/3", 1}}));
    o.key.pathTemplates = true;
    QCOMPARE(importText(log, o).perKey(), (Counts{{"GET /users/:id", 2}, {"POST /users/:id", 1}}));

    o.key.kind = KeyKind::IpEndpoint;
    r = importText(log, o);
    QCOMPARE(r.perKey(), (Counts{{"1.1.1.1 GET /users/:id", 1}, {"1.1.1.1 POST /users/:id", 1}, {"2.2.2.2 GET /users/:id", 1}}));
    QCOMPARE(r.problemLines(), (std::vector<std::int64_t>{4}));  // the empty request has no endpoint

    // The API key from a logged field (an nginx variable).
    ImportOptions field;
    field.parser.nginxLogFormat = "$remote_addr [$time_local] $http_x_api_key";
    field.parser.apiKeyField = "http_x_api_key";
    field.key.kind = KeyKind::ApiKey;
    QCOMPARE(importText("9.9.9.9 [10/Oct/2000:20:55:36 +0000] secret\n", field).perKey(), (Counts{{"secret", 1}}));

    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             KeyExtractor(KeyOptions{KeyKind::Ip, ForwardedChoice::Last, {"10.0.0.0/40"}}));
}

void TestLogKeys::tierMap()
{
    std::istringstream csv("key,tier\n# partners\n1.1.1.1,partner\n2.2.2.2, free\n");
    auto tiers = std::make_shared<TierMap>(TierMap::read(csv));
    QCOMPARE(tiers->tierNames(), (std::vector<std::string>{"(none)", "partner", "free"}));
    ImportOptions o;
    o.tiers = tiers;
    std::string log;
    for (const char* ip : {"1.1.1.1", "1.1.1.1", "2.2.2.2", "3.3.3.3"})
        log += std::string(ip)
            + R"( - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x")"
              "\n";
    const Imported r = importText(log, o);
    QCOMPARE(r.summary.tiers.size(), std::size_t(3));
    QCOMPARE(r.summary.tiers[0].requests, 1);
    QCOMPARE(r.summary.tiers[1].requests, 2);
    QCOMPARE(r.summary.tiers[2].requests, 1);
    std::istringstream bad("1.1.1.1\n");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TierMap::read(bad));
}

// Keys are those of imported requests only. A recent line, then lines an hour older (too old
// for the 60 s look-back: the nginx fixture's situation) and malformed lines: none of their
// addresses may become a key, on one thread or several, from a stream
// or a file, and the summary still counts every refused line.
void TestLogKeys::refusedLinesLeaveNoKey()
{
    const auto line = [](const std::string& ip, const char* time) {
        return ip + " - - [12/Apr/2018:" + time + " +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n";
    };
    std::string log = line("10.0.0.1", "09:00:00");
    for (int i = 1; i <= 4; ++i)
        log += line("192.168.0." + std::to_string(i), "08:00:00");            // an hour before line 1
    log += "172.16.0.9 - - [12/Apr/2018:09:00:01 +0000] \"GET / HTTP/1.1\n";  // malformed: no status
    log += line("172.16.0.8", "09:00:61");                                    // malformed: no such second
    log += line("10.0.0.2", "09:00:03");
    log += line("10.0.0.1", "09:00:04");
    const std::vector<std::string> kept{"10.0.0.1", "10.0.0.2"};

    const auto check = [&](const KeyInterner& keys, const ImportSummary& summary) {
        std::vector<std::string> names;
        for (KeyId k = 0; k < keys.size(); ++k)
            names.push_back(keys.name(k));
        QCOMPARE(names, kept);
        QCOMPARE(summary.distinctKeys, std::int64_t{2});
        QCOMPARE(summary.requestsImported, std::int64_t{3});
        QCOMPARE(summary.skippedFor(LineProblem::TooOld), std::int64_t{4});
        QCOMPARE(summary.skippedTotal(), std::int64_t{6});
        QCOMPARE(summary.problems.size(), std::size_t{6});  // each refused line still listed
    };
    {
        std::istringstream in(log);
        KeyInterner keys;
        const ImportSummary summary = importLog(in, {}, keys, [](const ImportedRequest&) {});
        check(keys, summary);
        QVERIFY(!QTest::currentTestFailed());
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath("refused.log").toStdString();
    std::ofstream(path, std::ios::binary) << log;
    for (const unsigned threads : {1u, 2u}) {
        KeyInterner keys;
        const ImportSummary summary = importLogFile(
            path, {}, keys, [](const ImportedRequest&) {}, nullptr, threads);
        check(keys, summary);
        QVERIFY2(!QTest::currentTestFailed(), qPrintable(QString("%1 threads").arg(threads)));
    }
}

// Ids are dense and in order of first appearance, and a key interned again gets its id back
// (through the table's growth). The reference is a std::map.
void TestLogKeys::internerIdsAndNames()
{
    std::mt19937 rng(11);
    std::vector<std::string> pool;
    pool.emplace_back();  // the empty key
    for (int i = 0; i < 30'000; ++i)
        pool.push_back(std::string(rng() % 40, 'a' + static_cast<char>(i % 26)) + std::to_string(i));
    KeyInterner keys;
    std::map<std::string, KeyId> expected;
    for (int n = 0; n < 200'000; ++n) {
        const std::string& key = pool[rng() % pool.size()];
        const auto known = expected.find(key);
        const KeyId id = keys.intern(key);
        QCOMPARE(id, known == expected.end() ? KeyId(expected.size()) : known->second);
        expected.emplace(key, id);
    }
    QCOMPARE(keys.size(), expected.size());
    for (const auto& [name, id] : expected)
        QCOMPARE(keys.name(id), name);
}

// An import into an interner that already holds keys (the app's does): ids of keys it holds
// are kept, new keys follow them in order of first kept request, and distinctKeys counts
// the keys of the requests imported, old or new — on one thread or several. A log of
// 20,000 addresses over several chunks, lines 4 s out of order, and every 500th line an
// hour behind (too old) with an address no other line has; tiers per key.
void TestLogKeys::threadsIntoAFilledInterner()
{
    constexpr int kLines = 60'000;
    const auto address = [](int i) {
        return "10." + std::to_string(i / 65536) + "." + std::to_string(i / 256 % 256) + "." + std::to_string(i % 256);
    };
    std::mt19937 rng(3);
    std::string log;
    std::set<int> keptKeys;
    for (int n = 1; n <= kLines; ++n) {
        const bool tooOld = n % 500 == 0;
        const int client = tooOld ? 100'000 + n : static_cast<int>(rng() % 20'000);
        int t = 7200 + n / 4 - (n % 7 == 0 ? 4 : 0) - (tooOld ? 3600 : 0);
        if (!tooOld)
            keptKeys.insert(client);
        char stamp[16];
        std::snprintf(stamp, sizeof stamp, "%02d:%02d:%02d", t / 3600, t / 60 % 60, t % 60);
        log += address(client) + " - - [17/May/2015:" + stamp + " +0000] \"GET /item/" + std::to_string(n)
            + " HTTP/1.1\" 200 512 \"-\" \"a user agent of some length, as real ones have\"\n";
    }
    QVERIFY(log.size() > 6 << 20);
    QTemporaryDir dir;
    const std::string path = dir.filePath("filled.log").toStdString();
    std::ofstream(path, std::ios::binary) << log;
    std::string tierCsv = "key,tier\n";
    for (int i = 0; i < 20'000; i += 3)
        tierCsv += address(i) + (i % 2 ? ",gold\n" : ",silver\n");
    std::istringstream tierIn(tierCsv);
    ImportOptions options;
    options.format = LogFormat::Combined;
    options.tiers = std::make_shared<TierMap>(TierMap::read(tierIn));

    // Held before the import: every 10th address the log has, and some it has not.
    std::vector<std::string> held;
    for (int i = 0; i < 20'000; i += 10)
        held.push_back(address(i));
    for (int i = 0; i < 500; ++i)
        held.push_back("192.168.0." + std::to_string(i));
    const QString file = QString::fromStdString(path);
    const FileImport one = importWithThreads(file, options, 1, held);
    QCOMPARE(one.summary.distinctKeys, std::int64_t(keptKeys.size()));
    QCOMPARE(one.summary.requestsImported, std::int64_t{kLines - kLines / 500});
    std::size_t newKeys = 0;  // kept addresses not held before
    for (const int k : keptKeys)
        newKeys += k % 10 != 0;
    QCOMPARE(one.keys.size(), held.size() + newKeys);
    QVERIFY(one.summary.reorderedLines > 0);
    for (const unsigned threads : {2u, 3u}) {
        compareImports(importWithThreads(file, options, threads, held), one);
        QVERIFY2(!QTest::currentTestFailed(), qPrintable(QString("%1 threads").arg(threads)));
    }
}

QTEST_GUILESS_MAIN(TestLogKeys)
#include "tst_logkeys.moc"
