#include "engine/logs/keys/clientaddress.h"

#include "engine/logs/parsers/textscan.h"

#include <arpa/inet.h>

#include <charconv>
#include <cstring>
#include <stdexcept>

namespace ratelab {

using namespace textscan;

namespace {

constexpr std::size_t kMaxChain = 32;  // entries kept from a chain; longer chains keep the first and last 16

// What a byte of an address field is: entries of a chain are separated by , space " or tab.
enum : std::uint8_t { kPlainByte = 0, kSeparatorByte = 1, kColonByte = 2 };
constexpr std::array<std::uint8_t, 256> kByteKinds = [] {
    std::array<std::uint8_t, 256> kinds{};
    for (const char c : {',', ' ', '"', '\t'})
        kinds[static_cast<unsigned char>(c)] = kSeparatorByte;
    kinds[':'] = kColonByte;
    return kinds;
}();

bool isSeparator(char c)
{
    return kByteKinds[static_cast<unsigned char>(c)] == kSeparatorByte;
}

// True when a word holds byte c (the zero-byte test of "Bit Twiddling Hacks", exact as a yes/no).
template <typename Word>
bool holdsByte(Word word, char c)
{
    constexpr Word kOnes = static_cast<Word>(~Word{0}) / 0xFF;
    const Word x = word ^ (kOnes * static_cast<unsigned char>(c));
    return ((x - kOnes) & ~x & (kOnes << 7)) != 0;
}

template <typename Word>
bool wordHoldsSpecial(Word word)
{
    return holdsByte(word, ',') || holdsByte(word, ' ') || holdsByte(word, '"') || holdsByte(word, '\t') || holdsByte(word, ':');
}

// True when every byte of a word is a digit or '.', as in an IPv4 address: no byte below '.'
// and none above '9' ("hasless" and "hasmore" of "Bit Twiddling Hacks", exact as yes/no).
bool wordIsDigitsAndDots(std::uint64_t word)
{
    constexpr std::uint64_t kOnes = ~std::uint64_t{0} / 0xFF;
    constexpr std::uint64_t kHigh = kOnes << 7;
    const bool below = ((word - kOnes * '.') & ~word & kHigh) != 0;
    const bool above = (((word + kOnes * (127 - '9')) | word) & kHigh) != 0;
    return !below && !above;
}

// An address of 4 to 16 bytes with no separator and no colon (an IPv4 address, a hostname),
// checked a word at a time: two loads, from its start and to its end, cover it. Digits and
// dots alone, the usual case, take fewer steps to tell.
bool isPlainShortAddress(std::string_view s)
{
    const std::size_t n = s.size();
    if (n >= 8 && n <= 16) {
        std::uint64_t head = 0;
        std::uint64_t tail = 0;
        std::memcpy(&head, s.data(), 8);
        std::memcpy(&tail, s.data() + n - 8, 8);
        if (wordIsDigitsAndDots(head) && wordIsDigitsAndDots(tail))
            return true;
        return !wordHoldsSpecial(head) && !wordHoldsSpecial(tail);
    }
    if (n >= 4 && n < 8) {
        std::uint32_t head = 0;
        std::uint32_t tail = 0;
        std::memcpy(&head, s.data(), 4);
        std::memcpy(&tail, s.data() + n - 4, 4);
        return !wordHoldsSpecial(head) && !wordHoldsSpecial(tail);
    }
    return false;
}

// "1.2.3.4:80" -> "1.2.3.4"; "[::1]:80" -> "::1"; with `hasPort`, anything after the last ':'.
std::string_view stripPort(std::string_view entry, bool hasPort)
{
    if (entry.size() > 2 && entry.front() == '[') {
        const std::size_t close = entry.find(']');
        if (close != npos)
            return entry.substr(1, close - 1);
    }
    const std::size_t colon = entry.rfind(':');
    if (colon == npos)
        return entry;
    if (hasPort)
        return entry.substr(0, colon);
    // Without a known port, only an IPv4 address or a hostname with one colon has a port.
    if (entry.find(':') == colon)
        return entry.substr(0, colon);
    return entry;
}

struct Chain {
    std::array<std::string_view, kMaxChain> entries;
    std::size_t size = 0;
    std::size_t total = 0;

    void add(std::string_view e)
    {
        if (e.empty() || e == "-" || e == "unknown")
            return;
        if (size < kMaxChain) {
            entries[size++] = e;
        } else {
            // Keep the first half; the second half slides (the rightmost entries matter for Last).
            for (std::size_t i = kMaxChain / 2; i + 1 < kMaxChain; ++i)
                entries[i] = entries[i + 1];
            entries[kMaxChain - 1] = e;
        }
        ++total;
    }
    void addAll(std::string_view text, bool hasPort)
    {
        std::size_t pos = 0;
        while (pos < text.size()) {
            while (pos < text.size() && isSeparator(text[pos]))
                ++pos;
            std::size_t end = pos;
            while (end < text.size() && !isSeparator(text[end]))
                ++end;
            if (end > pos)
                add(stripPort(text.substr(pos, end - pos), hasPort));
            pos = end;
        }
    }
};

}  // namespace

bool parseIpAddress(std::string_view text, bool& v6, std::array<std::uint8_t, 16>& bytes)
{
    char buf[64];
    if (text.empty() || text.size() >= sizeof buf)
        return false;
    std::memcpy(buf, text.data(), text.size());
    buf[text.size()] = '\0';
    bytes.fill(0);
    v6 = text.find(':') != npos;
    return inet_pton(v6 ? AF_INET6 : AF_INET, buf, bytes.data()) == 1;
}

TrustedProxies::TrustedProxies(const std::vector<std::string>& entries)
{
    for (const std::string& raw : entries) {
        const std::string_view entry = trimmed(raw);
        if (entry.empty())
            continue;
        const std::size_t slash = entry.find('/');
        Block block;
        if (slash != npos) {
            int bits = -1;
            if (!parseIpAddress(entry.substr(0, slash), block.v6, block.bytes) || !parseWhole(entry.substr(slash + 1), bits)
                || bits < 0 || bits > (block.v6 ? 128 : 32))
                throw std::invalid_argument("trusted proxy '" + std::string(entry)
                                            + "': expected a CIDR block such as 10.0.0.0/8");
            block.prefixBits = bits;
            m_blocks.push_back(block);
        } else if (parseIpAddress(entry, block.v6, block.bytes)) {
            block.prefixBits = block.v6 ? 128 : 32;
            m_blocks.push_back(block);
        } else {
            m_prefixes.emplace_back(entry);
        }
    }
}

bool TrustedProxies::contains(std::string_view address) const
{
    for (const std::string& prefix : m_prefixes)
        if (address.starts_with(prefix))
            return true;
    if (m_blocks.empty())
        return false;
    bool v6 = false;
    std::array<std::uint8_t, 16> bytes{};
    if (!parseIpAddress(address, v6, bytes))
        return false;
    for (const Block& b : m_blocks) {
        if (b.v6 != v6)
            continue;
        const int whole = b.prefixBits / 8;
        const int rest = b.prefixBits % 8;
        if (std::memcmp(bytes.data(), b.bytes.data(), static_cast<std::size_t>(whole)) != 0)
            continue;
        if (rest == 0)
            return true;
        const auto mask = static_cast<std::uint8_t>(0xFF << (8 - rest));
        if ((bytes[static_cast<std::size_t>(whole)] & mask) == (b.bytes[static_cast<std::size_t>(whole)] & mask))
            return true;
    }
    return false;
}

std::string_view chooseClient(std::string_view forwardedFor, std::string_view remote, bool remoteHasPort, ForwardedChoice choice,
                              const TrustedProxies& trusted)
{
    // The common case, one address and nobody trusted, in one pass over it: what stripPort
    // would do, unless it is a bracketed IPv6 address or a chain.
    if (forwardedFor.empty() && trusted.empty() && (remote.empty() || remote.front() != '[')) {
        if (isPlainShortAddress(remote))
            return remote;  // no port to strip
        std::size_t colon = npos;
        bool twoColons = false;
        unsigned kinds = kPlainByte;
        for (std::size_t i = 0; i < remote.size(); ++i) {
            const std::uint8_t kind = kByteKinds[static_cast<unsigned char>(remote[i])];
            kinds |= kind;
            if (kind == kColonByte) {
                twoColons = twoColons || colon != npos;
                colon = i;
            }
        }
        if (!(kinds & kSeparatorByte)) {
            if (colon == npos || (twoColons && !remoteHasPort))
                return remote;
            return remote.substr(0, colon);
        }
    }

    Chain chain;
    chain.addAll(forwardedFor, false);
    chain.addAll(remote, remoteHasPort);
    if (chain.size == 0)
        return trimmed(remote) == "-" || trimmed(remote).starts_with("-:") ? std::string_view("-") : std::string_view{};
    if (choice == ForwardedChoice::First) {
        for (std::size_t i = 0; i < chain.size; ++i)
            if (!trusted.contains(chain.entries[i]))
                return chain.entries[i];
    } else {
        for (std::size_t i = chain.size; i-- > 0;)
            if (!trusted.contains(chain.entries[i]))
                return chain.entries[i];
    }
    return chain.entries[0];
}

}  // namespace ratelab
