#include "engine/backend/redisslots.h"

#include <array>

namespace ratelab {

namespace {

constexpr std::array<std::uint16_t, 256> makeTable()
{
    std::array<std::uint16_t, 256> table{};
    for (unsigned byte = 0; byte < 256; ++byte) {
        std::uint16_t crc = static_cast<std::uint16_t>(byte << 8);
        for (int bit = 0; bit < 8; ++bit)
            crc = static_cast<std::uint16_t>((crc & 0x8000) ? (crc << 1) ^ 0x1021 : crc << 1);
        table[byte] = crc;
    }
    return table;
}

constexpr std::array<std::uint16_t, 256> kTable = makeTable();

}  // namespace

std::uint16_t crc16Xmodem(std::string_view data)
{
    std::uint16_t crc = 0;
    for (const char c : data)
        crc = static_cast<std::uint16_t>((crc << 8) ^ kTable[((crc >> 8) ^ static_cast<unsigned char>(c)) & 0xff]);
    return crc;
}

std::uint16_t redisKeySlot(std::string_view key)
{
    if (const auto open = key.find('{'); open != std::string_view::npos) {
        const auto close = key.find('}', open + 1);
        if (close != std::string_view::npos && close > open + 1)
            key = key.substr(open + 1, close - open - 1);
    }
    return crc16Xmodem(key) % kRedisSlots;
}

}  // namespace ratelab
