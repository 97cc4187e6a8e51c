#pragma once
// Imports an access log off the GUI thread (the Logs view and its wizard) through a
// JobRunner (jobrunner.h: job ids, latest wins, cancel, throttled progress, destruction
// cancels and waits). Progress carries the lines read so far, their rate, the bad lines so
// far and an ETA, from the importer's once-per-block report (importprogress.h), and its last
// report always goes out; cancel() is honoured at the importer's next block.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "app/models/jobrunner.h"
#include "engine/core/keyinterner.h"
#include "engine/logs/reading/importedrequest.h"
#include "engine/logs/reading/logimporter.h"
#include "engine/logs/summary/importsummary.h"

#include <QObject>
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

class LogImportController : public QObject {
    Q_OBJECT
public:
    explicit LogImportController(QObject* parent = nullptr);

    quint64 start(const LogImportRequest& request);
    void cancel() { m_jobs.cancel(); }
    bool isRunning() const { return m_jobs.isRunning(); }
    quint64 currentJob() const { return m_jobs.currentJob(); }
    std::shared_ptr<const LogImportResult> lastResult() const { return m_last; }

    static constexpr int kProgressIntervalMs = JobRunner::kProgressIntervalMs;

    // Seconds left at the rate so far: elapsed x (total - done) / done; -1 when done or total
    // is not positive.
    static double etaSeconds(double elapsedSeconds, qint64 bytesDone, qint64 totalBytes);

signals:
    void started(quint64 job);
    void progress(quint64 job, const ratelab::LogImportProgress& progress);
    void finished(quint64 job, std::shared_ptr<const ratelab::LogImportResult> result);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    std::shared_ptr<const LogImportResult> m_last;
    JobRunner m_jobs;  // last: destroyed first, waiting for the workers while what they use lives
};

}  // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::LogImportResult>)
Q_DECLARE_METATYPE(ratelab::LogImportProgress)
