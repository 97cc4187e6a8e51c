#pragma once
// Which named field holds what, for the formats that name their fields: JSON lines (dotted
// paths into the object, "request.remote_ip") and CSV/TSV (header names, compared without
// case). Each role lists candidates in order of preference; the first one a line has wins.
// The defaults cover nginx JSON log_formats, Caddy, Traefik and common CSV exports.

#include <string>
#include <vector>

namespace ratelab {

struct FieldMapping {
    std::vector<std::string> time;          // CLF, ISO 8601 or epoch s/ms/us/ns (a JSON number or string)
    std::vector<std::string> client;        // remote address (a port is removed)
    std::vector<std::string> forwardedFor;  // X-Forwarded-For (a JSON array: its first element)
    std::vector<std::string> user;
    std::vector<std::string> method;
    std::vector<std::string> target;   // path and query
    std::vector<std::string> request;  // a whole request line "GET /x HTTP/1.1"
    std::vector<std::string> status;
    std::vector<std::string> apiKey;  // empty by default: set to read an API key from a field

    static FieldMapping defaults();
};

}  // namespace ratelab
