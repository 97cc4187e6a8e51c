// Step tables for the one number-formatting module (gui-guide.md 3.2).
#include "app/models/text/formatting.h"

#include <QLocale>
#include <QTest>

using namespace ratelab;

class TestFormatting : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void compact_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero") << 0.0 << "0";
        QTest::newRow("small") << 950.0 << "950";
        QTest::newRow("fraction") << 2.5 << "2.5";
        QTest::newRow("thousands") << 1204.0 << "1.2k";
        QTest::newRow("three digits") << 1234.0 << "1.23k";
        QTest::newRow("ten thousands") << 12000.0 << "12k";
        QTest::newRow("millions") << 3.4e6 << "3.4M";
        QTest::newRow("rounds up a unit") << 999'950.0 << "1M";
        QTest::newRow("negative") << -1500.0 << "-1.5k";
        QTest::newRow("billions") << 1.25e9 << "1.25G";
    }
    void compact()
    {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(fmt::compact(value), expected);
    }

    void exact() { QCOMPARE(fmt::exact(1'204'311), QStringLiteral("1,204,311")); }
    // Counts with their nouns, as the Logs view's header and the app's status lines show them.
    void counts()
    {
        QCOMPARE(fmt::count(0, "key"), QStringLiteral("0 keys"));
        QCOMPARE(fmt::count(1, "key"), QStringLiteral("1 key"));
        QCOMPARE(fmt::count(2, "bad line"), QStringLiteral("2 bad lines"));
        QCOMPARE(fmt::count(1'204, "request"), QStringLiteral("1,204 requests"));
        QCOMPARE(fmt::count(1, "entry", "entries"), QStringLiteral("1 entry"));
        QCOMPARE(fmt::compactCount(1, "key"), QStringLiteral("1 key"));
        QCOMPARE(fmt::compactCount(12'000, "key"), QStringLiteral("12k keys"));
    }
    void rate() { QCOMPARE(fmt::ratePerSecond(2.5), QStringLiteral("2.5 req/s")); }

    // The Logs view's unit: 0.3 req/s is 18 req/min; numbers as compact() below 1,000, whole
    // with grouping above.
    void rateUnits()
    {
        QCOMPARE(fmt::rateIn(0.3, fmt::RateUnit::PerSecond), 0.3);
        QCOMPARE(fmt::rateIn(0.3, fmt::RateUnit::PerMinute), 18.0);
        QCOMPARE(fmt::rate(0.3, fmt::RateUnit::PerSecond), QStringLiteral("0.3 req/s"));
        QCOMPARE(fmt::rate(0.3, fmt::RateUnit::PerMinute), QStringLiteral("18 req/min"));
        QCOMPARE(fmt::rate(1250.0 / 60, fmt::RateUnit::PerSecond), QStringLiteral("20.8 req/s"));
        QCOMPARE(fmt::rate(1250.0 / 60, fmt::RateUnit::PerMinute), QLocale().toString(1250) + QStringLiteral(" req/min"));
        QCOMPARE(fmt::rateNumber(0.0833), QStringLiteral("0.083"));
        QCOMPARE(fmt::rateNumber(999.4), QStringLiteral("999"));
        QCOMPARE(fmt::rateNumber(12'345.6), QLocale().toString(12'346));
    }

    void duration_data()
    {
        QTest::addColumn<qint64>("us");
        QTest::addColumn<QString>("expected");
        QTest::newRow("micro") << qint64(850) << QStringLiteral("850 µs");
        QTest::newRow("milli") << qint64(250'000) << QStringLiteral("250 ms");
        QTest::newRow("milli fraction") << qint64(1'500) << QStringLiteral("1.5 ms");
        QTest::newRow("seconds") << qint64(1'240'000) << QStringLiteral("1.24 s");
        QTest::newRow("minutes") << qint64(125'000'000) << QStringLiteral("2 min 05 s");
        QTest::newRow("hours") << qint64(3'720'000'000) << QStringLiteral("1 h 02 min");
    }
    void duration()
    {
        QFETCH(qint64, us);
        QFETCH(QString, expected);
        QCOMPARE(fmt::duration(us), expected);
    }

    void niceEnds()
    {
        QCOMPARE(fmt::niceFloor(0.0167), 0.01);
        QCOMPARE(fmt::niceFloor(3.0), 2.0);
        QCOMPARE(fmt::niceFloor(5.0), 5.0);
        QCOMPARE(fmt::niceCeil(0.0167), 0.02);
        QCOMPARE(fmt::niceCeil(2.0), 2.0);
        QCOMPARE(fmt::niceCeil(6.0), 10.0);
        QCOMPARE(fmt::niceCeil(1000.0), 1000.0);
    }

    void windowLength()
    {
        QCOMPARE(fmt::windowLength(1'000'000), QStringLiteral("1 s"));
        QCOMPARE(fmt::windowLength(10'000'000), QStringLiteral("10 s"));
        QCOMPARE(fmt::windowLength(60'000'000), QStringLiteral("1 min"));
        QCOMPARE(fmt::windowLength(3'600'000'000), QStringLiteral("1 h"));
        QCOMPARE(fmt::windowLength(250'000), QStringLiteral("250 ms"));
    }

    void simTime()
    {
        QCOMPARE(fmt::simTime(61'240'000), QStringLiteral("61.240 s"));
        QCOMPARE(fmt::simTime(3'599'999'000), QStringLiteral("3599.999 s"));
        // 22 h 0 min 8.0005 s: from an hour on, h:mm:ss.mmm (rounded to the millisecond).
        QCOMPARE(fmt::simTime(79'208'000'500), QStringLiteral("22:00:08.001"));
        QCOMPARE(fmt::simTime(3'600'000'000), QStringLiteral("1:00:00.000"));
    }

    void share_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("expected");
        QTest::newRow("typical") << 0.99 << 1 << "99.0%";
        QTest::newRow("almost all") << 0.99996 << 1 << "> 99.9%";
        QTest::newRow("almost none") << 0.0004 << 1 << "< 0.1%";
        QTest::newRow("none") << 0.0 << 1 << "0%";
        QTest::newRow("all") << 1.0 << 1 << "100%";
        QTest::newRow("half") << 0.5 << 1 << "50.0%";
        QTest::newRow("small, 2 decimals") << 0.0042 << 2 << "0.42%";
        QTest::newRow("almost none, 2 decimals") << 0.00004 << 2 << "< 0.01%";
        QTest::newRow("almost all, 2 decimals") << 0.99996 << 2 << "> 99.99%";
    }
    void share()
    {
        QFETCH(double, fraction);
        QFETCH(int, decimals);
        QFETCH(QString, expected);
        QCOMPARE(fmt::share(fraction, decimals), expected);
    }

    void ratio()
    {
        QCOMPARE(fmt::ratio(2.0), QStringLiteral("2.00") + QChar(0x00D7));
        QCOMPARE(fmt::ratio(0.999), QStringLiteral("1.00") + QChar(0x00D7));
    }

    void bytes_data()
    {
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bytes") << qint64(16) << "16 B";
        QTest::newRow("kibi") << qint64(1536) << "1.5 KiB";
        QTest::newRow("mebi") << qint64(3'565'158) << "3.4 MiB";
    }
    void bytes()
    {
        QFETCH(qint64, value);
        QFETCH(QString, expected);
        QCOMPARE(fmt::bytes(value), expected);
    }

    void offset()
    {
        QCOMPARE(fmt::offset(12'000), QStringLiteral("+12.0 ms"));
        QCOMPARE(fmt::offset(-3'000), QChar(0x2212) + QStringLiteral("3.0 ms"));
    }

    void durationColumn()
    {
        const fmt::DurationUnit unit = fmt::durationUnitFor(2'500'000);
        QCOMPARE(unit.suffix, QStringLiteral("s"));
        QCOMPARE(fmt::durationIn(250'000, unit), QStringLiteral("0.25"));
        QCOMPARE(fmt::durationUnitFor(800'000).suffix, QStringLiteral("ms"));
    }

    void niceTicks()
    {
        const std::vector<double> t = fmt::niceTicks(0, 97, 5);
        QCOMPARE(t, (std::vector<double>{0, 20, 40, 60, 80}));
        QCOMPARE(fmt::niceStep(1.0, 5), 0.2);
        QCOMPARE(fmt::niceStep(3000, 6), 500.0);
        QVERIFY(fmt::niceTicks(5, 5, 5).empty());
    }

    void timeScale()
    {
        QCOMPARE(fmt::timeScaleFor(120).title, QStringLiteral("time (s)"));
        QCOMPARE(fmt::timeScaleFor(3600).title, QStringLiteral("time (min)"));
        QCOMPARE(fmt::timeScaleFor(86400).secondsPerUnit, 3600.0);
    }
};

QTEST_GUILESS_MAIN(TestFormatting)
#include "tst_formatting.moc"
