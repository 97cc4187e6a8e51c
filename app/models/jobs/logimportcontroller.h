#pragma once
// Imports an access log off the GUI thread (the Logs view and its wizard) through a
// JobRunner (jobrunner.h: job ids, latest wins, cancel, throttled progress, destruction
// cancels and waits). Progress carries the lines read so far, their rate, the bad lines so
// far and an ETA, from the importer's once-per-block report (importprogress.h), and its last
// report always goes out; cancel() is honoured at the importer's next block.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "app/models/jobs/jobrunner.h"
#include "app/models/results/logimport.h"

#include <QObject>
#include <QString>

#include <memory>

namespace ratelab {

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
