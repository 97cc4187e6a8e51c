#pragma once
// The words of an access-log import (engine/logs) as the app shows them: format, key and
// problem names, UTC times, the shrunk-file warning, and the Logs view's one-line headline.

#include "app/models/results/logimport.h"
#include "engine/logs/keys/keyextractor.h"
#include "engine/logs/parsers/logformat.h"
#include "engine/logs/summary/importsummary.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace ratelab::importtext {

QString formatName(LogFormat format);      // "combined", "nginx", "json_lines"
QString keyKindName(KeyKind kind);         // "ip", "api_key"
QString problemText(LineProblem problem);  // "unterminated quote"
QString utc(SimTime t);                    // "2015-05-17T10:05:00Z"
QString utcMinute(SimTime t);              // "2015-05-17 10:05"
// "the file shrank from 2000000 to 0 bytes during the import; read up to line 9000"; empty
// when it did not shrink.
QString shrinkNote(const ImportSummary& summary);
// The Logs view's header, rich text: "<b>access.log</b>: 10,000 lines, 9,999 requests, 1,753
// keys (ip), 1 bad line (list) 2015-05-17 10:05 – 2015-05-20 21:05 UTC", the "list" a link to
// the bad lines, and the shrink and one-key warnings on lines of their own.
QString headline(const LogImportResult& result);
// "all 10 requests have the one key '-' (user): every client would share one limit. ..." when
// a log's requests (two or more) all have one key, as when the keyed field is empty on every
// line; else empty.
QString oneKeyNote(const LogImportResult& result);

// Import options given by name as `ratelab-cli import` names them ("xff", "look_back"...),
// applied to `options` through the command line's own parser (engine/logs/logoptions.h); the
// problems as "look_back: ..." lines, none when every value parses.
using NamedOptions = QList<QPair<QString, QString>>;
QStringList applyNamedOptions(const NamedOptions& named, ImportOptions& options);

}  // namespace ratelab::importtext
