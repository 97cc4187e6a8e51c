// Parameter syntax: durations and rates as the CLI takes them (design.md section 3, "Units").

#include "engine/core/plural.h"
#include "engine/core/units.h"

#include <QtTest>

using namespace ratelab;

class TestUnits : public QObject {
    Q_OBJECT

private slots:
    void durations_data();
    void durations();
    void rates_data();
    void rates();
    void rejects_data();
    void rejects();
    void countsAndNouns();
};

void TestUnits::durations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("us");
    QTest::newRow("us") << "750us" << qint64(750);
    QTest::newRow("ms") << "250ms" << qint64(250'000);
    QTest::newRow("s") << "60s" << qint64(60'000'000);
    QTest::newRow("decimal s") << "1.5s" << qint64(1'500'000);
    QTest::newRow("m") << "2m" << qint64(120'000'000);
    QTest::newRow("h") << "1h" << qint64(3'600'000'000);
    QTest::newRow("tiny decimal") << "0.000001s" << qint64(1);
}

void TestUnits::durations()
{
    QFETCH(QString, text);
    QFETCH(qint64, us);
    std::string error;
    const auto value = parseDuration(text.toStdString(), error);
    QVERIFY2(value.has_value(), error.c_str());
    QCOMPARE(*value, us);
}

void TestUnits::rates_data()
{
    // num/den is the rate per microsecond, reduced.
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("num");
    QTest::addColumn<qint64>("den");
    QTest::addColumn<double>("perSecond");
    QTest::newRow("10/s") << "10/s" << qint64(1) << qint64(100'000) << 10.0;
    QTest::newRow("2.5/s") << "2.5/s" << qint64(1) << qint64(400'000) << 2.5;
    QTest::newRow("600/m") << "600/m" << qint64(1) << qint64(100'000) << 10.0;
    QTest::newRow("3/s") << "3/s" << qint64(3) << qint64(1'000'000) << 3.0;
    QTest::newRow("nginx 1r/m") << "1r/m" << qint64(1) << qint64(60'000'000) << 1.0 / 60.0;
    QTest::newRow("0.3/s") << "0.3/s" << qint64(3) << qint64(10'000'000) << 0.3;
    QTest::newRow("1/h") << "1/h" << qint64(1) << qint64(3'600'000'000) << 1.0 / 3600.0;
}

void TestUnits::rates()
{
    QFETCH(QString, text);
    QFETCH(qint64, num);
    QFETCH(qint64, den);
    QFETCH(double, perSecond);
    std::string error;
    const auto rate = parseRate(text.toStdString(), error);
    QVERIFY2(rate.has_value(), error.c_str());
    QCOMPARE(rate->num, num);
    QCOMPARE(rate->den, den);
    QCOMPARE(rate->perSecondNearest(), perSecond);  // the double nearest N / unit-seconds
}

void TestUnits::rejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("isRate");
    QTest::newRow("no unit") << "250" << false;
    QTest::newRow("bad unit") << "5 days" << false;
    QTest::newRow("sub-us") << "0.5us" << false;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("rate no slash") << "10" << true;
    QTest::newRow("rate zero") << "0/s" << true;
    QTest::newRow("rate bad unit") << "10/d" << true;
    QTest::newRow("rate garbage") << "ten/s" << true;
    QTest::newRow("rate 7 decimals") << "1.0000001/s" << true;
}

void TestUnits::rejects()
{
    QFETCH(QString, text);
    QFETCH(bool, isRate);
    std::string error;
    if (isRate)
        QVERIFY(!parseRate(text.toStdString(), error).has_value());
    else
        QVERIFY(!parseDuration(text.toStdString(), error).has_value());
    QVERIFY(!error.empty());
}

// "1 key", never "1 keys": the one helper every count in user-facing text goes through.
void TestUnits::countsAndNouns()
{
    QCOMPARE(counted(0, "key"), std::string("0 keys"));
    QCOMPARE(counted(1, "key"), std::string("1 key"));
    QCOMPARE(counted(2, "key"), std::string("2 keys"));
    QCOMPARE(counted(1, "bad line"), std::string("1 bad line"));
    QCOMPARE(counted(2, "bad line"), std::string("2 bad lines"));
    QCOMPARE(counted(0, "entry", "entries"), std::string("0 entries"));
    QCOMPARE(counted(1, "entry", "entries"), std::string("1 entry"));
    QCOMPARE(counted(-1, "step"), std::string("-1 steps"));
    QCOMPARE(pluralNoun(1, "client"), std::string("client"));
    QCOMPARE(pluralNoun(3, "client"), std::string("clients"));
}

QTEST_APPLESS_MAIN(TestUnits)
#include "tst_units.moc"
