#pragma once
// Progress and cancellation for long work (a run, an import). The worker calls
// report() every few thousand events; another thread may call cancel() at any time.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace ratelab {

// Requests a loop handles between its progress reports and checks for a cancel.
inline constexpr std::int64_t kRequestsBetweenChecks = 4096;

class RunControl {
public:
    // permille in [0, 1000]; phase is a short word ("traffic", "metrics").
    using ProgressFn = std::function<void(int permille, const std::string& phase)>;

    RunControl() = default;
    explicit RunControl(ProgressFn progress) : m_progress(std::move(progress)) {}

    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    void report(int permille, const std::string& phase) const
    {
        if (m_progress)
            m_progress(permille, phase);
    }

private:
    ProgressFn m_progress;
    std::atomic<bool> m_cancelled{false};
};

// Thrown by a run that noticed cancel(); the caller keeps its previous result.
struct Cancelled {};

}  // namespace ratelab
