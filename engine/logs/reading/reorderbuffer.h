#pragma once
// Puts slightly out-of-order records back in (time, line) order with bounded memory.
//
// A record may arrive up to `lookBack` earlier than the latest time seen so far; anything
// earlier is refused (TooOld), because records up to that point have already been released.
// Records at or after the latest time (the common case) go to a FIFO in O(1); late ones go
// to a min-heap keyed by (t, line). A record is released once it is at or before
// latest - lookBack, merging the FIFO and the heap. Memory: the records of one look-back
// window.

#include "engine/core/ringqueue.h"
#include "engine/logs/reading/importedrequest.h"

#include <algorithm>
#include <vector>

namespace ratelab {

class ReorderBuffer {
public:
    enum class Push { InOrder, Reordered, TooOld };

    explicit ReorderBuffer(Duration lookBack) : m_lookBack(lookBack < 0 ? 0 : lookBack) {}

    // Whether push() would refuse a record at `t` now.
    bool tooOld(SimTime t) const { return m_latest != kNever && t < m_latest && t < m_latest - m_lookBack; }

    // Takes `r` in; a record earlier than the look-back allows is refused (TooOld).
    Push insert(const ImportedRequest& r)
    {
        if (tooOld(r.t))
            return Push::TooOld;
        if (m_latest == kNever || r.t >= m_latest) {
            m_fifo.push(r);
            m_latest = r.t;
            return Push::InOrder;
        }
        m_late.push_back(r);
        std::push_heap(m_late.begin(), m_late.end(), Later{});
        return Push::Reordered;
    }

    // Takes out the next record in (t, line) order that no record still to come can precede
    // (one at or before latest - lookBack), or with `all` (the input has ended) the next of
    // any. False when there is none.
    bool pop(ImportedRequest& out, bool all = false)
    {
        const ImportedRequest* fifoFront = m_fifo.empty() ? nullptr : &m_fifo.front();
        const ImportedRequest* lateTop = m_late.empty() ? nullptr : &m_late.front();
        const bool takeLate = lateTop && (!fifoFront || Later{}(*fifoFront, *lateTop));
        const ImportedRequest* next = takeLate ? lateTop : fifoFront;
        if (!next || (!all && next->t > m_latest - m_lookBack))  // m_latest is set once anything is in
            return false;
        out = *next;
        if (takeLate) {
            std::pop_heap(m_late.begin(), m_late.end(), Later{});
            m_late.pop_back();
        } else {
            m_fifo.pop();
        }
        return true;
    }

    // insert(), then every record it lets go, to deliver(const ImportedRequest&).
    template <typename Emit>
    Push push(const ImportedRequest& r, Emit&& deliver)
    {
        const Push result = insert(r);
        if (result != Push::TooOld)
            for (ImportedRequest next; pop(next);)
                deliver(next);
        return result;
    }

    template <typename Emit>
    void flush(Emit&& deliver)
    {
        for (ImportedRequest next; pop(next, true);)
            deliver(next);
    }

    std::size_t size() const { return m_fifo.size() + m_late.size(); }

private:
    struct Later {  // heap order: the earliest (t, line) on top
        bool operator()(const ImportedRequest& a, const ImportedRequest& b) const
        {
            return a.t != b.t ? a.t > b.t : a.line > b.line;
        }
    };

    Duration m_lookBack;
    SimTime m_latest = kNever;
    RingQueue<ImportedRequest> m_fifo;    // in order, oldest first
    std::vector<ImportedRequest> m_late;  // min-heap by (t, line)
};

}  // namespace ratelab
