#include "engine/logs/summary/importsummary.h"

#include "engine/core/plural.h"
#include "engine/logs/importoptions.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace ratelab {

namespace {
constexpr std::size_t kExcerptBytes = 80;

bool listable(const std::vector<LineWarning>& problems, std::int64_t line, std::size_t maxListed)
{
    return problems.size() < maxListed || (!problems.empty() && line < problems.back().line);
}
}  // namespace

void refuseWhenOnlyBadLines(const ImportSummary& s, bool atEnd)
{
    const std::int64_t lines = s.linesRead - s.blankLines - s.directiveLines;
    if ((!atEnd && s.bytesRead < kOnlyBadLinesLimitBytes) || lines == 0 || s.skippedTotal() < lines)
        return;
    std::string first;
    if (!s.problems.empty())
        first = ", the first: " + std::string(problemText(s.problems.front().problem));
    const std::string what = " in the " + std::string(formatName(s.format)) + " format (" + counted(lines, "bad line") + first;
    if (atEnd)
        throw ImportError("no line holds a request" + what + ")");
    throw ImportError("the first " + std::to_string(kOnlyBadLinesLimitBytes >> 20) + " MiB hold no request" + what
                      + "): not such a log");
}

std::string lineExcerpt(std::string_view line)
{
    std::string out;
    const std::size_t n = std::min(line.size(), kExcerptBytes);
    out.reserve(n + 3);
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        out += c < 0x20 || c >= 0x7F ? '?' : static_cast<char>(c);
    }
    if (line.size() > kExcerptBytes)
        out += "...";
    return out;
}

void ImportSummary::skip(std::int64_t line, LineProblem problem, const char* field, std::string_view text, std::size_t maxListed)
{
    ++skipped[static_cast<std::size_t>(problem)];
    if (listable(problems, line, maxListed))
        listProblem({line, problem, field, lineExcerpt(text)}, maxListed);
}

void ImportSummary::listProblem(LineWarning warning, std::size_t maxListed)
{
    if (!listable(problems, warning.line, maxListed))
        return;
    const auto at = std::upper_bound(problems.begin(), problems.end(), warning.line,
                                     [](std::int64_t line, const LineWarning& w) { return line < w.line; });
    problems.insert(at, std::move(warning));
    if (problems.size() > maxListed)
        problems.pop_back();
}

std::int64_t ImportSummary::skippedTotal() const
{
    return std::accumulate(skipped.begin(), skipped.end(), std::int64_t{0});
}

std::string formatUtc(SimTime t)
{
    if (t == kNever)
        return "-";
    // civil_from_days (H. Hinnant)
    const std::int64_t days = floorDiv(t, 86'400 * kMicrosPerSecond);
    const std::int64_t inDay = t - days * 86'400 * kMicrosPerSecond;
    const std::int64_t z = days + 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const std::int64_t d = doy - (153 * mp + 2) / 5 + 1;
    const std::int64_t m = mp < 10 ? mp + 3 : mp - 9;
    const std::int64_t y = yoe + era * 400 + (m <= 2);
    const std::int64_t secs = inDay / kMicrosPerSecond;
    const std::int64_t micros = inDay % kMicrosPerSecond;
    char buf[96];  // room for any 64-bit year, so the compiler can prove no truncation
    if (micros == 0)
        std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ", static_cast<long long>(y),
                      static_cast<long long>(m), static_cast<long long>(d), static_cast<long long>(secs / 3600),
                      static_cast<long long>(secs / 60 % 60), static_cast<long long>(secs % 60));
    else
        std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%06lldZ", static_cast<long long>(y),
                      static_cast<long long>(m), static_cast<long long>(d), static_cast<long long>(secs / 3600),
                      static_cast<long long>(secs / 60 % 60), static_cast<long long>(secs % 60), static_cast<long long>(micros));
    return buf;
}

std::string shrinkNote(const ImportSummary& s)
{
    if (s.shrankFrom < 0)
        return {};
    return "the file shrank from " + std::to_string(s.shrankFrom) + " to " + std::to_string(s.shrankTo)
        + (s.shrankTo == 1 ? " byte" : " bytes") + " during the import; read up to line " + std::to_string(s.linesRead);
}

std::string formatSummary(const ImportSummary& s)
{
    std::string out;
    const auto line = [&out](const std::string& text) { out += text + "\n"; };
    line("format: " + std::string(formatName(s.format)) + " (" + s.detection + ")");
    if (s.shrankFrom >= 0)
        line("warning: " + shrinkNote(s));
    line("lines read: " + std::to_string(s.linesRead) + " (" + counted(s.bytesRead, "byte") + ")");
    line("requests imported: " + std::to_string(s.requestsImported));
    if (s.blankLines || s.directiveLines)
        line("blank lines: " + std::to_string(s.blankLines) + ", directives/headers: " + std::to_string(s.directiveLines));
    line("skipped: " + std::to_string(s.skippedTotal()));
    for (int i = 0; i < kLineProblemCount; ++i)
        if (s.skipped[static_cast<std::size_t>(i)] > 0)
            line("  " + std::string(problemText(static_cast<LineProblem>(i))) + ": "
                 + std::to_string(s.skipped[static_cast<std::size_t>(i)]));
    for (const LineWarning& w : s.problems)
        line("  line " + std::to_string(w.line) + ": " + std::string(problemText(w.problem))
             + (w.field.empty() ? "" : " (" + w.field + ")") + ": " + w.excerpt);
    if (s.problemsNotListed() > 0)
        line("  ... and " + counted(s.problemsNotListed(), "more skipped line") + " not listed");
    line("time span: " + formatUtc(s.firstTime) + " to " + formatUtc(s.lastTime));
    line("distinct keys: " + std::to_string(s.distinctKeys));
    line("reordered lines: " + std::to_string(s.reorderedLines) + " (backward steps: " + std::to_string(s.backwardSteps)
         + ", look-back window " + std::to_string(s.lookBackUs / kMicrosPerSecond) + " s)");
    for (const TierCount& t : s.tiers)
        line("tier " + t.tier + ": " + counted(t.requests, "request"));
    return out;
}

}  // namespace ratelab
