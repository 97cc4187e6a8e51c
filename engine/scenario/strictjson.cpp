#include "engine/scenario/strictjson.h"

#include "engine/core/cliptext.h"

#include <set>
#include <string>

namespace ratelab {
namespace {

using Json = nlohmann::json;

struct TooDeep {};

// Where the parser is: one frame per open object or array, with the object's current key
// and the keys it has had, or the array's count of finished elements.
class PathTracker {
public:
    explicit PathTracker(std::vector<ScenarioProblem>& problems) : m_problems(problems) {}

    bool onEvent(Json::parse_event_t event, const Json& parsed)
    {
        switch (event) {
        case Json::parse_event_t::object_start:
        case Json::parse_event_t::array_start:
            if (m_frames.size() >= kMaxJsonDepth)
                throw TooDeep{};
            m_frames.push_back({event == Json::parse_event_t::array_start, 0, {}, {}});
            break;
        case Json::parse_event_t::key: {
            Frame& frame = m_frames.back();
            frame.key = parsed.get<std::string>();
            if (!frame.keys.insert(frame.key).second)
                m_problems.push_back({path(), "given twice in one object: give each key once"});
            break;
        }
        case Json::parse_event_t::object_end:
        case Json::parse_event_t::array_end:
            m_frames.pop_back();
            finishValue();
            break;
        case Json::parse_event_t::value: finishValue(); break;
        }
        return true;
    }

    // The path of the value being parsed: "traffic[0].window".
    std::string path() const
    {
        std::string out;
        for (const Frame& frame : m_frames) {
            if (frame.array)
                out.append("[").append(std::to_string(frame.elements)).append("]");
            else if (!frame.keys.empty())
                out.append(out.empty() ? "" : ".").append(clipText(frame.key));
        }
        return out;
    }

private:
    struct Frame {
        bool array = false;
        std::size_t elements = 0;  // arrays: finished elements, so the index of the current one
        std::string key;           // objects: the current key
        std::set<std::string> keys;
    };

    void finishValue()
    {
        if (!m_frames.empty() && m_frames.back().array)
            ++m_frames.back().elements;
    }

    std::vector<ScenarioProblem>& m_problems;
    std::vector<Frame> m_frames;
};

// nlohmann's message without its "[json.exception.parse_error.101] " tag, at most a line.
std::string reasonOf(const Json::exception& e)
{
    std::string_view text = e.what();
    if (const auto tag = text.find("] "); text.starts_with("[json.exception") && tag != std::string_view::npos)
        text.remove_prefix(tag + 2);
    return clipText(text, 200);
}

}  // namespace

Json parseStrictJson(std::string_view text, std::vector<ScenarioProblem>& problems)
{
    PathTracker tracker(problems);
    try {
        return Json::parse(text, [&](int, Json::parse_event_t event, Json& parsed) { return tracker.onEvent(event, parsed); });
    } catch (const TooDeep&) {
        problems.push_back({tracker.path(), "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"});
    } catch (const Json::out_of_range& e) {
        problems.push_back({tracker.path(), "number out of range (" + reasonOf(e) + ")"});
    } catch (const Json::exception& e) {
        problems.push_back({tracker.path(), "not valid JSON: " + reasonOf(e)});
    }
    return Json(Json::value_t::discarded);
}

}  // namespace ratelab
