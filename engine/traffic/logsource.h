#pragma once
// Replays an access log (scenario source kind "log"), streamed through LogReader: requests
// in time order, shifted so the log's first request lands at the scenario start, keyed as
// imported (the scenario's key strategy is "recorded"), cost 1. Bad lines are counted in
// the reader's summary; only a log of nothing but bad lines ends the run (an InputError
// naming the file, the line reached and the source's `format`).

#include "engine/logs/reading/logreader.h"
#include "engine/traffic/source.h"

#include <optional>

namespace ratelab {

class LogSource final : public TrafficSource {
public:
    // Throws InputError naming the file when it cannot be opened or its format cannot be
    // detected (or an option is invalid, which validateScenario reports first).
    LogSource(const SourceSpec& spec, SimTime start, KeyInterner& keys);

    bool next(Arrival& out) override;
    const LogReader* logReader() const override { return &*m_reader; }

private:
    std::string m_file;
    std::optional<LogReader> m_reader;
    SimTime m_start;
    SimTime m_first = kNever;
};

}  // namespace ratelab
