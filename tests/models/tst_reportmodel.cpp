// ReportModel under QAbstractItemModelTester: formatted display, raw sort values, empty
// (not zero) cells where a metric does not apply, numeric sorting through a proxy.
#include "app/models/tables/reportmodel.h"
#include "app/models/text/formatting.h"
#include "app/models/text/heldstatetext.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace ratelab;

namespace {

std::shared_ptr<const Report> sampleReport()
{
    auto r = std::make_shared<Report>();
    r->scenario = {"sample", 42, 120'000'000, 0, {}};
    r->bucketUs = 1'000'000;
    AlgorithmReport fw;
    fw.id = "fixed_window";
    fw.algorithm = "fixed_window";
    fw.family = "fixed_window";
    fw.requests = 1'204'311;
    fw.allowed = 1'000'000;
    fw.rejected = 204'311;
    fw.acceptance = double(fw.allowed) / double(fw.requests);
    fw.peakBurst = {60'000'000, 200, 100, 2.0, 60'000'000, "attacker"};
    fw.disagreement = Disagreement{12, 3};
    fw.memory.stateBytesPerKey = 16;
    fw.memory.peakLiveKeys = 210'000;
    fw.memory.peakStateBytes = 3'565'158;
    fw.neverAdmissible = 1'204;
    AlgorithmReport log;
    log.id = "sliding_window_log";
    log.algorithm = "limits_moving_window";
    log.family = "sliding_window_log";
    log.preset = "limits_moving_window";
    log.requests = 900;
    log.allowed = 899;
    log.acceptance = 899.0 / 900.0;
    log.peakBurst = {60'000'000, 100, 100, 1.0, 1'500'000, "a"};
    log.memory.stateBytesPerKey = 812.5;
    log.memory.peakLiveKeys = 10;
    log.memory.peakStateBytes = 8125;
    AlgorithmReport lb;
    lb.id = "leaky_bucket";
    lb.algorithm = "leaky_bucket";
    lb.family = "leaky_bucket";
    lb.requests = 50;
    lb.allowed = 50;
    lb.acceptance = 1.0;
    lb.peakBurst = {1'000'000, 11, 10, 1.1, 2'000'000, "b"};
    lb.delay = DelayStats{250'000, 2'500'000, 3'000'000, {}};
    // Held in a cluster: a store and 2 instances (local_fallback).
    lb.memory.stateBytesPerKey = 16;
    lb.memory.peakLiveKeys = 5;
    lb.memory.peakStateBytes = 80;
    lb.memory.heldBy = "store_and_instances";
    lb.memory.store = HeldState{1, 16};
    lb.memory.instances = {HeldState{1, 16}, HeldState{3, 48}};
    r->algorithms = {fw, log, lb};
    return r;
}

}  // namespace

class TestReportModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void tester()
    {
        ReportModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setReport(sampleReport());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(ReportModel::ColumnCount));
        model.setHiddenIds({QStringLiteral("fixed_window")});
        model.setReport(nullptr);
        QCOMPARE(model.rowCount(), 0);
        model.setReport(sampleReport());
    }

    void cells_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("display");
        QTest::addColumn<QVariant>("raw");
        QTest::newRow("requests") << 0 << int(ReportModel::Requests) << "1,204,311" << QVariant(qint64(1'204'311));
        QTest::newRow("burst") << 0 << int(ReportModel::PeakBurst) << QStringLiteral("2.00×") << QVariant(2.0);
        QTest::newRow("at") << 0 << int(ReportModel::PeakBurstAt) << "60.000 s" << QVariant(qint64(60'000'000));
        QTest::newRow("false allow") << 0 << int(ReportModel::FalseAllow) << "12" << QVariant(qint64(12));
        QTest::newRow("peak state") << 0 << int(ReportModel::PeakState) << "3.4 MiB" << QVariant(qint64(3'565'158));
        QTest::newRow("bytes/key") << 0 << int(ReportModel::BytesPerKey) << "16 B" << QVariant(16.0);
        QTest::newRow("no disagreement for the log") << 1 << int(ReportModel::FalseReject) << "" << QVariant();
        QTest::newRow("preset") << 1 << int(ReportModel::Preset) << "limits_moving_window"
                                << QVariant(QStringLiteral("limits_moving_window"));
        QTest::newRow("acceptance") << 1 << int(ReportModel::Acceptance) << "99.9%" << QVariant(899.0 / 900.0);
        QTest::newRow("no delay") << 0 << int(ReportModel::P99Delay) << "" << QVariant();
        QTest::newRow("delay in the column's unit") << 2 << int(ReportModel::P99Delay) << "2.5 s" << QVariant(qint64(2'500'000));
        QTest::newRow("all accepted") << 2 << int(ReportModel::Acceptance) << "100%" << QVariant(1.0);
        QTest::newRow("no cluster") << 2 << int(ReportModel::Overshoot) << "" << QVariant();
        QTest::newRow("never admissible") << 0 << int(ReportModel::NeverAdmissible) << "1,204" << QVariant(qint64(1'204));
        QTest::newRow("none never admissible") << 1 << int(ReportModel::NeverAdmissible) << "0" << QVariant(qint64(0));
    }

    // Where the state was held, in the state columns' tooltips: the total, then each place's peak.
    void heldStateTooltips()
    {
        ReportModel model;
        model.setReport(sampleReport());
        QCOMPARE(model.index(1, ReportModel::PeakState).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("At most 7.9 KiB, 10 keys on the one instance"));
        QCOMPARE(model.index(2, ReportModel::PeakState).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("At most 80 B, 5 keys in the cluster; peaks per place:\nstore: 1 key, 16 B\n"
                                "instance 0: 1 key, 16 B\ninstance 1: 3 keys, 48 B"));
        QCOMPARE(model.index(2, ReportModel::BytesPerKey).data(Qt::ToolTipRole),
                 model.index(2, ReportModel::PeakState).data(Qt::ToolTipRole));
        QVERIFY(model.index(0, ReportModel::NeverAdmissible)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("1,204 rejected with retry_after -1")));
    }

    // The words the state chart and the tooltips share, by where the state was held.
    void heldStateWords()
    {
        MemoryStats one;
        QCOMPARE(fmt::compactCount(1, "key"), QStringLiteral("1 key"));
        QCOMPARE(fmt::compactCount(210'000, "key"), QStringLiteral("210k keys"));
        QCOMPARE(heldstate::where(one), QString());
        QVERIFY(heldstate::places(one).isEmpty());
        MemoryStats store;
        store.store = HeldState{2, 16};
        QCOMPARE(heldstate::where(store), QStringLiteral(" in the store"));
        QCOMPARE(heldstate::places(store), QStringList{QStringLiteral("store: 2 keys, 16 B")});
        MemoryStats local;
        local.instances = {HeldState{1, 16}, HeldState{2, 32}, HeldState{0, 0}};
        QCOMPARE(heldstate::where(local), QStringLiteral(", up to 2 per instance"));
        QCOMPARE(heldstate::places(local).size(), qsizetype(3));
        MemoryStats both = local;
        both.store = HeldState{1, 16};
        QCOMPARE(heldstate::where(both), QStringLiteral(": store 1, up to 2 per instance"));
        // Beyond 8 instances, one line with their range.
        MemoryStats many;
        for (qint64 i = 0; i < 12; ++i)
            many.instances.push_back(HeldState{i, 16 * i});
        QCOMPARE(heldstate::places(many), QStringList{QStringLiteral("12 instances: 0 B to 176 B each")});
    }
    void cells()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, display);
        QFETCH(QVariant, raw);
        ReportModel model;
        model.setReport(sampleReport());
        const QModelIndex idx = model.index(row, column);
        QCOMPARE(idx.data(Qt::DisplayRole).toString(), display);
        QCOMPARE(idx.data(ReportModel::SortRole), raw);
        if (column > ReportModel::Preset)
            QCOMPARE(idx.data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));
    }

    void sortsByRawValue()
    {
        ReportModel model;
        model.setReport(sampleReport());
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ReportModel::SortRole);
        // As text "1,204,311" < "50" < "900"; as numbers 50 < 900 < 1,204,311.
        proxy.sort(ReportModel::Requests, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("leaky_bucket"));
        QCOMPARE(proxy.index(2, 0).data().toString(), QStringLiteral("fixed_window"));
        proxy.sort(ReportModel::PeakBurst, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("fixed_window"));
    }

    void swatchAndHidden()
    {
        ReportModel model;
        model.setReport(sampleReport());
        QVERIFY(model.index(0, ReportModel::Algorithm).data(Qt::DecorationRole).isValid());
        QVERIFY(!model.index(0, ReportModel::Requests).data(Qt::DecorationRole).isValid());
        QVERIFY(!model.index(0, 0).data(Qt::FontRole).isValid());
        model.setHiddenIds({QStringLiteral("fixed_window")});
        QVERIFY(model.index(0, 0).data(Qt::FontRole).value<QFont>().italic());
        QCOMPARE(model.index(0, 0).data(ReportModel::AlgorithmIdRole).toString(), QStringLiteral("fixed_window"));
    }
};

QTEST_MAIN(TestReportModel)
#include "tst_reportmodel.moc"
