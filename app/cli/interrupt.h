#pragma once
// Ctrl-C (SIGINT) and SIGTERM stop a command cleanly. The handler records the signal,
// cancels the RunControl of the running long command (Progress registers its own) and puts
// /dev/null in place of standard input and output, so that no read or write blocks on a
// terminal or a pipe any more (one the signal did not interrupt, because it had not begun,
// would otherwise wait for input that may never come), and shuts down the live backend's Redis
// connections (a read from a server that stopped answering would wait for its timeout). The
// command notices at its next
// check (a block of an import, a probe of the advisor, a step of a run, 64 KiB of decide's
// output, before any output is committed) and unwinds with ratelab::Cancelled, removing
// the temporary files of outputs not yet committed; ratelab-cli exits 128 + the signal's
// number: 130 for Ctrl-C, 143 for SIGTERM (the shell's convention). A second signal is not
// caught: it ends the process at once (the outputs are still whole or untouched; a hidden
// temporary file may stay).
//
// SIGPIPE and SIGXFSZ are ignored, so that writing to a closed pipe or past the file size
// limit fails with EPIPE or EFBIG, reported with exit 1, instead of killing the process
// silently mid-output.

#include "engine/core/runcontrol.h"

namespace ratelab::cli {

void installSignalHandlers();

// The signal that asked to stop, or 0.
int interruptSignal();
inline bool interrupted()
{
    return interruptSignal() != 0;
}
// Throws Cancelled once a signal asked to stop.
void throwIfInterrupted();

// While alive, a stop signal also cancels `control`.
class CancelOnInterrupt {
public:
    explicit CancelOnInterrupt(RunControl& control);
    ~CancelOnInterrupt();
    CancelOnInterrupt(const CancelOnInterrupt&) = delete;
    CancelOnInterrupt& operator=(const CancelOnInterrupt&) = delete;
};

}  // namespace ratelab::cli
