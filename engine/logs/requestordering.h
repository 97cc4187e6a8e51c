#pragma once
// The step after parsing, shared by the one-thread and the parallel importer: requests come
// in line order and leave in (t, line) order through a ReorderBuffer, with the counts that
// belong to ordering (backward steps, reordered lines) kept in the summary. A request older
// than the look-back window is refused; the caller reports it with its line.

#include "engine/logs/importsummary.h"
#include "engine/logs/reorderbuffer.h"

namespace ratelab {

class RequestOrdering {
public:
    RequestOrdering(Duration lookBack, ImportSummary& summary) : m_reorder(lookBack), m_summary(summary) {}

    // False when `r` is too old to be put in order.
    template <typename Emit>
    bool push(const ImportedRequest& r, Emit&& emit)
    {
        if (m_previous != kNever && r.t < m_previous)
            ++m_summary.backwardSteps;
        m_previous = r.t;
        switch (m_reorder.push(r, emit)) {
        case ReorderBuffer::Push::InOrder: return true;
        case ReorderBuffer::Push::Reordered: ++m_summary.reorderedLines; return true;
        case ReorderBuffer::Push::TooOld: return false;
        }
        return false;
    }

    template <typename Emit>
    void flush(Emit&& emit)
    {
        m_reorder.flush(emit);
    }

private:
    ReorderBuffer m_reorder;
    ImportSummary& m_summary;
    SimTime m_previous = kNever;  // of the last request pushed, in line order
};

} // namespace ratelab
