// `ratelab-cli choose --instances 1|many --redis yes|no --exact yes|no --keys N
// --database yes|no [--bursts yes|no] [--limit N] [--per s|m|h] [--json]`: walks the decision
// tree (engine/choose), runs the scenario behind each answered branch and prints the path,
// the figures, the recommendation and its export.

#include "app/cli/commands.h"

#include "engine/choose/evidence.h"
#include "engine/core/runcontrol.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace ratelab::cli {

namespace {

std::optional<bool> yesNo(const std::string& v)
{
    if (v.empty())
        return std::nullopt;
    return v == "yes" || v == "1";
}

choose::Answers answersFrom(const ChooseOptions& o)
{
    choose::Answers a;
    if (!o.instances.empty())
        a.singleInstance = o.instances == "1";
    a.bursts = yesNo(o.bursts);
    a.redis = yesNo(o.redis);
    a.exact = yesNo(o.exact);
    if (o.keys >= 0)
        a.keys = o.keys;
    a.database = yesNo(o.database);
    a.limit = o.limit;
    a.per = o.per;
    return a;
}

std::string answerText(const choose::Step& s)
{
    const choose::QuestionText& q = choose::questionText(s.question);
    return std::string(q.flag) + " " + (s.yes ? q.yes : q.no) + (s.defaulted ? " (not given: the default)" : "");
}

std::string paramsText(const choose::Recommendation& r)
{
    std::string out = r.algorithm;
    for (const auto& [k, v] : r.params)
        out += " " + k + "=" + v;
    return out;
}

const char* targetName(const choose::Recommendation& r)
{
    if (!r.exportTarget)
        return "none";
    switch (*r.exportTarget) {
    case ExportTarget::RedisLua: return "redis-lua";
    case ExportTarget::Nginx: return "nginx";
    case ExportTarget::Envoy: return "envoy";
    }
    return "none";
}

void printText(const choose::Walk& w, const std::vector<choose::EvidenceFigure>& figures)
{
    std::size_t figure = 0;
    std::cout << "Choosing a rate limiting algorithm\n\n";
    for (std::size_t i = 0; i < w.path.size(); ++i) {
        const choose::Step& s = w.path[i];
        std::cout << i + 1 << ". " << choose::questionText(s.question).text << "  " << answerText(s) << "\n";
        if (s.evidence != choose::Evidence::None) {
            const choose::EvidenceFigure& f = figures[figure++];
            std::cout << "   why: " << f.scenario << ": " << f.headline << "\n";
        }
    }
    const choose::Recommendation& r = *w.recommendation;
    std::cout << "\nRecommendation\n"
              << "  algorithm:    " << paramsText(r) << "\n"
              << "  storage:      " << r.storage << "\n"
              << "  key strategy: " << r.keyStrategy << "\n"
              << "  why:          " << r.why << "\n\n"
              << "Export (" << targetName(r) << ")\n"
              << choose::exportSnippet(r);
}

nlohmann::json figureJson(const choose::EvidenceFigure& f)
{
    nlohmann::json rows = nlohmann::json::array();
    for (const choose::EvidenceRow& row : f.rows)
        rows.push_back({{"label", row.label}, {"value", row.value}, {"unit", row.unit}});
    return {
        {"scenario", f.scenario}, {"headline", f.headline}, {"rows", rows}, {"ran_us", f.ranUs}, {"scenario_us", f.scenarioUs}};
}

void printJson(const choose::Walk& w, const std::vector<choose::EvidenceFigure>& figures)
{
    nlohmann::json path = nlohmann::json::array();
    std::size_t figure = 0;
    for (const choose::Step& s : w.path) {
        const choose::QuestionText& q = choose::questionText(s.question);
        nlohmann::json step = {{"flag", std::string(q.flag).substr(2)},
                               {"question", q.text},
                               {"answer", s.yes ? q.yes : q.no},
                               {"defaulted", s.defaulted},
                               {"evidence", nullptr}};
        if (s.evidence != choose::Evidence::None)
            step["evidence"] = figureJson(figures[figure++]);
        path.push_back(step);
    }
    const choose::Recommendation& r = *w.recommendation;
    nlohmann::json out = {{"path", path},
                          {"recommendation",
                           {{"leaf", r.leaf},
                            {"algorithm", r.algorithm},
                            {"params", r.params},
                            {"storage", r.storage},
                            {"key_strategy", r.keyStrategy},
                            {"why", r.why},
                            {"export_as", r.exportTarget ? nlohmann::json(targetName(r)) : nlohmann::json(nullptr)},
                            {"export", choose::exportSnippet(r)}}}};
    std::cout << out.dump(2) << "\n";
}

}  // namespace

CLI::App* addChooseCommand(CLI::App& app, ChooseOptions& o)
{
    auto* cmd = app.add_subcommand("choose", "Walk the decision tree for an algorithm, with the evidence of each branch");
    const auto yesNoCheck = CLI::IsMember({"yes", "no"});
    cmd->add_option("--instances", o.instances, "1 or many: instances serving the API")->check(CLI::IsMember({"1", "many"}));
    cmd->add_option("--redis", o.redis, "yes|no: Redis available to every instance")->check(yesNoCheck);
    cmd->add_option("--exact", o.exact, "yes|no: every window must hold exactly (billing, compliance)")->check(yesNoCheck);
    cmd->add_option("--keys", o.keys, "Keys live at once")->check(CLI::NonNegativeNumber);
    cmd->add_option("--database", o.database, "yes|no: a round trip per request to a database or Memcached is acceptable")
        ->check(yesNoCheck);
    cmd->add_option("--bursts", o.bursts, "yes|no: clients may burst above the rate (default yes)")->check(yesNoCheck);
    cmd->add_option("--limit", o.limit, "The limit the recommendation carries (default 100)")->check(CLI::PositiveNumber);
    cmd->add_option("--per", o.per, "Per s, m or h (default s)")->check(CLI::IsMember({"s", "m", "h"}));
    cmd->add_flag("--json", o.json, "Print JSON for scripts");
    return cmd;
}

int runChoose(const ChooseOptions& o)
{
    const choose::Walk w = choose::walk(answersFrom(o));
    if (w.missing) {
        const choose::QuestionText& q = choose::questionText(*w.missing);
        std::cerr << "ratelab-cli: choose: " << q.flag << ": needed on this path (" << q.text << ")\n";
        return kExitBadInput;
    }
    RunControl control;
    const std::vector<choose::EvidenceFigure> figures =
        choose::measurePath(w, control);  // each well under a second at full length
    if (o.json)
        printJson(w, figures);
    else
        printText(w, figures);
    return kExitOk;
}

}  // namespace ratelab::cli
