// libFuzzer target: the access-log importer over arbitrary bytes, in every format and with
// detection. The first byte picks the format, the key and the look-back window; the rest is
// the log (for the nginx format, its first line is the log_format string). The only way out is an ImportSummary or an ImportError (a format that cannot be
// detected): any other exception, a crash or a sanitizer report is a finding.

#include "engine/logs/reading/logimporter.h"

#include <cstdint>
#include <sstream>
#include <string>

using namespace ratelab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::uint8_t choice = data[0];
    ImportOptions options;
    options.format = static_cast<LogFormat>(choice % (static_cast<int>(LogFormat::Tsv) + 1));
    options.key.kind = static_cast<KeyKind>((choice >> 4) % 5);
    options.lookBackUs = (choice & 0x80) ? 0 : 3'600 * kMicrosPerSecond;
    options.maxLineBytes = 4'096;
    std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    if (options.format == LogFormat::Nginx) {
        const std::size_t end = text.find('\n');
        options.parser.nginxLogFormat = text.substr(0, end);
        text.erase(0, end == std::string::npos ? text.size() : end + 1);
    }
    std::istringstream in(std::move(text));
    KeyInterner keys;
    std::int64_t delivered = 0;
    SimTime previous = kNever;
    try {
        const ImportSummary summary = importLog(in, options, keys, [&](const ImportedRequest& r) {
            if (r.t < previous)
                __builtin_trap();  // the importer promises time order
            previous = r.t;
            ++delivered;
        });
        if (summary.requestsImported != delivered)
            __builtin_trap();
        if (static_cast<std::int64_t>(keys.size()) != summary.distinctKeys)
            __builtin_trap();  // only keys of imported requests are interned
    } catch (const ImportError&) {}
    return 0;
}
