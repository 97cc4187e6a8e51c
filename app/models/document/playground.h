#pragma once
// The Learn view's playground: one key's requests as the user edits them (add, move, delete,
// send a burst), and the lanes' histories for them (engine playKey, worded as the Learn view
// words a run's: decisiontext.h). Requests stay in time order; a lane's step i is request i.

#include "engine/engine.h"

#include <string>
#include <vector>

namespace ratelab {

class Playground {
public:
    // Starts from a lane's first tries (its retries are the run's clients', not the user's).
    void reset(const KeyHistory& from);
    void clear() { m_requests.clear(); }
    // `count` requests of cost 1 from `atUs`, `spacingUs` apart. Returns the first one's index.
    int add(SimTime atUs, int count = 1, Duration spacingUs = 0);
    // Moves request `index` to `atUs` (not before 0). Returns its index after re-sorting.
    int move(int index, SimTime atUs);
    void remove(int index);
    const std::vector<PlayRequest>& requests() const { return m_requests; }

    // The requests through each algorithm of `ids`, with every step's sentence.
    std::vector<KeyHistory> histories(const Scenario& scenario, const std::vector<std::string>& ids,
                                      const std::string& key) const;

private:
    std::vector<PlayRequest> m_requests;
};

}  // namespace ratelab
