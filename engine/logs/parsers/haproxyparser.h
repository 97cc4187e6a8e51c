#pragma once
// HAProxy HTTP logs (`option httplog`), usually behind a syslog prefix:
//   Jun 22 12:03:01 node2 haproxy[23034]: 10.0.0.1:47445 [22/Jun/2021:12:03:01.501] fe~ be/srv
//       [host] Tq/Tw/Tc/Tr/Ta status bytes ... "GET /path HTTP/1.1"
// The syslog prefix has no year, so the time is the accept date in brackets (milliseconds,
// no zone: read as UTC). The client is the "ip:port" word before it; HAProxy writes "-"
// for the address when it has none ("-:47445"). The request is the last, quoted field;
// captured headers {...} and an optional host word before the timers are skipped.

#include "engine/logs/parsers/lineparser.h"

namespace ratelab {

class HaproxyParser final : public LineParser {
public:
    LineOutcome parse(std::string_view line, LogFields& fields) override;
};

}  // namespace ratelab
