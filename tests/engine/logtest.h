#pragma once
// Helpers of the access-log suites (tst_logfiles, tst_logparsers, tst_logkeys, tst_logreading,
// tst_logfuzz, tst_parallelimport): where the test logs are, an import of a text or a file
// into its summary and each request's time, key and line, and a file's import on N threads.

#include "engine/logs/reading/logimporter.h"
#include "engine/logs/reading/parallelimport.h"

#include <QString>

#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace ratelab;

namespace logtest {

inline const QString kLogs = QStringLiteral(RATELAB_TEST_DATA "/logs/");
// The Apache sample ships once, with the app (resources/samples/SOURCES.md).
inline const QString kApache = QStringLiteral(RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log");

struct Row {
    SimTime t;
    std::string key;
    std::int64_t line;
};

struct Imported {
    ImportSummary summary;
    std::vector<Row> rows;

    std::vector<std::int64_t> problemLines() const
    {
        std::vector<std::int64_t> lines;
        for (const LineWarning& w : summary.problems)
            lines.push_back(w.line);
        return lines;
    }
    std::map<std::string, std::int64_t> perKey() const
    {
        std::map<std::string, std::int64_t> counts;
        for (const Row& r : rows)
            ++counts[r.key];
        return counts;
    }
    bool sorted() const
    {
        for (std::size_t i = 1; i < rows.size(); ++i)
            if (rows[i].t < rows[i - 1].t || (rows[i].t == rows[i - 1].t && rows[i].line < rows[i - 1].line))
                return false;
        return true;
    }
};

inline Imported importText(const std::string& text, const ImportOptions& options = {})
{
    std::istringstream in(text);
    KeyInterner keys;
    Imported out;
    out.summary = importLog(in, options, keys, [&](const ImportedRequest& r) {
        out.rows.push_back({r.t, keys.name(r.key), r.line});
    });
    return out;
}

inline Imported importFile(const QString& path, const ImportOptions& options = {})
{
    KeyInterner keys;
    Imported out;
    out.summary = importLogFile(path.toStdString(), options, keys, [&](const ImportedRequest& r) {
        out.rows.push_back({r.t, keys.name(r.key), r.line});
    });
    return out;
}

// Everything an import of a file yields, for comparing thread counts.
struct FileImport {
    std::vector<ImportedRequest> requests;
    std::vector<std::string> keys;  // by id: ids must follow first appearance in the file
    ImportSummary summary;
    std::vector<ImportProgress> progress;
};

inline FileImport importWithThreads(const QString& path, const ImportOptions& options, unsigned threads)
{
    FileImport r;
    KeyInterner keys;
    r.summary = importLogFile(
        path.toStdString(), options, keys, [&](const ImportedRequest& request) { r.requests.push_back(request); }, nullptr,
        threads, [&](const ImportProgress& p) { r.progress.push_back(p); });
    for (KeyId k = 0; k < keys.size(); ++k)
        r.keys.emplace_back(keys.name(k));
    return r;
}

constexpr SimTime sec(std::int64_t s)
{
    return s * kMicrosPerSecond;
}

}  // namespace logtest
