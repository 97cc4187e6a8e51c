#pragma once
// Counts in user-facing text: "0 keys", "1 key", "2 keys". Every message that shows a count
// with its noun (the CLI, the engine's summaries, the app through fmt::count) says it here.

#include <cstdint>
#include <string>
#include <string_view>

namespace ratelab {

// The noun for `count`: `singular` for exactly 1, else `plural` (singular + "s" when empty).
std::string pluralNoun(std::int64_t count, std::string_view singular, std::string_view plural = {});

// The count and its noun: "1 key", "2 keys", "0 entries" (counted(0, "entry", "entries")).
std::string counted(std::int64_t count, std::string_view singular, std::string_view plural = {});

}  // namespace ratelab
