#include "app/models/jobs/comparecounting.h"

#include "app/models/plotdata/comparecounts.h"

namespace ratelab {

CompareCounting::CompareCounting(QObject* parent) : QObject(parent), m_controller(new BucketCountsController(this))
{
    connectController();
}

CompareCounting::CompareCounting(BucketCountsController::KeysFunction keys, BucketCountsController::CountsFunction counts,
                                 QObject* parent)
    : QObject(parent), m_controller(new BucketCountsController(std::move(keys), std::move(counts), this))
{
    connectController();
}

void CompareCounting::connectController()
{
    connect(m_controller, &BucketCountsController::progress, this,
            [this](quint64, int permille, const QString&) { emit statusChanged(tr("counting… %1%").arg(permille / 10), false); });
    connect(m_controller, &BucketCountsController::finished, this,
            [this](quint64, std::shared_ptr<const CountsResult> result) { onCounted(*result); });
    connect(m_controller, &BucketCountsController::failed, this,
            [this](quint64, const QString& message) { emit statusChanged(tr("Cannot count: %1").arg(message), true); });
    connect(m_controller, &BucketCountsController::cancelled, this, [this] { emit statusChanged(QString(), false); });
    connect(m_controller, &BucketCountsController::runningChanged, this, [this](bool running) {
        if (!running)
            emit idle();
    });
}

void CompareCounting::setRun(std::shared_ptr<const Report> report, std::shared_ptr<const Scenario> scenario)
{
    m_report = std::move(report);
    m_scenario = std::move(scenario);
    m_reportCounts = m_report ? std::make_shared<const BucketCounts>(countsOfReport(*m_report)) : nullptr;
    m_counts = m_reportCounts;
    m_keysListed = false;
}

void CompareCounting::start(const CountsSelection& selection)
{
    m_selection = selection;
    if (m_report && m_scenario)
        count(!fits(*m_reportCounts));
}

void CompareCounting::select(const CountsSelection& selection)
{
    m_selection = selection;
    if (!m_report || (m_counts && fits(*m_counts)))
        return;
    if (fits(*m_reportCounts)) {
        m_counts = m_reportCounts;
        emit statusChanged(QString(), false);
    } else if (m_scenario) {
        count(true);
    }
}

bool CompareCounting::fits(const BucketCounts& counts) const
{
    const Duration bucket = m_selection.bucketUs > 0 ? m_selection.bucketUs : m_report->bucketUs;
    const bool hasPeaks = !counts.lanes.empty() && !counts.lanes.front().peaks.empty();
    return counts.key == m_selection.key && counts.bucketUs == bucket && (!m_selection.ranged || hasPeaks);
}

// The latest job wins: one asks for everything still missing.
void CompareCounting::count(bool counts)
{
    if (!counts && m_keysListed)
        return;
    CountsRequest request;
    request.scenario = m_scenario;
    request.key = m_selection.key;
    request.bucketUs = counts ? (m_selection.bucketUs > 0 ? m_selection.bucketUs : m_report->bucketUs) : 0;
    request.listKeys = !m_keysListed;
    emit statusChanged(counts ? tr("counting…") : QString(), false);
    m_controller->start(request);
}

void CompareCounting::onCounted(const CountsResult& result)
{
    if (result.request.scenario != m_scenario)
        return;
    if (result.request.listKeys) {
        emit keysListed(result.keys);
        m_keysListed = true;
    }
    emit statusChanged(QString(), false);
    if (result.counts && fits(*result.counts)) {
        m_counts = result.counts;
        emit countsChanged();
    }
}

}  // namespace ratelab
