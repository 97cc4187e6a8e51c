// The advisor's table models on a hand trace whose recommendation is derived in
// tests/engine/tst_advisor.cpp: each row holds the engine's values, parameters read in the
// CLI's syntax, the top keys count from the log's first request. Both under
// QAbstractItemModelTester.
#include "app/models/tables/recommendationmodel.h"
#include "app/models/tables/topkeysmodel.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QTest>

#include <sstream>

using namespace ratelab;

namespace {

// a: 0, 100 ms, 200 ms, 5 s; b: 0; c: 0, 2 s; d: 0, 1 s (all + 10 s, so times are relative).
std::shared_ptr<const AdvisorResult> handResult(AdvisorTarget by = AdvisorTarget::Keys)
{
    std::istringstream in("t_us,key,cost\n"
                          "10000000,a,1\n10000000,b,1\n10000000,c,1\n10000000,d,1\n"
                          "10100000,a,1\n10200000,a,1\n"
                          "11000000,d,1\n12000000,c,1\n15000000,a,1\n");
    AdvisorOptions o;
    o.targetPpm = 750'000;
    o.by = by;
    o.windowUs = kMicrosPerSecond;
    return std::make_shared<const AdvisorResult>(advise(loadRequestsFromTrace(in, "hand.csv"), o));
}

}  // namespace

class TestAdvisorModels : public QObject {
    Q_OBJECT
private slots:
    void recommendations()
    {
        RecommendationModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        const auto result = handResult();
        model.setResult(result);
        QCOMPARE(model.rowCount(), 6);
        QCOMPARE(model.columnCount(), int(RecommendationModel::ColumnCount));
        for (int row = 0; row < model.rowCount(); ++row) {
            const Recommendation& rec = result->recommendations[std::size_t(row)];
            QCOMPARE(model.index(row, RecommendationModel::Algorithm).data().toString(), QString::fromStdString(rec.algorithm));
            QCOMPARE(model.index(row, RecommendationModel::Kept).data(RecommendationModel::RawRole).toDouble(),
                     rec.keysUnthrottledShare);
            QCOMPARE(model.index(row, RecommendationModel::RequestsRejected).data(RecommendationModel::RawRole).toDouble(),
                     rec.requestsRejectedShare);
            QCOMPARE(model.index(row, RecommendationModel::Target).data(RecommendationModel::RawRole).toBool(), rec.targetMet);
        }
        // token_bucket capacity 1 refilled 1/s keeps b, c and d: 75.0% of keys, 2 of 9 requests rejected.
        // Its rates read in the unit (req/min by default: 60/min), the raw text as the CLI takes it.
        QCOMPARE(model.index(0, RecommendationModel::Parameters).data().toString(), QStringLiteral("capacity 1, refill 60/min"));
        QCOMPARE(model.index(0, RecommendationModel::Parameters).data(RecommendationModel::RawRole).toString(),
                 QStringLiteral("capacity 1, refill 1/s"));
        QCOMPARE(model.headerData(RecommendationModel::Limit, Qt::Horizontal).toString(), QStringLiteral("limit\n(req/min)"));
        QCOMPARE(model.index(0, RecommendationModel::Limit).data(RecommendationModel::RawRole).toDouble(), 60.0);
        QCOMPARE(model.index(0, RecommendationModel::Limit).data().toString(), QStringLiteral("60"));
        // 17/m is 0.28333... per second: rounded in req/s (to 0.28), and marked so; exact in req/min.
        Recommendation odd;
        odd.parameter = "capacity";
        odd.params = {{"capacity", "17"}, {"refill", "17/m"}};
        QCOMPARE(RecommendationModel::paramsText(odd, fmt::RateUnit::PerSecond), QStringLiteral("capacity 17, refill ≈0.28/s"));
        QCOMPARE(RecommendationModel::paramsText(odd, fmt::RateUnit::PerMinute), QStringLiteral("capacity 17, refill 17/min"));
        model.setRateUnit(fmt::RateUnit::PerSecond);
        QCOMPARE(model.index(0, RecommendationModel::Parameters).data().toString(), QStringLiteral("capacity 1, refill 1/s"));
        QCOMPARE(model.headerData(RecommendationModel::Limit, Qt::Horizontal).toString(), QStringLiteral("limit\n(req/s)"));
        QCOMPARE(model.index(0, RecommendationModel::Limit).data(RecommendationModel::RawRole).toDouble(), 1.0);
        QCOMPARE(model.index(0, RecommendationModel::Limit).data().toString(), QStringLiteral("1"));
        QCOMPARE(model.index(0, RecommendationModel::Kept).data().toString(), QStringLiteral("75.0%"));
        QCOMPARE(model.index(0, RecommendationModel::RequestsRejected).data().toString(), QStringLiteral("22.22%"));
        QCOMPARE(model.index(0, RecommendationModel::Target).data().toString(), QStringLiteral("met"));
        // The searched parameter first: the leaky bucket's burst before its rate and mode.
        QCOMPARE(model.index(1, RecommendationModel::Parameters).data().toString(),
                 QStringLiteral("burst 0, mode police, rate 1/s"));  // in req/s since setRateUnit above
        QVERIFY(!model.index(0, RecommendationModel::Algorithm).data(Qt::DecorationRole).isNull());
        model.setDark(true);
        model.setResult(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void keptCountsWhatTheTargetCounts()
    {
        RecommendationModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto result = handResult(AdvisorTarget::Requests);
        model.setResult(result);
        const Recommendation& rec = result->recommendations[0];
        QCOMPARE(model.index(0, RecommendationModel::Kept).data(RecommendationModel::RawRole).toDouble(),
                 rec.requestsOfUnthrottledKeysShare);
        QVERIFY(model.headerData(RecommendationModel::Kept, Qt::Horizontal).toString().startsWith(QStringLiteral("requests")));
        model.setResult(handResult());
        QVERIFY(model.headerData(RecommendationModel::Kept, Qt::Horizontal).toString().startsWith(QStringLiteral("keys")));
    }

    void topKeys()
    {
        TopKeysModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto result = handResult();
        model.setRecommendation(result, 0);
        // token_bucket throttles a only: 2 of its 4 requests, first at 100 ms after the start.
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, TopKeysModel::Key).data().toString(), QStringLiteral("a"));
        QCOMPARE(model.index(0, TopKeysModel::Requests).data(TopKeysModel::RawRole).toLongLong(), qint64(4));
        QCOMPARE(model.index(0, TopKeysModel::Rejected).data(TopKeysModel::RawRole).toLongLong(), qint64(2));
        QCOMPARE(model.index(0, TopKeysModel::FirstRejected).data(TopKeysModel::RawRole).toLongLong(), qint64(100'000));
        // The log starts 10 s after the epoch: 10.100 s.
        QCOMPARE(model.index(0, TopKeysModel::FirstRejected).data().toString(), QStringLiteral("1970-01-01 00:00:10.100"));
        QVERIFY(model.index(0, TopKeysModel::FirstRejected)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .endsWith(QStringLiteral(", 0.100 s after the log's first request")));
        // a's 1 s windows (t - 1 s, t] at 0, 0.1, 0.2 and 5 s hold 1, 2, 3 and 1: peak 3, and
        // the p99 by nearest rank (rank ceil(0.99 x 4) = 4 of 1, 1, 2, 3) is 3 too.
        QCOMPARE(model.index(0, TopKeysModel::PeakRate).data(TopKeysModel::RawRole).toLongLong(), qint64(3));
        QCOMPARE(model.index(0, TopKeysModel::P99Rate).data(TopKeysModel::RawRole).toLongLong(), qint64(3));
        QCOMPARE(model.headerData(TopKeysModel::PeakRate, Qt::Horizontal).toString(), QStringLiteral("peak rate\n(req/min)"));
        model.setRecommendation(result, 99);
        QCOMPARE(model.rowCount(), 0);
        model.setRecommendation(nullptr, 0);
        QCOMPARE(model.rowCount(), 0);
    }

    // The rate columns show a key's peak and p99 per W as rates in the view's unit: 1,250
    // requests in 1 min are 1,250 req/min and 20.8 req/s; in 10 s, 7,500 req/min and 125 req/s;
    // in 1 h, 20.8 req/min and 0.35 req/s.
    void rateColumns_data()
    {
        QTest::addColumn<qint64>("windowUs");
        QTest::addColumn<int>("unit");
        QTest::addColumn<QString>("peakHeader");
        QTest::addColumn<QString>("peak");
        QTest::addColumn<double>("peakRate");
        const int perS = int(fmt::RateUnit::PerSecond);
        const int perMin = int(fmt::RateUnit::PerMinute);
        const QString sHeader = QStringLiteral("peak rate\n(req/s)");
        const QString minHeader = QStringLiteral("peak rate\n(req/min)");
        QTest::newRow("1 min, /min") << qint64(kMicrosPerMinute) << perMin << minHeader << QLocale().toString(1250) << 1250.0;
        QTest::newRow("1 min, /s") << qint64(kMicrosPerMinute) << perS << sHeader << QStringLiteral("20.8") << 1250.0 / 60;
        QTest::newRow("10 s, /min") << qint64(10 * kMicrosPerSecond) << perMin << minHeader << QLocale().toString(7500) << 7500.0;
        QTest::newRow("10 s, /s") << qint64(10 * kMicrosPerSecond) << perS << sHeader << QStringLiteral("125") << 125.0;
        QTest::newRow("1 h, /min") << qint64(kMicrosPerHour) << perMin << minHeader << QStringLiteral("20.8") << 1250.0 / 60;
        QTest::newRow("1 h, /s") << qint64(kMicrosPerHour) << perS << sHeader << QStringLiteral("0.35") << 1250.0 / 3600;
    }

    void rateColumns()
    {
        QFETCH(qint64, windowUs);
        QFETCH(int, unit);
        QFETCH(QString, peakHeader);
        QFETCH(QString, peak);
        QFETCH(double, peakRate);
        auto result = std::make_shared<AdvisorResult>();
        result->options.windowUs = windowUs;
        result->firstTime = 0;
        Recommendation rec;
        rec.topKeys.push_back({0, "k", 12'000, 40, 2 * kMicrosPerSecond, {1'250, 980}});
        result->recommendations.push_back(rec);
        TopKeysModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRecommendation(result, 0);
        model.setRateUnit(fmt::RateUnit(unit));
        QCOMPARE(model.headerData(TopKeysModel::PeakRate, Qt::Horizontal).toString(), peakHeader);
        QVERIFY(model.headerData(TopKeysModel::P99Rate, Qt::Horizontal).toString().startsWith(QStringLiteral("p99 rate\n")));
        QCOMPARE(model.index(0, TopKeysModel::PeakRate).data().toString(), peak);
        QCOMPARE(model.index(0, TopKeysModel::PeakRate).data(TopKeysModel::RateRole).toDouble(), peakRate);
        QCOMPARE(model.index(0, TopKeysModel::PeakRate).data(TopKeysModel::RawRole).toLongLong(), qint64(1250));
        QCOMPARE(model.index(0, TopKeysModel::P99Rate).data(TopKeysModel::RawRole).toLongLong(), qint64(980));
        QCOMPARE(model.index(0, TopKeysModel::FirstRejected).data().toString(), QStringLiteral("1970-01-01 00:00:02"));
        const auto align = model.index(0, TopKeysModel::PeakRate).data(Qt::TextAlignmentRole).value<Qt::Alignment>();
        QVERIFY(align & Qt::AlignRight);
    }
};

QTEST_MAIN(TestAdvisorModels)
#include "tst_advisormodels.moc"
