#include "engine/algorithms/catalog/catalog.h"

#include "engine/algorithms/catalog/registry.h"
#include "engine/core/cliptext.h"

namespace ratelab {

#define RATELAB_DECLARE_ENTRY(entry) AlgorithmEntry entry();
RATELAB_FOR_EACH_ALGORITHM(RATELAB_DECLARE_ENTRY)
#undef RATELAB_DECLARE_ENTRY

namespace {

const std::vector<AlgorithmEntry>& entries()
{
#define RATELAB_LIST_ENTRY(entry) entry(),
    static const std::vector<AlgorithmEntry> all = {RATELAB_FOR_EACH_ALGORITHM(RATELAB_LIST_ENTRY)};
#undef RATELAB_LIST_ENTRY
    return all;
}

}  // namespace

const std::vector<AlgorithmInfo>& algorithmCatalog()
{
    static const std::vector<AlgorithmInfo> catalog = [] {
        std::vector<AlgorithmInfo> infos;
        for (const AlgorithmEntry& entry : entries())
            infos.push_back(entry.info);
        return infos;
    }();
    return catalog;
}

const AlgorithmInfo* findAlgorithm(std::string_view name)
{
    for (const AlgorithmInfo& info : algorithmCatalog()) {
        if (info.name == name)
            return &info;
    }
    return nullptr;
}

BuiltLimiter makeLimiter(std::string_view name, const ParamValues& params)
{
    const AlgorithmInfo* info = findAlgorithm(name);
    if (!info)
        throw ParamError("algorithm", "unknown algorithm '" + clipText(name) + "' (see ratelab-cli list)");
    ParamReader reader(*info, params);
    const AlgorithmEntry& entry = entries()[static_cast<std::size_t>(info - algorithmCatalog().data())];
    return {entry.build(reader), info, reader.values()};
}

}  // namespace ratelab
