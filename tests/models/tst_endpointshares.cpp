// EndpointSharesModel under QAbstractItemModelTester: a row per endpoint, a column per
// algorithm with a breakdown, each cell the endpoint's acceptance under that algorithm; empty
// for a report without a breakdown.
#include "app/models/tables/endpointsharesmodel.h"
#include "app/models/text/formatting.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QTest>

using namespace ratelab;

namespace {

EndpointStats stats(const char* endpoint, const char* limit, std::int64_t requests, std::int64_t allowed)
{
    EndpointStats e;
    e.endpoint = endpoint;
    e.limit = limit;
    e.requests = requests;
    e.allowed = allowed;
    e.rejected = requests - allowed;
    e.allowedCost = allowed;
    e.rejectedCost = requests - allowed;
    return e;
}

std::shared_ptr<const Report> sampleReport()
{
    auto r = std::make_shared<Report>();
    AlgorithmReport perUser;
    perUser.id = "per user";
    perUser.endpoints = {stats("GET /search", "", 120, 60), stats("GET /health", "", 120, 90)};
    AlgorithmReport cluster;  // a cluster lane: no breakdown, no column
    cluster.id = "cluster";
    AlgorithmReport perEndpoint;
    perEndpoint.id = "per endpoint";
    perEndpoint.endpoints = {stats("GET /search", "/search", 120, 60), stats("GET /health", "/health", 120, 120)};
    r->algorithms = {perUser, cluster, perEndpoint};
    return r;
}

}  // namespace

class TestEndpointShares : public QObject {
    Q_OBJECT

private slots:
    void rowsAreEndpointsColumnsAlgorithms()
    {
        EndpointSharesModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(sampleReport());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QString("Endpoint"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QString("per user"));
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QString("per endpoint"));
        QCOMPARE(model.index(1, 0).data().toString(), QString("GET /health"));
        // 90 of 120 health checks per user, 120 of 120 per endpoint.
        QCOMPARE(model.index(1, 1).data(EndpointSharesModel::AcceptanceRole).toDouble(), 90.0 / 120.0);
        QCOMPARE(model.index(1, 2).data(EndpointSharesModel::AcceptanceRole).toDouble(), 1.0);
        QCOMPARE(model.index(1, 1).data().toString(), QString("%1 (90 of 120)").arg(fmt::share(0.75)));
        QCOMPARE(model.index(1, 1).data(EndpointSharesModel::RejectedRole).toLongLong(), 30);
        // A share with rejections is bold, a whole one is not.
        QVERIFY(model.index(1, 1).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(1, 2).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(model.index(0, 2).data(Qt::ToolTipRole).toString().contains("per_endpoint limit for /search"));
        QVERIFY(model.index(0, 1).data(Qt::ToolTipRole).toString().contains("the algorithm's params"));
    }

    void emptyWithoutABreakdown()
    {
        EndpointSharesModel model;
        auto r = std::make_shared<Report>();
        r->algorithms.resize(2);
        model.setReport(r);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 0);
        model.setReport(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestEndpointShares)
#include "tst_endpointshares.moc"
