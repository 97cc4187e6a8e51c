// Scenario edits through the loader (app/models/document/scenarioedits.h): the fields a form shows, a
// typed text turned into the JSON the file holds, the loader's problems by path, items and
// optional fields added and removed, a source's kind changed, every kind's template valid.
#include "app/models/document/scenarioedits.h"
#include "engine/scenario/scenarioio.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ratelab;

namespace {

Scenario defaultOne()
{
    for (const auto& [name, json] : embeddedScenarios())
        if (name == "default")
            return loadScenario(json, name);
    return {};
}

const scenarioedits::Field* fieldAt(const std::vector<scenarioedits::Field>& fields, const QString& path)
{
    for (const auto& f : fields)
        if (f.path == path)
            return &f;
    return nullptr;
}

}  // namespace

class TestScenarioEdits : public QObject {
    Q_OBJECT

private slots:
    // The default scenario's first source (default.json: poisson 250/s "steady users").
    void fieldsOfASource()
    {
        const auto fields = scenarioedits::viewOf(defaultOne(), QStringLiteral("traffic[0]")).fields;
        const auto* rate = fieldAt(fields, QStringLiteral("traffic[0].rate"));
        QVERIFY(rate);
        QCOMPARE(rate->label, QStringLiteral("rate"));
        QCOMPARE(rate->value, QStringLiteral("250/s"));
        QVERIFY(rate->choices.isEmpty());
        const auto* kind = fieldAt(fields, QStringLiteral("traffic[0].kind"));
        QVERIFY(kind);
        QCOMPARE(kind->value, QStringLiteral("poisson"));
        QCOMPARE(kind->choices,
                 (QStringList{"constant", "poisson", "onoff", "diurnal", "flash_crowd", "boundary_attack", "trace", "log",
                              "connections"}));
    }

    // Nested objects flatten; the skipped names and lists of objects are left out.
    void fieldsOfTheTopLevel()
    {
        const auto fields = scenarioedits::viewOf(defaultOne(), QString(), {QStringLiteral("population")}).fields;
        QVERIFY(fieldAt(fields, QStringLiteral("duration")));
        QCOMPARE(fieldAt(fields, QStringLiteral("duration"))->value, QStringLiteral("2m"));
        QCOMPARE(fieldAt(fields, QStringLiteral("seed"))->value, QStringLiteral("42"));
        QCOMPARE(fieldAt(fields, QStringLiteral("metrics.bucket"))->label, QStringLiteral("metrics.bucket"));
        QVERIFY(!fieldAt(fields, QStringLiteral("population.clients")));
        QVERIFY(!fieldAt(fields, QStringLiteral("traffic")));
        QCOMPARE(fieldAt(fields, QStringLiteral("keys"))->choices.front(), QStringLiteral("ip"));
    }

    // A number stays a number, a bad text is judged by the loader under its path.
    void valuesAreJudgedByTheLoader()
    {
        const Scenario s = defaultOne();
        auto ok = scenarioedits::withValues(
            s,
            {{QStringLiteral("population.clients"), QStringLiteral("300")}, {QStringLiteral("duration"), QStringLiteral("30s")}},
            QStringLiteral("."));
        QVERIFY(ok.scenario);
        QCOMPARE(ok.scenario->population.clients, 300);
        QCOMPARE(ok.scenario->duration, 30'000'000);
        // 100 clients: the boundary attacker is client 199, which no longer exists.
        auto bad =
            scenarioedits::withValues(s, {{QStringLiteral("population.clients"), QStringLiteral("100")}}, QStringLiteral("."));
        QVERIFY(!bad.scenario);
        QVERIFY(bad.problems.contains(QStringLiteral("traffic[2].client")));
        auto text = scenarioedits::withValues(s, {{QStringLiteral("seed"), QStringLiteral("forty")}}, QStringLiteral("."));
        QVERIFY(!text.scenario);
        QVERIFY(text.problems.contains(QStringLiteral("seed")));
    }

    // Every kind a source can be made has a template the loader takes (files given to the
    // replaying kinds), and a kind change keeps the label and the rate.
    void everyKindLoads()
    {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("t.csv"));
        const QString log = dir.filePath(QStringLiteral("a.log"));
        {
            QFile t(trace);
            QVERIFY(t.open(QIODevice::WriteOnly));
            t.write("t_us,key,cost\n0,a,1\n1000,b,1\n");
            QFile l(log);
            QVERIFY(l.open(QIODevice::WriteOnly));
            l.write("10.0.0.1 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.0\" 200 2326 \"-\" \"curl\"\n");
        }
        for (const QString& kind : scenarioedits::sourceKinds()) {
            const QString file = kind == QLatin1String("trace") ? trace : kind == QLatin1String("log") ? log : QString();
            const auto added = scenarioedits::addSource(defaultOne(), kind, QStringLiteral("."), file);
            QVERIFY2(added.scenario, qPrintable(kind + QLatin1String(": ") + QStringList(added.problems.values()).join(';')));
            QCOMPARE(int(added.scenario->traffic.back().kind), int(scenarioedits::sourceKinds().indexOf(kind)));
        }
        const auto changed = scenarioedits::setSourceKind(defaultOne(), 0, QStringLiteral("onoff"), QStringLiteral("."));
        QVERIFY(changed.scenario);
        QCOMPARE(changed.scenario->traffic[0].label, std::string("steady users"));
        QCOMPARE(changed.scenario->traffic[0].rate.text, std::string("250/s"));
        QCOMPARE(changed.scenario->traffic[0].off, 8'000'000);
    }

    // Optional fields are offered while absent; a list gets a default item, then copies.
    void optionalsAndLists()
    {
        const Scenario s = defaultOne();
        QVERIFY(scenarioedits::viewOf(s, QStringLiteral("metrics")).addable.contains(QStringLiteral("burst_window")));
        const auto clustered = scenarioedits::withCluster(s, true, QStringLiteral("."));
        QVERIFY(clustered.scenario);
        QCOMPARE(clustered.scenario->cluster->instances, 2);
        using Lists = QList<QPair<QString, int>>;
        QCOMPARE(scenarioedits::viewOf(*clustered.scenario, QStringLiteral("cluster")).lists,
                 (Lists{{"clocks", 0}, {"outages", 0}}));
        auto one = scenarioedits::appendItem(*clustered.scenario, QStringLiteral("cluster.clocks"), QStringLiteral("."));
        QVERIFY(one.scenario);
        auto two = scenarioedits::appendItem(*one.scenario, QStringLiteral("cluster.clocks"), QStringLiteral("."));
        QVERIFY(two.scenario);
        QCOMPARE(scenarioedits::viewOf(*two.scenario, QStringLiteral("cluster")).lists, (Lists{{"clocks", 2}, {"outages", 0}}));
        // A third clock names instance 2 of 2: the loader refuses it under the item's path.
        auto three = scenarioedits::appendItem(*two.scenario, QStringLiteral("cluster.clocks"), QStringLiteral("."));
        QVERIFY(!three.scenario);
        QVERIFY(three.problems.contains(QStringLiteral("cluster.clocks[2].instance")));
        auto removed = scenarioedits::removeItem(*two.scenario, QStringLiteral("cluster.clocks"), 0, QStringLiteral("."));
        QVERIFY(removed.scenario);
        // The saver writes every instance's clock.
        QCOMPARE(scenarioedits::viewOf(*removed.scenario, QStringLiteral("cluster")).lists,
                 (Lists{{"clocks", 2}, {"outages", 0}}));
        auto breaker =
            scenarioedits::withOptional(*clustered.scenario, QStringLiteral("cluster.policy.breaker"), true, QStringLiteral("."));
        QVERIFY(breaker.scenario);
        QCOMPARE(breaker.scenario->cluster->policy.breakerFailures.value_or(0), 5);
    }

    void duplicateTakesAFreeId()
    {
        Scenario s = scenarioedits::duplicateAlgorithm(defaultOne(), 5);
        s = scenarioedits::duplicateAlgorithm(s, 5);
        QCOMPARE(s.algorithms[6].id, std::string("gcra (3)"));
        QCOMPARE(s.algorithms[7].id, std::string("gcra (2)"));
        QVERIFY(validateScenario(s).empty());
    }
};

QTEST_MAIN(TestScenarioEdits)
#include "tst_scenarioedits.moc"
