#include "engine/core/keyinterner.h"

namespace ratelab {

KeyId KeyInterner::intern(std::string_view key)
{
    if (auto it = m_ids.find(key); it != m_ids.end())
        return it->second;
    const auto id = static_cast<KeyId>(m_names.size());
    m_names.emplace_back(key);
    m_ids.emplace(m_names.back(), id);
    return id;
}

}  // namespace ratelab
