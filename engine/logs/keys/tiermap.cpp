#include "engine/logs/keys/tiermap.h"

#include "engine/core/boundedline.h"
#include "engine/logs/parsers/textscan.h"

#include <algorithm>
#include <stdexcept>

namespace ratelab {

TierMap TierMap::read(std::istream& in)
{
    TierMap map;
    BoundedLineReader lines(in, kMaxTierMapLineBytes);
    std::int64_t lineNumber = 0;
    for (BoundedLineReader::Result result; (result = lines.next()) != BoundedLineReader::Result::End;) {
        ++lineNumber;
        if (result == BoundedLineReader::Result::TooLong)
            throw std::invalid_argument("tier map line " + std::to_string(lineNumber) + ": longer than "
                                        + std::to_string(kMaxTierMapLineBytes >> 10) + " KiB: expected key,tier");
        const std::string_view row = textscan::trimmed(lines.line());
        if (row.empty() || row.front() == '#')
            continue;
        const std::size_t comma = row.find(',');
        if (comma == std::string_view::npos)
            throw std::invalid_argument("tier map line " + std::to_string(lineNumber) + ": expected key,tier");
        const std::string_view key = textscan::trimmed(row.substr(0, comma));
        const std::string_view tier = textscan::trimmed(row.substr(comma + 1));
        if (lineNumber == 1 && key == "key" && tier == "tier")
            continue;
        if (key.empty() || tier.empty())
            throw std::invalid_argument("tier map line " + std::to_string(lineNumber) + ": empty key or tier");
        map.add(key, tier);
    }
    return map;
}

void TierMap::add(std::string_view key, std::string_view tier)
{
    auto it = std::find(m_names.begin(), m_names.end(), tier);
    std::uint32_t id = static_cast<std::uint32_t>(it - m_names.begin());
    if (it == m_names.end())
        m_names.emplace_back(tier);
    m_tierOfKey.insert_or_assign(std::string(key), id);
}

std::uint32_t TierMap::tierOf(std::string_view key) const
{
    const auto it = m_tierOfKey.find(key);
    return it == m_tierOfKey.end() ? 0 : it->second;
}

}  // namespace ratelab
