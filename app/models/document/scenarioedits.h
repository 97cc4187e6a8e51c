#pragma once
// Edits of a scenario made through its JSON (engine/scenario/scenarioio.h): fields set from the
// text a user typed, items added to and removed from its lists, a traffic source given another
// kind, an algorithm duplicated. Every edit goes through the loader itself, so the editor
// refuses exactly what `ratelab-cli run` refuses, under the same JSON path and reason.
// Paths are written as the loader names problems: "traffic[1].rate", "cluster.store.mode".

#include "engine/scenario/scenario.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace ratelab::scenarioedits {

struct Field {
    QString path;            // "traffic[1].rate"
    QString label;           // from the object edited: "rate", "latency.rtt"
    QString value;           // as written in the file, a list as "0, 2"
    QStringList choices;     // the accepted names; empty for free text and numbers
    bool removable = false;  // an optional field, left out unless the user adds it
};

// What an edit gave: the scenario, or the loader's problems by JSON path.
struct Outcome {
    std::optional<Scenario> scenario;
    QMap<QString, QString> problems;  // "traffic[1].rate" -> "must be a rate like 10/s"
};

// What a form over the object at `objectPath` ("" is the top level) shows, from one look at
// the scenario's JSON: its scalar fields (nested objects flattened into "latency.rtt", lists of
// numbers or names as one field), the lists of objects it has or can have ("clocks",
// "outages") with their item counts, and the optional fields it can add. The names in `skip`
// (of its fields and lists) are left out, as are lists of objects among the fields.
struct ObjectView {
    std::vector<Field> fields;
    QList<QPair<QString, int>> lists;  // name, items
    QStringList addable;
    // What decides a form's rows: the fields and their choices, the items, the addable fields.
    QString shapeKey() const;
};
ObjectView viewOf(const Scenario& scenario, const QString& objectPath, const QStringList& skip = {});

// The scenario with each path set to its text. A text becomes a number where the file has a
// number and the text reads as one, true/false where it has a boolean, a list where it has a
// list ("0, 2"), and a string otherwise: the loader judges it. Relative files resolve against
// `baseDir`.
Outcome withValues(const Scenario& scenario, const QMap<QString, QString>& values, const QString& baseDir);
// An optional field (ObjectView::addable) added with its default, or removed.
Outcome withOptional(const Scenario& scenario, const QString& path, bool present, const QString& baseDir);
// A new item at the end of the list at `listPath`: a copy of its last item, or the list's
// default item when it is empty.
Outcome appendItem(const Scenario& scenario, const QString& listPath, const QString& baseDir);
Outcome removeItem(const Scenario& scenario, const QString& listPath, int index, const QString& baseDir);

// The kinds of traffic source, in the scenario file's order; whether a kind replays a file.
QStringList sourceKinds();
bool kindReadsFile(const QString& kind);
// A source in a line: "steady users: poisson 250/s", "replay: trace access.csv".
QString sourceSummary(const SourceSpec& source);

// A traffic source of `kind` ("poisson", "trace", ...) with workable defaults, appended;
// `file` is the trace or log a replaying kind reads. The first replay makes the keys
// "recorded", and removing or changing the last one makes them "user" (as the loader requires).
Outcome addSource(const Scenario& scenario, const QString& kind, const QString& baseDir, const QString& file = {});
// Source `index` given another kind: its label kept, its rate kept where the kind has one, the
// kind's other fields at their defaults.
Outcome setSourceKind(const Scenario& scenario, int index, const QString& kind, const QString& baseDir, const QString& file = {});
// A cluster of two instances sharing an atomic Redis store, or none.
Outcome withCluster(const Scenario& scenario, bool present, const QString& baseDir);
// Algorithm `index` copied after itself under a new id ("gcra (2)").
Scenario duplicateAlgorithm(const Scenario& scenario, int index);

// The starting point of File > New scenario > Blank: one Poisson source, one token bucket.
Scenario blank();

}  // namespace ratelab::scenarioedits
