#pragma once
// Counts requests per bucket for Compare's chart A off the GUI thread through a JobRunner
// (jobrunner.h: job ids, latest wins, cancel, destruction cancels and waits): one key's or
// every key's counts at a chosen bucket (engine.h bucketCounts), and, when asked, first the
// scenario's busiest keys to pick from (busiestKeys). Both read the whole traffic, so both
// refuse a scenario over the work cap: failed(), with the reason.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "app/models/jobs/jobrunner.h"
#include "engine/engine.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ratelab {

struct CountsRequest {
    std::shared_ptr<const Scenario> scenario;
    std::optional<std::string> key;  // none: every key
    Duration bucketUs = 0;           // 0: no counts, only the keys (listKeys)
    bool listKeys = false;           // list the busiest keys first
};

struct CountsResult {
    CountsRequest request;
    std::vector<std::string> keys;               // the busiest keys, most requests first (listKeys only)
    std::shared_ptr<const BucketCounts> counts;  // none when the request has no bucket
};

class BucketCountsController : public QObject {
    Q_OBJECT
public:
    using KeysFunction = std::function<std::vector<std::string>(const Scenario&, std::size_t count, RunControl&)>;
    using CountsFunction =
        std::function<BucketCounts(const Scenario&, const std::optional<std::string>& key, Duration bucketUs, RunControl&)>;

    // Runs ratelab::busiestKeys and ratelab::bucketCounts.
    explicit BucketCountsController(QObject* parent = nullptr);
    // Runs `keys` and `counts` instead (tests inject slow or failing ones).
    BucketCountsController(KeysFunction keys, CountsFunction counts, QObject* parent = nullptr);

    // Starts counting, superseding any running job. Returns its job id (> 0).
    quint64 start(const CountsRequest& request);
    // Cancels the current job; cancelled() follows once the worker has stopped.
    void cancel() { m_jobs.cancel(); }

    bool isRunning() const { return m_jobs.isRunning(); }
    quint64 currentJob() const { return m_jobs.currentJob(); }

    static constexpr std::size_t kKeyCount = 30;  // busiest keys listed

signals:
    void started(quint64 job);
    void progress(quint64 job, int permille, const QString& phase);
    void finished(quint64 job, std::shared_ptr<const ratelab::CountsResult> result);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    KeysFunction m_keys;
    CountsFunction m_counts;
    JobRunner m_jobs;  // last: destroyed first, waiting for the workers while what they use lives
};

}  // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::CountsResult>)
