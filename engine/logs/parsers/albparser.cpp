#include "engine/logs/parsers/albparser.h"

#include "engine/logs/parsers/textscan.h"
#include "engine/logs/parsers/timeparse.h"

#include <array>

namespace ratelab {

using namespace textscan;

namespace {

bool isAlbType(std::string_view t)
{
    return t == "http" || t == "https" || t == "h2" || t == "grpcs" || t == "ws" || t == "wss";
}

// "http://host:80/path?q" -> "/path?q" ("*" and relative targets stay as they are).
std::string_view pathOfUrl(std::string_view url)
{
    const std::size_t scheme = url.find("://");
    if (scheme == npos)
        return url;
    const std::size_t slash = url.find('/', scheme + 3);
    return slash == npos ? std::string_view("/") : url.substr(slash);
}

}  // namespace

LineOutcome AlbParser::parse(std::string_view line, LogFields& fields)
{
    if (isBlankLine(line))
        return LineOutcome::blank();
    // Up to the user agent: 14 fields for ALB, 13 for ELB.
    std::array<std::string_view, 14> f;
    std::size_t count = 0;
    std::size_t pos = 0;
    bool unterminated = false;
    while (count < f.size() && nextField(line, pos, f[count], unterminated)) {
        if (unterminated)
            return LineOutcome::malformed(LineProblem::UnterminatedQuote, count >= 12 ? "request" : "field");
        ++count;
    }
    const bool alb = count > 0 && isAlbType(f[0]);
    const std::size_t base = alb ? 1 : 0;  // index of the time
    if (count < base + 12)
        return LineOutcome::malformed(LineProblem::MissingField, count <= base + 2 ? "client:port" : "request");

    fields = LogFields{};
    switch (parseIso8601(f[base], fields.time)) {
    case TimeParse::Ok: break;
    case TimeParse::Bad: return LineOutcome::malformed(LineProblem::BadTimestamp, "time");
    case TimeParse::OutOfRange: return LineOutcome::malformed(LineProblem::TimestampOutOfRange, "time");
    }
    fields.client = f[base + 2];
    fields.clientHasPort = true;
    if (!parseStatusField(f[base + 7], fields.status))
        return LineOutcome::malformed(LineProblem::BadStatus, "elb_status_code");
    std::string_view url;
    splitRequestLine(f[base + 11], fields.method, url);
    if (fields.method == "-") {  // "- - -": the load balancer could not read the request
        fields.method = {};
        url = {};
    }
    fields.target = url.empty() || url == "-" ? std::string_view{} : pathOfUrl(url);
    return LineOutcome::record();
}

}  // namespace ratelab
