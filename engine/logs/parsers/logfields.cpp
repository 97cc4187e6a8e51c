#include "engine/logs/parsers/logfields.h"

namespace ratelab {

std::string_view problemText(LineProblem problem)
{
    switch (problem) {
    case LineProblem::UnterminatedQuote: return "unterminated quote";
    case LineProblem::MissingField: return "missing or malformed field";
    case LineProblem::BadTimestamp: return "bad timestamp";
    case LineProblem::TimestampOutOfRange: return "timestamp out of range";
    case LineProblem::BadStatus: return "bad status";
    case LineProblem::FieldCountMismatch: return "field count differs from #Fields";
    case LineProblem::NoFieldsDirective: return "record before any #Fields line";
    case LineProblem::BadJson: return "bad JSON";
    case LineProblem::NoKey: return "no value for the key";
    case LineProblem::LineTooLong: return "line too long";
    case LineProblem::TooOld: return "older than the look-back window";
    }
    return "unknown";
}

std::string_view problemId(LineProblem problem)
{
    switch (problem) {
    case LineProblem::UnterminatedQuote: return "unterminated_quote";
    case LineProblem::MissingField: return "missing_field";
    case LineProblem::BadTimestamp: return "bad_timestamp";
    case LineProblem::TimestampOutOfRange: return "timestamp_out_of_range";
    case LineProblem::BadStatus: return "bad_status";
    case LineProblem::FieldCountMismatch: return "field_count_mismatch";
    case LineProblem::NoFieldsDirective: return "no_fields_directive";
    case LineProblem::BadJson: return "bad_json";
    case LineProblem::NoKey: return "no_key";
    case LineProblem::LineTooLong: return "line_too_long";
    case LineProblem::TooOld: return "too_old";
    }
    return "unknown";
}

}  // namespace ratelab
