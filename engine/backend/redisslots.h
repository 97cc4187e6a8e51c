#pragma once
// Redis Cluster's key slots: a key's slot is CRC16 (XMODEM, polynomial 0x1021) of its hash
// tag, the text between the first '{' and the first '}' after it when that is not empty, else
// of the whole key, modulo 16384 (the cluster specification, "Keys distribution model").

#include <cstdint>
#include <string_view>

namespace ratelab {

inline constexpr std::uint16_t kRedisSlots = 16384;

std::uint16_t crc16Xmodem(std::string_view data);
std::uint16_t redisKeySlot(std::string_view key);

}  // namespace ratelab
