#include "app/cli/interrupt.h"

#include "engine/backend/redisconnection.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <csignal>

namespace ratelab::cli {

namespace {

std::atomic<int> g_signal{0};
std::atomic<RunControl*> g_control{nullptr};
int g_devNull = -1;
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<RunControl*>::is_always_lock_free,
              "used from a signal handler");

// Only async-signal-safe work: atomic loads and stores, dup2 and shutdown.
extern "C" void onStopSignal(int signal)
{
    g_signal.store(signal);
    if (RunControl* control = g_control.load())
        control->cancel();       // an atomic store
    shutDownRedisConnections();  // a read from a server that stopped answering ends now
    if (g_devNull >= 0) {
        ::dup2(g_devNull, STDIN_FILENO);
        ::dup2(g_devNull, STDOUT_FILENO);
    }
}

}  // namespace

void installSignalHandlers()
{
    g_devNull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    struct sigaction stop {};
    stop.sa_handler = onStopSignal;
    sigemptyset(&stop.sa_mask);
    // No SA_RESTART: a read or write blocked on a terminal or pipe returns. SA_RESETHAND: a
    // second signal takes its default action, ending the process.
    stop.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &stop, nullptr);
    sigaction(SIGTERM, &stop, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    std::signal(SIGXFSZ, SIG_IGN);
}

int interruptSignal()
{
    return g_signal.load();
}

void throwIfInterrupted()
{
    if (interrupted())
        throw Cancelled{};
}

CancelOnInterrupt::CancelOnInterrupt(RunControl& control)
{
    g_control.store(&control);
    if (interrupted())
        control.cancel();
}

CancelOnInterrupt::~CancelOnInterrupt()
{
    g_control.store(nullptr);
}

}  // namespace ratelab::cli
