#pragma once
// An access-log import as the app holds it: what was asked (a file or a Qt resource, its name
// on screen, the import's options), what came back (the summary, the keys, the requests in time
// order) and the progress reports on the way. Plain structs, handed whole from the import's
// controller (logimportcontroller.h) to the views, the item models and the advisor.

#include "engine/core/keyinterner.h"
#include "engine/logs/reading/importedrequest.h"
#include "engine/logs/reading/logimporter.h"
#include "engine/logs/summary/importsummary.h"

#include <QMetaType>
#include <QString>

#include <memory>
#include <vector>

namespace ratelab {

struct LogImportRequest {
    QString path;         // a file, or a Qt resource (":/samples/...")
    QString displayName;  // the file name shown in the view
    ImportOptions options;
};

struct LogImportResult {
    LogImportRequest request;
    ImportSummary summary;
    std::shared_ptr<KeyInterner> keys;
    std::vector<ImportedRequest> requests;  // sorted by (t, line)
    qint64 elapsedMs = 0;
};

// One progress report of an import.
struct LogImportProgress {
    int permille = 0;  // of the bytes
    qint64 linesRead = 0;
    double linesPerSecond = 0;
    qint64 badLines = 0;     // lines not imported so far; the summary's skippedTotal() at the end
    double etaSeconds = -1;  // -1 while unknown (no bytes done yet, or the size is unknown)
    bool finished = false;   // the import's last report
};

}  // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::LogImportResult>)
Q_DECLARE_METATYPE(ratelab::LogImportProgress)
