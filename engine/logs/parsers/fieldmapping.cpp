#include "engine/logs/parsers/fieldmapping.h"

namespace ratelab {

FieldMapping FieldMapping::defaults()
{
    FieldMapping m;
    // Caddy: ts (epoch seconds, fractional), request.{remote_ip,client_ip,method,uri,headers}.
    // Traefik: StartUTC, ClientHost/ClientAddr, RequestMethod, RequestPath, DownstreamStatus.
    // nginx JSON log_formats usually keep the variable names.
    // Traefik's "time" is when the line was written; its StartUTC, when the request came.
    m.time = {"ts",           "StartUTC",   "time", "timestamp",  "@timestamp",
              "time_iso8601", "time_local", "msec", "start_time", "datetime"};
    m.client = {"request.client_ip", "request.remote_ip", "remote_addr", "remote_ip", "client_ip", "ClientHost",
                "ClientAddr",        "clientip",          "ip",          "host",      "client",    "c-ip"};
    m.forwardedFor = {"request.headers.X-Forwarded-For", "http_x_forwarded_for", "request_X-Forwarded-For", "x_forwarded_for",
                      "xff"};
    m.user = {"user_id", "remote_user", "request.user", "ClientUsername", "user", "username"};
    m.method = {"request.method", "request_method", "RequestMethod", "method", "verb"};
    m.target = {"request.uri", "request_uri", "RequestPath", "uri", "url", "path"};
    m.request = {"request"};
    m.status = {"status", "DownstreamStatus", "status_code", "response", "sc-status"};
    return m;
}

}  // namespace ratelab
