#include "engine/logs/parsers/formatdetect.h"

#include "engine/core/plural.h"

#include "engine/logs/parsers/nginxformat.h"
#include "engine/logs/parsers/textscan.h"

namespace ratelab {

using namespace textscan;

Detection detectFormat(std::string_view head, const ParserOptions& options)
{
    // The sample: lines up to the kDetectionLines-th non-comment line.
    std::vector<std::string_view> lines;
    int dataLines = 0;
    std::size_t pos = 0;
    while (pos < head.size() && dataLines < kDetectionLines) {
        const std::size_t nl = findChar(head, '\n', pos);
        if (nl == npos && !lines.empty())
            break;  // a partial line at the end of the sample
        std::string_view line = head.substr(pos, (nl == npos ? head.size() : nl) - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        pos = nl == npos ? head.size() : nl + 1;
        if (isBlankLine(line))
            continue;
        lines.push_back(line);
        if (line.front() != '#')
            ++dataLines;
    }

    std::vector<LogFormat> candidates = {LogFormat::W3c,      LogFormat::Alb,    LogFormat::Haproxy, LogFormat::JsonLines,
                                         LogFormat::Combined, LogFormat::Common, LogFormat::Tsv,     LogFormat::Csv};
    if (!options.nginxLogFormat.empty())
        candidates.insert(candidates.begin(), LogFormat::Nginx);

    Detection result;
    for (LogFormat format : candidates) {
        FormatScore score{format, 0, 0};
        std::unique_ptr<LineParser> parser;
        try {
            parser = makeParser(format, options);
        } catch (const LogFormatError&) {
            continue;
        }
        LogFields fields;
        for (std::string_view line : lines) {
            const LineOutcome outcome = parser->parse(line, fields);
            if (line.front() == '#')
                continue;  // comments are context, not evidence
            ++score.sampled;
            if (outcome.kind == LineKind::Record || outcome.kind == LineKind::Directive)
                ++score.matched;
        }
        // A CSV/TSV "match" needs records, not only a header row.
        if ((format == LogFormat::Csv || format == LogFormat::Tsv) && score.matched <= 1)
            score.matched = 0;
        result.scores.push_back(score);
        if (score.matched > result.matched) {
            result.format = format;
            result.matched = score.matched;
            result.sampled = score.sampled;
        }
    }
    if (result.format == LogFormat::Auto) {
        result.sampled = dataLines;
        result.reason = lines.empty() ? "no lines to detect the format from"
            : dataLines == 1          ? "no format matches the first line"
                                      : "no format matches any of the first " + counted(dataLines, "line");
    } else {
        // The noun and verb agree with the lines sampled: "20/20 lines match", "1/1 line matches".
        result.reason = std::string(formatName(result.format)) + ": " + std::to_string(result.matched) + "/"
            + counted(result.sampled, "line") + (result.sampled == 1 ? " matches" : " match");
    }
    return result;
}

}  // namespace ratelab
