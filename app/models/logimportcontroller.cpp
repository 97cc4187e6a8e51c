#include "app/models/logimportcontroller.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMetaObject>

#include <chrono>
#include <fstream>
#include <sstream>

namespace ratelab {

struct LogImportController::Job {
    explicit Job(quint64 jobId) : id(jobId) {}
    const quint64 id;
    RunControl control;  // cancel only: progress comes from the reader's ImportProgress
};

LogImportController::LogImportController(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const ratelab::LogImportResult>>();
    qRegisterMetaType<ratelab::LogImportProgress>();
    m_pool.setMaxThreadCount(2);
}

LogImportController::~LogImportController()
{
    if (m_current)
        m_current->control.cancel();
    m_pool.waitForDone();
}

quint64 LogImportController::start(const LogImportRequest& request)
{
    if (m_current)
        m_current->control.cancel();
    const quint64 id = m_nextJob++;
    auto elapsed = std::make_shared<QElapsedTimer>();
    elapsed->start();
    auto job = std::make_shared<Job>(id);
    // Worker thread, once per block: forwards at most one report per kProgressIntervalMs, and
    // the last one always.
    ImportProgressFn onProgress = [this, id, elapsed, last = std::chrono::steady_clock::time_point{}](
                                      const ImportProgress& p) mutable {
        const auto now = std::chrono::steady_clock::now();
        if (now - last < std::chrono::milliseconds(kProgressIntervalMs) && !p.finished)
            return;
        last = now;
        const double seconds = double(std::max<qint64>(1, elapsed->elapsed())) / 1000.0;
        LogImportProgress report;
        if (p.finished)
            report.permille = 1000;
        else if (p.totalBytes > 0)
            report.permille = int(std::min<qint64>(1000, p.bytesDone * 1000 / p.totalBytes));
        report.linesRead = p.linesRead;
        report.linesPerSecond = double(p.linesRead) / seconds;
        report.badLines = p.badLines;
        report.etaSeconds = p.finished ? 0.0 : etaSeconds(seconds, p.bytesDone, p.totalBytes);
        report.finished = p.finished;
        QMetaObject::invokeMethod(
            this, [this, id, report] {
                if (id == m_currentJob)
                    emit progress(id, report);
            },
            Qt::QueuedConnection);
    };
    m_current = job;
    m_currentJob = id;
    if (m_running++ == 0)
        emit runningChanged(true);

    m_pool.start([this, job, request, elapsed, onProgress] {
        auto result = std::make_shared<LogImportResult>();
        result->request = request;
        result->keys = std::make_shared<KeyInterner>();
        QString error;
        bool wasCancelled = false;
        try {
            ImportOptions options = request.options;
            std::unique_ptr<std::istream> source;
            if (request.path.startsWith(QLatin1Char(':'))) {
                QFile file(request.path);
                if (!file.open(QIODevice::ReadOnly))
                    throw ImportError("cannot open " + request.path.toStdString());
                const QByteArray bytes = file.readAll();
                options.totalBytes = bytes.size();
                source = std::make_unique<std::istringstream>(bytes.toStdString(), std::ios::binary);
            } else {
                auto in = std::make_unique<std::ifstream>(QFile::encodeName(request.path).toStdString(), std::ios::binary);
                if (!*in)
                    throw ImportError("cannot open " + request.path.toStdString());
                options.totalBytes = QFileInfo(request.path).size();
                source = std::move(in);
            }
            result->summary = importLog(*source, options, *result->keys,
                                        [&result](const ImportedRequest& r) { result->requests.push_back(r); }, &job->control,
                                        onProgress);
        } catch (const Cancelled&) {
            wasCancelled = true;
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        result->elapsedMs = elapsed->elapsed();
        const quint64 jobId = job->id;
        QMetaObject::invokeMethod(
            this, [this, jobId, result, error, wasCancelled] { deliver(jobId, result, error, wasCancelled); },
            Qt::QueuedConnection);
    });
    return id;
}

double LogImportController::etaSeconds(double elapsedSeconds, qint64 bytesDone, qint64 totalBytes)
{
    if (bytesDone <= 0 || totalBytes <= 0)
        return -1;
    return elapsedSeconds * double(std::max<qint64>(0, totalBytes - bytesDone)) / double(bytesDone);
}

void LogImportController::cancel()
{
    if (m_current)
        m_current->control.cancel();
}

void LogImportController::deliver(quint64 job, std::shared_ptr<const LogImportResult> result, const QString& error,
                                  bool wasCancelled)
{
    const bool current = job == m_currentJob;
    if (current)
        m_current.reset();
    // Not running any more before anyone hears of the result (isRunning() is false in the slots).
    const bool stopped = --m_running == 0;
    if (current) {
        if (wasCancelled)
            emit cancelled(job);
        else if (!error.isEmpty())
            emit failed(job, error);
        else {
            m_last = result;
            emit finished(job, result);
        }
    }
    if (stopped)
        emit runningChanged(false);
}

} // namespace ratelab
