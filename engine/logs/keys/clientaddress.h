#pragma once
// The client address behind proxies. The candidates, left to right, are the entries of an
// X-Forwarded-For value followed by the entries of the remote-address field (which itself
// may hold a chain a front proxy wrote, quoted or not: "\"a, b, c\" d"). Entries are
// separated by commas and/or spaces; "-", "unknown" and empty entries are dropped; ports
// are removed ("1.2.3.4:80", "[::1]:80", and "ip:port" for formats that always log one).
//
// First: the leftmost entry that is not a trusted proxy (what the client claims).
// Last:  the rightmost entry that is not a trusted proxy (the first address a trusted proxy
//        saw: cannot be forged past your own proxies). With no trusted proxies it is the
//        direct peer. When every entry is trusted, both take the leftmost.
//
// Trusted proxies are CIDR blocks ("10.0.0.0/8", "2001:db8::/32"), single addresses, or
// plain text prefixes ("192.168.", "fd") compared with the address as written.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

enum class ForwardedChoice { First, Last };

class TrustedProxies {
public:
    TrustedProxies() = default;
    // Throws std::invalid_argument for a malformed CIDR ("10.0.0.0/40").
    explicit TrustedProxies(const std::vector<std::string>& entries);

    bool empty() const { return m_blocks.empty() && m_prefixes.empty(); }
    bool contains(std::string_view address) const;

private:
    struct Block {
        bool v6 = false;
        std::array<std::uint8_t, 16> bytes{};
        int prefixBits = 0;
    };
    std::vector<Block> m_blocks;
    std::vector<std::string> m_prefixes;
};

// Parses a textual IPv4 or IPv6 address into 16 bytes (IPv4 in the first 4); false otherwise.
bool parseIpAddress(std::string_view text, bool& v6, std::array<std::uint8_t, 16>& bytes);

// The chosen client; empty when no entry is left.
std::string_view chooseClient(std::string_view forwardedFor, std::string_view remote, bool remoteHasPort, ForwardedChoice choice,
                              const TrustedProxies& trusted);

}  // namespace ratelab
