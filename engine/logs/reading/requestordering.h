#pragma once
// The step after parsing, shared by the one-thread and the parallel importer: requests come
// in line order and leave in (t, line) order through a ReorderBuffer, with the counts that
// belong to ordering (backward steps, reordered lines) kept in the summary. A request older
// than the look-back window is refused; the caller reports it with its line. Refusal comes
// first (admit, then push), so that the caller interns a request's key only once it is
// kept: a key seen only on refused lines is no key of the import.

#include "engine/logs/reading/reorderbuffer.h"
#include "engine/logs/summary/importsummary.h"

namespace ratelab {

class RequestOrdering {
public:
    RequestOrdering(Duration lookBack, ImportSummary& summary) : m_reorder(lookBack), m_summary(summary) {}

    // The first step for each request, in line order: false when a request at `t` is too old
    // to be put in order. An admitted request is pushed next.
    bool admit(SimTime t)
    {
        if (m_previous != kNever && t < m_previous)
            ++m_summary.backwardSteps;
        m_previous = t;
        return !m_reorder.tooOld(t);
    }

    template <typename Emit>
    void push(const ImportedRequest& r, Emit&& deliver)
    {
        if (m_reorder.push(r, deliver) == ReorderBuffer::Push::Reordered)
            ++m_summary.reorderedLines;
    }

    // push() in two steps, for a reader that takes requests when it is asked for them: an
    // admitted request goes in, and pop() takes out the next one that is ready (any, once
    // the input has ended).
    void insert(const ImportedRequest& r)
    {
        if (m_reorder.insert(r) == ReorderBuffer::Push::Reordered)
            ++m_summary.reorderedLines;
    }
    bool pop(ImportedRequest& out, bool inputEnded) { return m_reorder.pop(out, inputEnded); }

    template <typename Emit>
    void flush(Emit&& deliver)
    {
        m_reorder.flush(deliver);
    }

private:
    ReorderBuffer m_reorder;
    ImportSummary& m_summary;
    SimTime m_previous = kNever;  // of the last request pushed, in line order
};

}  // namespace ratelab
