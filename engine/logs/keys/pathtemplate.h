#pragma once
// Endpoint paths with their ids collapsed, so "/users/123" and "/users/456" count as one
// endpoint "/users/:id". A path segment becomes ":id" when it is
//   - all digits ("123"),
//   - a UUID ("0b5f1e0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b", any case),
//   - hexadecimal of 8 or more characters with at least one digit ("5f2b9c0e1a7d", a Mongo
//     ObjectId, a hash); words made of the letters a-f alone ("facade") are kept.
// The query string is dropped; the result is appended to `out`.

#include <string>
#include <string_view>

namespace ratelab {

void appendPathTemplate(std::string_view path, std::string& out);
bool isIdSegment(std::string_view segment);

}  // namespace ratelab
