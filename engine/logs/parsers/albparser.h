#pragma once
// AWS Application Load Balancer and Classic Load Balancer access logs: space-separated,
// request and user agent quoted.
//   ALB: type time elb client:port target:port rpt tpt rspt elb_status target_status
//        received sent "request" "user_agent" ...   (type is http, https, h2, grpcs, ws, wss)
//   ELB: time elb client:port backend:port rpt bpt rspt elb_status backend_status
//        received sent "request" "user_agent" ...
// The time is ISO 8601 UTC with microseconds. The request is "METHOD URL PROTOCOL", with an
// absolute URL; "- - -" when the load balancer could not read it.

#include "engine/logs/parsers/lineparser.h"

namespace ratelab {

class AlbParser final : public LineParser {
public:
    LineOutcome parse(std::string_view line, LogFields& fields) override;
};

}  // namespace ratelab
