#pragma once
// Progress of a long command on stderr, for runs over a second: a bar redrawn in place on a
// terminal; one line per tenth otherwise (a log file, a pipe), so nothing fills a log with
// carriage returns. Quiet for work that ends within the first second.

#include "app/cli/interrupt.h"

#include "engine/core/runcontrol.h"

#include <chrono>
#include <string>

namespace ratelab::cli {

class Progress {
public:
    explicit Progress(std::string command);
    ~Progress() { finish(); }
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    // A RunControl whose reports come here, cancelled by Ctrl-C (interrupt.h); it must not
    // outlive this.
    RunControl& control() { return m_control; }
    // Ends the bar's line, before the command prints its results; later reports are dropped.
    void finish();

private:
    void report(int permille, const std::string& phase);

    std::string m_command;
    std::chrono::steady_clock::time_point m_started;
    bool m_terminal;
    bool m_barShown = false;
    bool m_finished = false;
    int m_shownStep = -1;
    std::string m_shownPhase;
    RunControl m_control;
    CancelOnInterrupt m_interrupt{m_control};
};

}  // namespace ratelab::cli
