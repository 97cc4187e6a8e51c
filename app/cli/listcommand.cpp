#include "app/cli/commands.h"

#include "engine/algorithms/catalog/catalog.h"

#include <iostream>

namespace ratelab::cli {

namespace {

const char* kindName(ParamKind kind)
{
    switch (kind) {
    case ParamKind::Integer: return "integer";
    case ParamKind::Duration: return "duration";
    case ParamKind::Rate: return "rate N/unit";
    case ParamKind::Choice: return "choice";
    case ParamKind::Boolean: return "true|false";
    }
    return "";
}

}  // namespace

int runList()
{
    for (const bool presets : {false, true}) {
        std::cout << (presets ? "\nPresets (reproduce real systems):\n" : "Algorithms:\n");
        for (const AlgorithmInfo& info : algorithmCatalog()) {
            if (info.preset != presets)
                continue;
            std::cout << "\n  " << info.name << (presets ? "  [" + info.family + "]" : "") << "\n    " << info.summary
                      << "\n    reference: " << info.reference << "\n";
            for (const ParamSpec& p : info.params) {
                std::string type = kindName(p.kind);
                if (p.kind == ParamKind::Choice) {
                    type.clear();
                    for (const auto& c : p.choices)
                        type += (type.empty() ? "" : "|") + c;
                }
                std::cout << "    " << p.name << " (" << type << ")"
                          << (p.defaultValue.empty() ? ", required" : ", default " + p.defaultValue) << ": " << p.help << "\n";
            }
        }
    }
    return kExitOk;
}

}  // namespace ratelab::cli
