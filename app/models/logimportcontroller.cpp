#include "app/models/logimportcontroller.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMetaObject>

#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <streambuf>

namespace ratelab {

namespace {

// Reads through another stream in blocks and counts the newlines it hands on, so progress can
// show lines read and lines/s while the importer works.
class CountingBuf : public std::streambuf {
public:
    CountingBuf(std::istream& source, std::atomic<qint64>& lines) : m_source(source), m_lines(lines), m_buffer(256 * 1024) {}

protected:
    int_type underflow() override
    {
        if (gptr() < egptr())
            return traits_type::to_int_type(*gptr());
        m_source.read(m_buffer.data(), std::streamsize(m_buffer.size()));
        const std::streamsize n = m_source.gcount();
        if (n <= 0)
            return traits_type::eof();
        qint64 count = 0;
        for (std::streamsize i = 0; i < n; ++i)
            count += m_buffer[std::size_t(i)] == '\n';
        m_lines.fetch_add(count, std::memory_order_relaxed);
        setg(m_buffer.data(), m_buffer.data(), m_buffer.data() + n);
        return traits_type::to_int_type(*gptr());
    }

private:
    std::istream& m_source;
    std::atomic<qint64>& m_lines;
    std::vector<char> m_buffer;
};

} // namespace

struct LogImportController::Job {
    Job(quint64 jobId, std::shared_ptr<std::atomic<qint64>> lineCount, RunControl::ProgressFn fn)
        : id(jobId), lines(std::move(lineCount)), control(std::move(fn))
    {
    }
    const quint64 id;
    std::shared_ptr<std::atomic<qint64>> lines;  // newlines read so far (worker writes)
    RunControl control;
};

LogImportController::LogImportController(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const ratelab::LogImportResult>>();
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
    auto lines = std::make_shared<std::atomic<qint64>>(0);
    auto elapsed = std::make_shared<QElapsedTimer>();
    elapsed->start();
    auto last = std::make_shared<std::chrono::steady_clock::time_point>();
    // Worker thread: forwards at most one progress per kProgressIntervalMs.
    auto job = std::make_shared<Job>(id, lines, [this, id, lines, elapsed, last](int permille, const std::string&) {
        const auto now = std::chrono::steady_clock::now();
        if (now - *last < std::chrono::milliseconds(kProgressIntervalMs) && permille < 1000)
            return;
        *last = now;
        const qint64 read = lines->load(std::memory_order_relaxed);
        const double seconds = double(std::max<qint64>(1, elapsed->elapsed())) / 1000.0;
        QMetaObject::invokeMethod(
            this, [this, id, permille, read, seconds] {
                if (id == m_currentJob)
                    emit progress(id, permille, read, double(read) / seconds);
            },
            Qt::QueuedConnection);
    });
    m_current = job;
    m_currentJob = id;
    if (m_running++ == 0)
        emit runningChanged(true);

    m_pool.start([this, job, request, elapsed] {
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
            CountingBuf buf(*source, *job->lines);
            std::istream counted(&buf);
            result->summary = importLog(counted, options, *result->keys,
                                        [&result](const ImportedRequest& r) { result->requests.push_back(r); }, &job->control);
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
