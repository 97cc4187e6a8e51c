#pragma once
// Running a program as a user would, for the CLI tests: its exit code, standard output and
// standard error, or its peak memory; and writing a small input file into a temporary
// directory.

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

extern char** environ;

namespace ratelab::test {

struct ProcessResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline ProcessResult runProcess(const QString& program, const QStringList& args, const QByteArray& stdinData, int timeoutMs)
{
    QProcess p;
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

inline TextRun runText(const QString& program, const QStringList& args, const QByteArray& stdinData, int timeoutMs)
{
    const ProcessResult r = runProcess(program, args, stdinData, timeoutMs);
    return {r.exitCode, QString::fromUtf8(r.out), QString::fromUtf8(r.err)};
}

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
inline constexpr bool kAddressSanitizer = __has_feature(address_sanitizer);
#else
inline constexpr bool kAddressSanitizer = false;
#endif

// A run measured by the kernel: its exit code (-1 if a signal ended it), its standard error
// (through `errFile`) and the peak resident set wait4 reports for it alone, in KiB. Standard
// input is /dev/null, standard output discarded. `memoryCapBytes`, when not 0, stops a
// program that would take more: its address space is capped (RLIMIT_AS), or under
// AddressSanitizer, whose shadow memory needs terabytes of address space, its resident set
// (hard_rss_limit_mb); AddressSanitizer's quarantine of freed memory is off either way.
struct MeasuredRun {
    int exitCode = -1;
    QString err;
    long peakRssKiB = -1;
};

inline MeasuredRun runMeasured(const QString& program, const QStringList& args, const QString& errFile, rlim_t memoryCapBytes = 0,
                               const QString& stdinFile = QStringLiteral("/dev/null"))
{
    std::vector<std::string> words{program.toStdString()};
    for (const QString& a : args)
        words.push_back(a.toStdString());
    std::vector<char*> argv;
    for (std::string& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    std::vector<std::string> environment;
    for (char** e = environ; *e; ++e) {
        if (!std::string_view(*e).starts_with("ASAN_OPTIONS="))
            environment.emplace_back(*e);
    }
    const char* asan = std::getenv("ASAN_OPTIONS");
    // No quarantine of freed memory (256 MB by default): the peak is the program's own.
    std::string asanOptions = std::string("ASAN_OPTIONS=") + (asan ? asan : "") + ":quarantine_size_mb=0";
    if (kAddressSanitizer && memoryCapBytes != 0)
        asanOptions += ":hard_rss_limit_mb=" + std::to_string(memoryCapBytes >> 20);
    environment.push_back(asanOptions);
    std::vector<char*> envp;
    for (std::string& e : environment)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    const std::string errPath = errFile.toStdString();
    const std::string inPath = stdinFile.toStdString();

    const pid_t pid = ::fork();
    if (pid == 0) {  // only async-signal-safe calls until exec
        if (!kAddressSanitizer && memoryCapBytes != 0) {
            const rlimit limit{memoryCapBytes, memoryCapBytes};
            ::setrlimit(RLIMIT_AS, &limit);
        }
        const int in = ::open(inPath.c_str(), O_RDONLY);
        const int out = ::open("/dev/null", O_WRONLY);
        const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || out < 0 || err < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0)
            ::_exit(127);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    MeasuredRun run;
    int status = 0;
    rusage usage{};
    if (pid < 0 || ::wait4(pid, &status, 0, &usage) != pid)
        return run;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.peakRssKiB = usage.ru_maxrss;
    QFile f(errFile);
    if (f.open(QIODevice::ReadOnly))
        run.err = QString::fromUtf8(f.readAll());
    return run;
}

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(content);
    return path;
}

}  // namespace ratelab::test
