// The Scenario dock's algorithm editors on their own, over one document: the list (what it asks
// of the parameters before each change: commit pending edits, or drop them before a removal) and
// the parameter editor (validated as typed, only explicit values committed, one undo step).

#include "app/gui/editors/scenarioform.h"
#include "guitest.h"

#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QToolButton>

class TestAlgorithmEditors : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(startSuite()); }
    void paramsValidateAndCommit();
    void listAsksBeforeEachChange();
};

namespace {

const char* const kScenario = R"({"name": "editors", "duration": "10s", "traffic": [{"kind": "constant", "rate": "2/s"}],
    "algorithms": [{"id": "tb", "algorithm": "token_bucket", "params": {"capacity": 10, "refill": "5/s"}}]})";

QToolButton* button(QWidget& parent, const QString& text)
{
    for (QToolButton* b : parent.findChildren<QToolButton*>())
        if (b->text() == text)
            return b;
    return nullptr;
}

}  // namespace

void TestAlgorithmEditors::paramsValidateAndCommit()
{
    ScenarioDocument doc;
    doc.reset(loadScenario(kScenario, "editors"), QString());
    ScenarioDraft draft(&doc);
    AlgorithmParamsEditor params(&doc, &draft);
    params.edit(-1);
    QCOMPARE(params.title(), QStringLiteral("Parameters"));
    QVERIFY(!params.editor(QStringLiteral("capacity")));
    params.edit(0);
    QCOMPARE(params.title(), QStringLiteral("Parameters of tb"));
    auto* capacity = qobject_cast<QLineEdit*>(params.editor(QStringLiteral("capacity")));
    QVERIFY(capacity);
    QCOMPARE(capacity->text(), QStringLiteral("10"));
    QVERIFY(qobject_cast<QComboBox*>(params.editor(QStringLiteral("refill_mode"))));
    QVERIFY(params.overridesForm()->editor(QStringLiteral("algorithms[0].id")));

    QSignalSpy validity(&params, &AlgorithmParamsEditor::validityChanged);
    capacity->selectAll();
    QTest::keyClicks(capacity, QStringLiteral("abc"));
    QVERIFY(!params.isValid());
    QCOMPARE(validity.count(), 1);
    QCOMPARE(validity.back().front().toBool(), false);
    QVERIFY(!capacity->styleSheet().isEmpty());
    params.commitNow();  // nothing to commit while invalid
    QCOMPARE(doc.scenario().algorithms[0].params.at("capacity"), std::string("10"));

    capacity->selectAll();
    QTest::keyClicks(capacity, QStringLiteral("4"));
    QVERIFY(params.isValid());
    QCOMPARE(validity.back().front().toBool(), true);
    QVERIFY(capacity->styleSheet().isEmpty());
    params.commitNow();
    // The defaults shown (refill_mode, interval) are not written.
    const ParamValues expected = {{"capacity", "4"}, {"refill", "5/s"}};
    QCOMPARE(doc.scenario().algorithms[0].params, expected);
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Set capacity=4 of tb"));

    doc.undoStack()->undo();
    params.syncValues();
    QCOMPARE(params.editor(QStringLiteral("capacity")), capacity);
    QCOMPARE(capacity->text(), QStringLiteral("10"));
    // Typed and dropped: the document keeps its value.
    capacity->selectAll();
    QTest::keyClicks(capacity, QStringLiteral("7"));
    params.discardPending();
    params.commitNow();
    QCOMPARE(doc.scenario().algorithms[0].params.at("capacity"), std::string("10"));
}

void TestAlgorithmEditors::listAsksBeforeEachChange()
{
    ScenarioDocument doc;
    doc.reset(loadScenario(kScenario, "editors"), QString());
    AlgorithmListEditor list(&doc);
    list.rebuild();
    QCOMPARE(list.list()->count(), 1);
    QCOMPARE(list.selected(), 0);
    QSignalSpy aboutToEdit(&list, &AlgorithmListEditor::aboutToEdit);
    QSignalSpy aboutToRemove(&list, &AlgorithmListEditor::aboutToRemove);
    QSignalSpy selection(&list, &AlgorithmListEditor::selectionChanged);

    list.duplicateSelected();
    QCOMPARE(aboutToEdit.count(), 1);
    QCOMPARE(doc.scenario().algorithms.size(), std::size_t(2));
    QCOMPARE(list.selected(), 1);  // the copy
    list.rebuild();                // as the dock does on the document's change
    QCOMPARE(list.list()->count(), 2);
    QCOMPARE(list.list()->currentRow(), 1);
    QCOMPARE(selection.count(), 0);  // the caller edits the selected one itself

    list.select(0);
    QCOMPARE(aboutToEdit.count(), 2);
    QCOMPARE(selection.count(), 1);
    QCOMPARE(selection.back().front().toInt(), 0);

    // Switching one off edits the document, nothing pending to commit for it.
    list.list()->item(1)->setCheckState(Qt::Unchecked);
    QVERIFY(doc.state().disabled.contains(QStringLiteral("tb (2)")));
    QCOMPARE(aboutToEdit.count(), 2);

    QToolButton* remove = button(list, QStringLiteral("Remove"));
    QVERIFY(remove);
    remove->click();
    QCOMPARE(aboutToRemove.count(), 1);
    QCOMPARE(aboutToEdit.count(), 2);
    QCOMPARE(doc.scenario().algorithms.size(), std::size_t(1));
    QCOMPARE(doc.scenario().algorithms[0].id, std::string("tb (2)"));
    list.rebuild();
    QCOMPARE(list.list()->item(0)->checkState(), Qt::Unchecked);
    QVERIFY(remove->isEnabled());
}

QTEST_MAIN(TestAlgorithmEditors)
#include "tst_algorithmeditors.moc"
