#pragma once
// W3C Extended Log File Format, as IIS writes it. Directives start with '#'; each
// "#Fields:" line replaces the field list (IIS repeats the header block at every rollover
// and restart, and the list may change between blocks). Records are space-separated in
// the order of the current list; "-" is an empty field. Times are UTC. When there is no
// `date` field, the date of the last "#Date:" directive is used.
//
// Fields used: date, time, c-ip, cs-username, cs-method, cs-uri-stem, cs-uri-query,
// sc-status, cs(X-Forwarded-For) (or x-forwarded-for), and the configured API-key field.

#include "engine/logs/parsers/lineparser.h"

#include <string>
#include <vector>

namespace ratelab {

class W3cParser final : public LineParser {
public:
    explicit W3cParser(std::string apiKeyField = {}) : m_apiKeyField(std::move(apiKeyField)) {}
    LineOutcome parse(std::string_view line, LogFields& fields) override;

private:
    enum class Role : std::uint8_t { Other, Date, Time, ClientIp, User, Method, UriStem, UriQuery, Status, ForwardedFor, ApiKey };
    void setFields(std::string_view list);

    std::string m_apiKeyField;
    std::vector<Role> m_roles;  // empty until the first #Fields line
    bool m_hasDate = false;
    bool m_hasTime = false;
    std::string m_directiveDate;  // "2016-01-01" from the last #Date: directive
    std::vector<std::string_view> m_values;
    std::string m_dateTime;
};

}  // namespace ratelab
