#pragma once
// Helpers of the access-log suites (tst_logfiles, tst_logparsers, tst_logkeys, tst_logreading,
// tst_logfuzz, tst_parallelimport): where the test logs are, an import of a text or a file
// into its summary and each request's time, key and line, and a file's import on N threads.

#include "engine/logs/reading/logimporter.h"
#include "engine/logs/reading/parallelimport.h"

#include <QString>
#include <QTest>

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

// `held`: keys interned before the import (the app's interner holds some).
inline FileImport importWithThreads(const QString& path, const ImportOptions& options, unsigned threads,
                                    const std::vector<std::string>& held = {})
{
    FileImport r;
    KeyInterner keys;
    for (const std::string& name : held)
        keys.intern(name);
    r.summary = importLogFile(
        path.toStdString(), options, keys, [&](const ImportedRequest& request) { r.requests.push_back(request); }, nullptr,
        threads, [&](const ImportProgress& p) { r.progress.push_back(p); });
    for (KeyId k = 0; k < keys.size(); ++k)
        r.keys.emplace_back(keys.name(k));
    return r;
}

// QCOMPARE in a helper returns from the helper only: callers check QTest::currentTestFailed().
inline void compareImports(const FileImport& many, const FileImport& one)
{
    QCOMPARE(many.keys, one.keys);
    QCOMPARE(many.requests.size(), one.requests.size());
    for (std::size_t i = 0; i < one.requests.size(); ++i) {
        QCOMPARE(many.requests[i].t, one.requests[i].t);
        QCOMPARE(many.requests[i].key, one.requests[i].key);
        QCOMPARE(many.requests[i].line, one.requests[i].line);
        QCOMPARE(many.requests[i].tier, one.requests[i].tier);
    }
    QCOMPARE(many.summary.linesRead, one.summary.linesRead);
    QCOMPARE(many.summary.skipped, one.summary.skipped);
    QCOMPARE(many.summary.blankLines, one.summary.blankLines);
    QCOMPARE(many.summary.reorderedLines, one.summary.reorderedLines);
    QCOMPARE(many.summary.backwardSteps, one.summary.backwardSteps);
    QCOMPARE(many.summary.distinctKeys, one.summary.distinctKeys);
    QCOMPARE(many.summary.firstTime, one.summary.firstTime);
    QCOMPARE(many.summary.lastTime, one.summary.lastTime);
    QCOMPARE(many.summary.tiers.size(), one.summary.tiers.size());
    for (std::size_t i = 0; i < one.summary.tiers.size(); ++i) {
        QCOMPARE(many.summary.tiers[i].tier, one.summary.tiers[i].tier);
        QCOMPARE(many.summary.tiers[i].requests, one.summary.tiers[i].requests);
    }
    QCOMPARE(many.summary.problems.size(), one.summary.problems.size());
    for (std::size_t i = 0; i < one.summary.problems.size(); ++i) {
        QCOMPARE(many.summary.problems[i].line, one.summary.problems[i].line);
        QCOMPARE(many.summary.problems[i].problem, one.summary.problems[i].problem);
        QCOMPARE(many.summary.problems[i].field, one.summary.problems[i].field);
        QCOMPARE(many.summary.problems[i].excerpt, one.summary.problems[i].excerpt);
    }
}

constexpr SimTime sec(std::int64_t s)
{
    return s * kMicrosPerSecond;
}

}  // namespace logtest
