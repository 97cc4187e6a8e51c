#pragma once
// Running a program as a user would, for the CLI tests: its exit code, standard output and
// standard error; and writing a small input file into a temporary directory.

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <sys/resource.h>

namespace ratelab::test {

struct ProcessResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// `addressSpaceBytes`, when not 0, caps the program's address space (RLIMIT_AS): a reader
// that buffers its input whole runs out of memory there instead of taking the machine's.
inline ProcessResult runProcess(const QString& program, const QStringList& args, const QByteArray& stdinData,
                                int timeoutMs, rlim_t addressSpaceBytes = 0)
{
    QProcess p;
    if (addressSpaceBytes != 0) {
        p.setChildProcessModifier([addressSpaceBytes] {
            const rlimit limit{addressSpaceBytes, addressSpaceBytes};
            ::setrlimit(RLIMIT_AS, &limit);
        });
    }
    p.start(program, args);
    p.write(stdinData);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs))
        return {-1, {}, QByteArrayLiteral("timeout")};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

// The same, both streams decoded as UTF-8 text.
struct TextRun {
    int exitCode = -1;
    QString out;
    QString err;
};

inline TextRun runText(const QString& program, const QStringList& args, const QByteArray& stdinData, int timeoutMs,
                       rlim_t addressSpaceBytes = 0)
{
    const ProcessResult r = runProcess(program, args, stdinData, timeoutMs, addressSpaceBytes);
    return {r.exitCode, QString::fromUtf8(r.out), QString::fromUtf8(r.err)};
}

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(content);
    return path;
}

} // namespace ratelab::test
