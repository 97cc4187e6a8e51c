#include "app/models/jobs/logimportcontroller.h"

#include "engine/logs/reading/parallelimport.h"

#include <QFile>

#include <sstream>

namespace ratelab {

namespace {

// Imports the log at `path`: a file, read and parsed on every core (parallelimport.h), or
// a Qt resource, read whole. An ImportError (a file that cannot be opened, a format not
// detected) names the file.
ImportSummary importPath(const QString& path, const ImportOptions& options, KeyInterner& keys, const RequestSink& sink,
                         RunControl& control, const ImportProgressFn& onProgress)
{
    if (!path.startsWith(QLatin1Char(':'))) {
        try {
            return importLogFile(QFile::encodeName(path).toStdString(), options, keys, sink, &control, defaultImportThreads(),
                                 onProgress);
        } catch (const ImportError& e) {
            throw ImportError(path.toStdString() + ": " + e.what());
        }
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ImportError(path.toStdString() + ": cannot open the log file: " + file.errorString().toStdString());
    const QByteArray bytes = file.readAll();
    ImportOptions sized = options;
    sized.totalBytes = bytes.size();
    std::istringstream in(bytes.toStdString(), std::ios::binary);
    return importLog(in, sized, keys, sink, &control, onProgress);
}

LogImportProgress progressOf(const ImportProgress& p, qint64 elapsedMs)
{
    const double seconds = double(std::max<qint64>(1, elapsedMs)) / 1000.0;
    LogImportProgress report;
    if (p.finished)
        report.permille = 1000;
    else if (p.totalBytes > 0)
        report.permille = int(std::min<qint64>(1000, p.bytesDone * 1000 / p.totalBytes));
    report.linesRead = p.linesRead;
    report.linesPerSecond = double(p.linesRead) / seconds;
    report.badLines = p.badLines;
    report.etaSeconds = p.finished ? 0.0 : LogImportController::etaSeconds(seconds, p.bytesDone, p.totalBytes);
    report.finished = p.finished;
    return report;
}

}  // namespace

LogImportController::LogImportController(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const ratelab::LogImportResult>>();
    qRegisterMetaType<ratelab::LogImportProgress>();
    m_jobs.relayTo(this);  // its progress goes through Job::post() (start())
}

quint64 LogImportController::start(const LogImportRequest& request)
{
    return m_jobs.start(
        [this, request](JobRunner::Job& job) {
            // Once per block: at most one report per kProgressIntervalMs, and the last one always.
            const ImportProgressFn onProgress = [this, &job](const ImportProgress& p) {
                if (job.progressDue(p.finished))
                    job.post([this, id = job.id(), report = progressOf(p, job.elapsedMs())] { emit progress(id, report); });
            };
            auto result = std::make_shared<LogImportResult>();
            result->request = request;
            result->keys = std::make_shared<KeyInterner>();
            result->summary = importPath(
                request.path, request.options, *result->keys,
                [&result](const ImportedRequest& r) { result->requests.push_back(r); }, job.control(), onProgress);
            result->elapsedMs = job.elapsedMs();
            return std::shared_ptr<const LogImportResult>(std::move(result));
        },
        [this](const JobRunner::Job& job, std::shared_ptr<const LogImportResult> result) {
            m_last = result;
            emit finished(job.id(), result);
        });
}

double LogImportController::etaSeconds(double elapsedSeconds, qint64 bytesDone, qint64 totalBytes)
{
    if (bytesDone <= 0 || totalBytes <= 0)
        return -1;
    return elapsedSeconds * double(std::max<qint64>(0, totalBytes - bytesDone)) / double(bytesDone);
}

}  // namespace ratelab
