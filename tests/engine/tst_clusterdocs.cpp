// The cluster's schema and the report's cluster object are documented field by field: every
// field a saved cluster scenario carries (the loader reads the same fields back) has a row of
// its own in scenario.md's cluster section, and every field of a cluster run's report object
// one in report.md's.

#include "engine/engine.h"
#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace ratelab;

class TestClusterDocs : public QObject {
    Q_OBJECT

private slots:
    void scenarioFieldsHaveRows();
    void reportFieldsHaveRows();
};

namespace {

// Every cluster field set, so that the saved file carries each one.
constexpr const char* kEveryField = R"({"schema": "ratelab.scenario/1", "name": "every field", "duration": "2s",
    "traffic": [{"kind": "constant", "label": "c", "rate": "10/s"}],
    "cluster": {"instances": 2, "balancer": "hash",
        "clocks": [{"instance": 1, "offset": "-5ms", "drift_ppm": 20, "steps": [{"at": "1s", "by": "-100ms"}]}],
        "store": {"mode": "cas", "clock": "store", "latency": {"kind": "uniform", "rtt": "1ms", "min": "1ms", "max": "2ms",
                  "sigma": 0.5}, "sync_interval": "1s", "cas_retries": 3, "timeout": "50ms"},
        "outages": [{"from": "1s", "to": "1500ms", "kind": "flapping", "extra_latency": "5ms", "flap": "100ms",
                     "instances": [0]}],
        "policy": {"on_failure": "fail_closed", "breaker": {"failures": 2, "open_for": "200ms"}}},
    "algorithms": [{"id": "fw", "algorithm": "fixed_window", "params": {"limit": 5, "window": "1s"}}]})";

QString section(const QString& file, const QString& from, const QString& to)
{
    QFile f(QStringLiteral(RATELAB_SOURCE_DIR "/resources/docs/") + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file));
    const QString text = QString::fromUtf8(f.readAll());
    const qsizetype begin = text.indexOf(from);
    const qsizetype end = text.indexOf(to, begin + 1);
    return begin < 0 || end < 0 ? QString() : text.mid(begin, end - begin);
}

// The first cells of the section's table rows.
QStringList firstCells(const QString& text)
{
    QStringList cells;
    for (const QString& line : text.split('\n'))
        if (line.startsWith(QStringLiteral("| `")))
            cells << line.section('|', 1, 1);
    return cells;
}

// Every field name under `value`, objects and arrays of objects walked.
void collectFields(const QJsonValue& value, QStringList& out)
{
    if (value.isArray()) {
        for (const QJsonValue& v : value.toArray())
            collectFields(v, out);
        return;
    }
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        out << it.key();
        collectFields(it.value(), out);
    }
}

// A row names `field` when its first cell holds `field` or ends a dotted name with it.
QStringList undocumented(const QStringList& fields, const QStringList& cells)
{
    QStringList missing;
    for (const QString& field : fields) {
        const QString alone = '`' + field + '`';
        const QString dotted = '.' + field + '`';
        bool found = false;
        for (const QString& cell : cells)
            found = found || cell.contains(alone) || cell.contains(dotted);
        if (!found && !missing.contains(field))
            missing << field;
    }
    return missing;
}

}  // namespace

void TestClusterDocs::scenarioFieldsHaveRows()
{
    const Scenario scenario = loadScenario(kEveryField, "every-field.json");
    const QJsonObject saved = QJsonDocument::fromJson(QByteArray::fromStdString(saveScenario(scenario))).object();
    QStringList fields;
    collectFields(saved.value("cluster"), fields);
    // The fields of every cluster object, breaker and partition included.
    for (const char* f :
         {"instances",     "balancer", "clocks", "drift_ppm",     "steps",       "at",       "by",      "store", "mode",
          "clock",         "latency",  "sigma",  "sync_interval", "cas_retries", "timeout",  "outages", "from",  "to",
          "extra_latency", "flap",     "policy", "on_failure",    "breaker",     "failures", "open_for"})
        QVERIFY2(fields.contains(f), f);
    const QStringList cells = firstCells(section("scenario.md", "## cluster", "## The size of a run"));
    QVERIFY(cells.size() > 20);
    const QStringList missing = undocumented(fields, cells);
    QVERIFY2(missing.isEmpty(), qPrintable("no row in scenario.md for: " + missing.join(", ")));
}

void TestClusterDocs::reportFieldsHaveRows()
{
    RunControl control;
    const Report report = runScenario(loadScenario(kEveryField, "every-field.json"), control);
    const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(reportJson(report))).object();
    const QJsonValue cluster = json.value("algorithms").toArray().at(0).toObject().value("cluster");
    QVERIFY(cluster.isObject());
    QStringList fields;
    collectFields(cluster, fields);
    QVERIFY(fields.contains("decision_latency_us") && fields.contains("p99"));
    const QStringList cells = firstCells(section("report.md", "### algorithms[].cluster", "\n### "));
    const QStringList missing = undocumented(fields, cells);
    QVERIFY2(missing.isEmpty(), qPrintable("no row in report.md for: " + missing.join(", ")));
}

QTEST_APPLESS_MAIN(TestClusterDocs)
#include "tst_clusterdocs.moc"
