#pragma once
// A disk that fills up, for tests: while a FileSizeLimit lives, no file this process writes
// can grow past `bytes` (RLIMIT_FSIZE), and a write past it fails with EFBIG ("File too
// large") instead of raising SIGXFSZ. Keep it short-lived: it applies to every file the
// process writes, the test log included.

#include <sys/resource.h>

#include <csignal>

namespace ratelab::test {

class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        ::getrlimit(RLIMIT_FSIZE, &m_old);
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{bytes, m_old.rlim_max};
        m_set = ::setrlimit(RLIMIT_FSIZE, &limit) == 0;
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_oldHandler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

    bool isSet() const { return m_set; }

private:
    rlimit m_old{};
    void (*m_oldHandler)(int) = SIG_DFL;
    bool m_set = false;
};

}  // namespace ratelab::test
