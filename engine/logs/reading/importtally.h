#pragma once
// What an import emits, counted into its summary: requests, time span, distinct keys and
// requests per tier. Shared by the one-thread and the parallel importer.

#include "engine/core/growtohold.h"
#include "engine/logs/keys/tiermap.h"
#include "engine/logs/reading/importedrequest.h"
#include "engine/logs/summary/importsummary.h"

#include <algorithm>
#include <vector>

namespace ratelab {

class ImportTally {
public:
    ImportTally(ImportSummary& summary, const TierMap* tiers)
        : m_summary(summary), m_tiers(tiers), m_perTier(tiers ? tiers->tierNames().size() : 0)
    {}

    void count(const ImportedRequest& r)
    {
        if (m_summary.firstTime == kNever)
            m_summary.firstTime = r.t;
        m_summary.lastTime = r.t;
        ++m_summary.requestsImported;
        if (!m_perTier.empty())
            ++m_perTier[r.tier];
        growToHold(m_seenKey, r.key, 0);
        if (!m_seenKey[r.key]) {
            m_seenKey[r.key] = 1;
            ++m_summary.distinctKeys;
        }
    }

    // Writes the per-tier counts into the summary, once the import is over.
    void finish()
    {
        if (!m_tiers)
            return;
        const auto& names = m_tiers->tierNames();
        for (std::size_t i = 0; i < names.size(); ++i)
            m_summary.tiers.push_back({names[i], m_perTier[i]});
    }

private:
    ImportSummary& m_summary;
    const TierMap* m_tiers;
    std::vector<char> m_seenKey;  // by key id: imported at least once
    std::vector<std::int64_t> m_perTier;
};

}  // namespace ratelab
