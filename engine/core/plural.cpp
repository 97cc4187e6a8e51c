#include "engine/core/plural.h"

namespace ratelab {

std::string pluralNoun(std::int64_t count, std::string_view singular, std::string_view plural)
{
    if (count == 1)
        return std::string(singular);
    if (!plural.empty())
        return std::string(plural);
    std::string noun(singular);
    noun += 's';
    return noun;
}

std::string counted(std::int64_t count, std::string_view singular, std::string_view plural)
{
    std::string text = std::to_string(count);
    text += ' ';
    text += pluralNoun(count, singular, plural);
    return text;
}

}  // namespace ratelab
