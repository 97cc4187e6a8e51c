#pragma once
// The HTTP response one request of a Learn history would get (gui-guide.md 4.2, the headers
// panel): the status line, then the x-ratelimit and draft-11 headers as the engine emits them
// (engine/algorithms/http/httpheaders.h), each header once, then the reset as Unix time (as GitHub
// and X send it) and, for a request held by a shaper, how long it was held. A rejected
// request's response also has its body: Content-Type application/problem+json among the
// headers, and after a blank line the RFC 9457 problem (engine/algorithms/http/problemdetails.h).

#include "engine/engine.h"

#include <QString>

namespace ratelab {

// `scenarioStart`: the scenario's start, as the steps count from it.
QString httpResponseText(const KeyHistory& history, const KeyStep& step, SimTime scenarioStart);

// The lines of the longest response the history's requests get: a rejection's (its body
// included) when there is one, else the first request's; 0 without requests.
int httpResponseLines(const KeyHistory& history, SimTime scenarioStart);

}  // namespace ratelab
