// Replays every trace in tests/data/reference through RateLab's preset and checks each
// decision against the one the real reference made (see tests/data/reference/gen/README.md
// for how each CSV was produced).

#include "engine/algorithms/catalog/catalog.h"
#include "engine/core/keyinterner.h"
#include "engine/tracecsv/tracereader.h"

#include <QtTest>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace ratelab;

class TestReferences : public QObject {
    Q_OBJECT

private slots:
    void replay_data();
    void replay();
};

void TestReferences::replay_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");  // JSON object
    std::ifstream in(RATELAB_TEST_DATA "/reference/cases.json");
    QVERIFY(in);
    const auto cases = nlohmann::json::parse(in);
    QVERIFY(cases.size() >= 20);
    for (const auto& c : cases) {
        const std::string file = c.at("file");
        QTest::newRow(file.c_str()) << QString::fromStdString(file) << QString::fromStdString(c.at("algorithm"))
                                    << QString::fromStdString(c.at("params").dump());
    }
}

// Splits one CSV line on commas (the reference files have no quoted fields).
static std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> out;
    std::stringstream ss(line);
    std::string field;
    while (std::getline(ss, field, ','))
        out.push_back(field);
    return out;
}

void TestReferences::replay()
{
    QFETCH(QString, file);
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    ParamValues values;
    const auto json = nlohmann::json::parse(params.toStdString());
    for (const auto& [k, v] : json.items())
        values[k] = v.get<std::string>();
    BuiltLimiter built;
    try {
        built = makeLimiter(algorithm.toStdString(), values);
    } catch (const ParamError& e) {
        QFAIL(e.what());
    }

    std::ifstream in(std::string(RATELAB_TEST_DATA "/reference/") + file.toStdString());
    QVERIFY(in);
    std::string line;
    std::getline(in, line);
    const auto header = splitCsv(line);
    QCOMPARE(header.at(0), std::string("t_us"));
    const auto column = [&](const char* name) {
        const auto it = std::find(header.begin(), header.end(), name);
        return it == header.end() ? -1 : static_cast<int>(it - header.begin());
    };
    const int allowedCol = column("allowed");
    const int remainingCol = column("remaining");
    const int retryCol = column("retry_after_us");
    QVERIFY(allowedCol > 0);

    KeyInterner keys;
    int rows = 0;
    int allowedRows = 0;
    int lineNo = 1;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.empty())
            continue;
        const auto f = splitCsv(line);
        const SimTime t = std::stoll(f.at(0));
        const Cost cost = std::stoll(f.at(2));
        const Decision d = built.limiter->decide(keys.intern(f.at(1)), t, cost);
        const bool expected = f.at(allowedCol) == "1";
        const QByteArray where = QStringLiteral("%1:%2 (t=%3 key=%4 cost=%5)")
                                     .arg(file)
                                     .arg(lineNo)
                                     .arg(t)
                                     .arg(QString::fromStdString(f.at(1)))
                                     .arg(cost)
                                     .toUtf8();
        QVERIFY2(d.allowed == expected, where.constData());
        // RateLab's remaining is >= 0 by contract; python limits may report a negative one.
        if (remainingCol >= 0)
            QVERIFY2(d.remaining == std::max<std::int64_t>(0, std::stoll(f.at(remainingCol))), where.constData());
        if (retryCol >= 0)
            QVERIFY2(d.retryAfterUs == std::stoll(f.at(retryCol)), where.constData());
        ++rows;
        allowedRows += expected;
    }
    QVERIFY(rows > 20);
    QVERIFY(allowedRows > 0 && allowedRows < rows);  // both outcomes are exercised
}

QTEST_APPLESS_MAIN(TestReferences)
#include "tst_references.moc"
