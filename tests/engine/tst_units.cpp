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
    void outOfRangeIsNotAFormatError_data();
    void outOfRangeIsNotAFormatError();
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

void TestUnits::outOfRangeIsNotAFormatError_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("duration, 10^18 us") << "duration"
                                        << "1000000000000000000us"
                                        << "duration is too large";
    QTest::newRow("duration, 2^62 us and one") << "duration"
                                               << "4611686018427387905us"
                                               << "duration is too large";
    QTest::newRow("duration, malformed and long") << "duration"
                                                  << "10000000000000000000x0us"
                                                  << "expected a duration like 250ms, 1.5s or 2m (units us, ms, s, m, h)";
    QTest::newRow("rate, 10^20/s") << "rate"
                                   << "100000000000000000000/s"
                                   << "rate is too large";
    QTest::newRow("rate, 10^20 with decimals") << "rate"
                                               << "100000000000000000000.5/s"
                                               << "rate is too large";
    QTest::newRow("integer, 2^63") << "integer"
                                   << "9223372036854775808"
                                   << "integer out of range (-9223372036854775808 to 9223372036854775807)";
    QTest::newRow("integer, -2^63 - 1") << "integer"
                                        << "-9223372036854775809"
                                        << "integer out of range (-9223372036854775808 to 9223372036854775807)";
    QTest::newRow("integer, malformed") << "integer"
                                        << "12a"
                                        << "expected an integer";
}

// A number too large to keep is said to be so, not that its format is wrong.
void TestUnits::outOfRangeIsNotAFormatError()
{
    QFETCH(QString, kind);
    QFETCH(QString, text);
    QFETCH(QString, error);
    std::string got;
    const std::string input = text.toStdString();
    const bool parsed = kind == "duration" ? parseDuration(input, got).has_value()
        : kind == "rate"                   ? parseRate(input, got).has_value()
                                           : parseInteger(input, got).has_value();
    QVERIFY(!parsed);
    QCOMPARE(QString::fromStdString(got), error);
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
