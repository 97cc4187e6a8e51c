#include "app/cli/progress.h"

#include <unistd.h>

#include <cstdio>

namespace ratelab::cli {

Progress::Progress(std::string command)
    : m_command(std::move(command)), m_started(std::chrono::steady_clock::now()), m_terminal(::isatty(::fileno(stderr)) != 0),
      m_control([this](int permille, const std::string& phase) { report(permille, phase); })
{}

void Progress::finish()
{
    if (m_barShown && !m_finished)
        std::fprintf(stderr, "\n");
    m_finished = true;
}

void Progress::report(int permille, const std::string& phase)
{
    if (m_finished)
        return;
    const int percent = permille / 10;
    const int step = m_terminal ? 1 : 10;  // percent between reports
    if (std::chrono::steady_clock::now() - m_started < std::chrono::seconds(1)
        || (percent / step == m_shownStep && phase == m_shownPhase))
        return;
    m_shownStep = percent / step;
    m_shownPhase = phase;
    if (m_terminal) {
        m_barShown = true;
        const std::string filled(static_cast<std::size_t>(permille / 25), '#');
        std::fprintf(stderr, "\r[%-40s] %3d%% %s ", filled.c_str(), percent, phase.c_str());
    } else {
        std::fprintf(stderr, "ratelab-cli: %s: %d%% %s\n", m_command.c_str(), percent, phase.c_str());
    }
    std::fflush(stderr);
}

}  // namespace ratelab::cli
