#include "engine/traffic/source.h"

#include "engine/core/inputfile.h"
#include "engine/tracecsv/tracereader.h"
#include "engine/traffic/connectionsource.h"
#include "engine/traffic/endpointmix.h"
#include "engine/traffic/logsource.h"

#include <array>
#include <cmath>
#include <fstream>
#include <numbers>
#include <optional>

namespace ratelab {
namespace {

// Shared by the synthetic sources: who sends and what it costs. Requests are drawn a batch
// at a time, every random number in the order one request at a time would draw them; only
// the clients' lookups in the popularity table are left to the end of the batch, where
// their cache misses overlap.
class SyntheticSource : public TrafficSource {
public:
    SyntheticSource(const SourceSpec& spec, std::uint64_t seed, SimTime start, const Population& population, std::size_t index)
        : m_spec(spec), m_population(population), m_rng(seed, kSourceStreams + index), m_start(start)
    {
        std::vector<double> weights;
        for (const SourceEndpoint& e : spec.endpoints) {
            m_ownEndpoints.push_back(static_cast<std::uint32_t>(findSourceEndpoint(population.endpoints(), e)));
            weights.push_back(e.weight);
        }
        if (m_ownEndpoints.size() > 1)
            m_ownEndpointByWeight = CdfSampler(weights);
    }

    bool next(Arrival& out) final
    {
        if (m_next == kBatch)
            drawBatch();
        out = m_batch[m_next++];
        return true;
    }

protected:
    // The time of the next request, drawing whatever randomness that takes.
    virtual SimTime nextTime() = 0;

    const SourceSpec& m_spec;
    const Population& m_population;
    RandomStream m_rng;
    SimTime m_start;

private:
    static constexpr std::size_t kBatch = 32;

    void drawBatch()
    {
        std::array<double, kBatch> clientDraws{};
        for (std::size_t i = 0; i < kBatch; ++i) {
            Arrival& a = m_batch[i];
            a.t = nextTime();
            if (m_spec.client)
                a.client = static_cast<std::uint32_t>(*m_spec.client);
            else
                clientDraws[i] = m_rng.uniform();
            a.endpoint = pickEndpoint();
            a.cost = static_cast<std::uint32_t>(m_population.endpointCost(a.endpoint));
            a.recordedKey = 0;
        }
        if (!m_spec.client) {
            std::array<std::uint32_t, kBatch> clients;
            m_population.clientsAt(clientDraws, clients);
            for (std::size_t i = 0; i < kBatch; ++i)
                m_batch[i].client = clients[i];
        }
        m_next = 0;
    }

    // The source's own mix when it has one (validated: each names an endpoint), else the scenario's.
    std::uint32_t pickEndpoint()
    {
        if (m_ownEndpoints.empty())
            return m_population.pickEndpoint(m_rng);
        if (m_ownEndpoints.size() == 1)
            return m_ownEndpoints.front();
        return m_ownEndpoints[m_ownEndpointByWeight(m_rng.uniform())];
    }

    std::array<Arrival, kBatch> m_batch;
    std::size_t m_next = kBatch;
    std::vector<std::uint32_t> m_ownEndpoints;  // by the source's own weights
    CdfSampler m_ownEndpointByWeight;
};

// Exactly 1/rate apart: the k-th request at start + floor(k / rate), no drift.
class ConstantSource final : public SyntheticSource {
public:
    using SyntheticSource::SyntheticSource;

private:
    SimTime nextTime() override { return m_start + static_cast<SimTime>(Int128{m_count++} * m_spec.rate.den / m_spec.rate.num); }

    std::int64_t m_count = 0;
};

// A Poisson process whose rate may vary in time, by thinning (Lewis and Shedler): candidates
// at the peak rate, each kept with probability rate(t) / peak.
class PoissonSource final : public SyntheticSource {
public:
    PoissonSource(const SourceSpec& spec, std::uint64_t seed, SimTime start, const Population& population, std::size_t index)
        : SyntheticSource(spec, seed, start, population, index)
    {
        const double base = spec.rate.perSecondNearest();
        switch (spec.kind) {
        case SourceKind::Diurnal:
        case SourceKind::FlashCrowd: m_peakPerUs = spec.peak->perSecondNearest() / 1e6; break;
        default: m_peakPerUs = base / 1e6; break;
        }
        m_basePerUs = base / 1e6;
    }

private:
    SimTime nextTime() override
    {
        for (;;) {
            m_position += m_rng.exponential(1.0 / m_peakPerUs);
            const SimTime offset = static_cast<SimTime>(m_position);
            const double keep = rateAt(offset) / m_peakPerUs;
            if (keep >= 1.0 || m_rng.uniform() < keep)
                return m_start + mapTime(offset);
        }
    }

    // On/off: the process runs in "on time"; map it onto the wall of on and off phases.
    SimTime mapTime(SimTime offset) const
    {
        if (m_spec.kind != SourceKind::OnOff)
            return offset;
        return (offset / m_spec.on) * (m_spec.on + m_spec.off) + offset % m_spec.on;
    }

    double rateAt(SimTime offset) const
    {
        switch (m_spec.kind) {
        case SourceKind::Diurnal: {
            // mean x (1 + a sin(2 pi t / period)), a chosen so the peak is `peak`.
            const double amplitude = m_peakPerUs / m_basePerUs - 1.0;
            const double phase = 2 * std::numbers::pi * static_cast<double>(offset) / static_cast<double>(m_spec.period);
            return m_basePerUs * (1.0 + amplitude * std::sin(phase));
        }
        case SourceKind::FlashCrowd: {
            const SimTime since = offset - m_spec.at;
            const double extra = m_peakPerUs - m_basePerUs;
            if (since < 0)
                return m_basePerUs;
            if (since < m_spec.ramp)
                return m_basePerUs + extra * static_cast<double>(since) / static_cast<double>(m_spec.ramp);
            if (since < m_spec.ramp + m_spec.hold)
                return m_peakPerUs;
            const SimTime intoDecay = since - m_spec.ramp - m_spec.hold;
            if (intoDecay < m_spec.decay)
                return m_peakPerUs - extra * static_cast<double>(intoDecay) / static_cast<double>(m_spec.decay);
            return m_basePerUs;
        }
        default: return m_peakPerUs;
        }
    }

    double m_position = 0;  // microseconds since the start, in the process's own time
    double m_peakPerUs = 0;
    double m_basePerUs = 0;
};

// The window-boundary attacker: `count` requests spread evenly over `spread` before each
// attacked boundary and `count` over `spread` after it.
class BoundaryAttackSource final : public SyntheticSource {
public:
    using SyntheticSource::SyntheticSource;

private:
    SimTime nextTime() override
    {
        const std::int64_t perBoundary = 2 * m_spec.count;
        const std::int64_t round = m_index / perBoundary;
        const std::int64_t i = m_index % perBoundary;
        ++m_index;
        // Attacked boundaries: the first window boundary at least `spread` after the start,
        // then one every `period` (a multiple of the window).
        const SimTime first = (floorDiv(m_start + m_spec.spread - 1, m_spec.window) + 1) * m_spec.window;
        const SimTime boundary = first + round * m_spec.period;
        const Duration step = m_spec.spread / m_spec.count;
        return i < m_spec.count ? boundary - m_spec.spread + i * step : boundary + (i - m_spec.count) * step;
    }

    std::int64_t m_index = 0;
};

// Replays a trace CSV (t_us,key,cost), streamed; times shifted so it starts at the scenario
// start.
class TraceSource final : public TrafficSource {
public:
    TraceSource(const SourceSpec& spec, SimTime start, KeyInterner& keys)
        : m_file(spec.file, std::ios::binary), m_keys(keys), m_start(start)
    {
        if (const std::string problem = inputFileProblem(spec.file, "trace"); !problem.empty())
            throw InputError(spec.file, 0, "file", problem);
        if (!m_file)
            throw InputError(spec.file, 0, "file", "cannot open the trace");
        m_reader.emplace(m_file, spec.file);
    }

    bool next(Arrival& out) override
    {
        TraceRow row;
        if (!m_reader->next(row))
            return false;
        if (m_first == kNever)
            m_first = row.t;
        out.t = m_start + (row.t - m_first);
        out.recordedKey = m_keys.intern(row.key);
        out.client = out.recordedKey;
        out.endpoint = 0;
        out.cost = static_cast<std::uint32_t>(row.cost);
        return true;
    }

private:
    std::ifstream m_file;
    std::optional<TraceReader> m_reader;
    KeyInterner& m_keys;
    SimTime m_start;
    SimTime m_first = kNever;
};

}  // namespace

std::unique_ptr<TrafficSource> makeSource(const SourceSpec& spec, std::uint64_t seed, SimTime start, const Population& population,
                                          std::size_t index, KeyInterner& recordedKeys)
{
    switch (spec.kind) {
    case SourceKind::Constant: return std::make_unique<ConstantSource>(spec, seed, start, population, index);
    case SourceKind::BoundaryAttack: return std::make_unique<BoundaryAttackSource>(spec, seed, start, population, index);
    case SourceKind::Trace: return std::make_unique<TraceSource>(spec, start, recordedKeys);
    case SourceKind::Log: return std::make_unique<LogSource>(spec, start, recordedKeys);
    case SourceKind::Connections: return std::make_unique<ConnectionSource>(spec, seed, start, population, index, recordedKeys);
    default: return std::make_unique<PoissonSource>(spec, seed, start, population, index);
    }
}

}  // namespace ratelab
