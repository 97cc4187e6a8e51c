#pragma once
// The names scenario JSON gives its enums, both ways: the reader looks a name up in a table,
// the writer and the messages name a value with nameOf. Internal to engine/scenario/.

#include "engine/scenario/scenario.h"

namespace ratelab {

struct Named {
    const char* name;
    int value;
};

inline constexpr Named kKeyStrategies[] = {
    {"ip", int(KeyStrategy::Ip)},
    {"user", int(KeyStrategy::User)},
    {"api_key", int(KeyStrategy::ApiKey)},
    {"global", int(KeyStrategy::Global)},
    {"endpoint", int(KeyStrategy::Endpoint)},
    {"tiered", int(KeyStrategy::Tiered)},
    {"recorded", int(KeyStrategy::Recorded)},
    {"connection", int(KeyStrategy::Connection)},
    {"user_endpoint", int(KeyStrategy::UserEndpoint)},
    {"api_key_endpoint", int(KeyStrategy::ApiKeyEndpoint)},
};
inline constexpr Named kSourceKinds[] = {
    {"constant", int(SourceKind::Constant)},
    {"poisson", int(SourceKind::Poisson)},
    {"onoff", int(SourceKind::OnOff)},
    {"diurnal", int(SourceKind::Diurnal)},
    {"flash_crowd", int(SourceKind::FlashCrowd)},
    {"boundary_attack", int(SourceKind::BoundaryAttack)},
    {"trace", int(SourceKind::Trace)},
    {"log", int(SourceKind::Log)},
    {"connections", int(SourceKind::Connections)},
};
inline constexpr Named kRetryPolicies[] = {
    {"none", int(RetryPolicy::None)},
    {"immediate", int(RetryPolicy::Immediate)},
    {"retry_after", int(RetryPolicy::RetryAfter)},
    {"backoff", int(RetryPolicy::Backoff)},
};
inline constexpr Named kPlacements[] = {{"before", int(Placement::Before)}, {"after", int(Placement::After)}};
inline constexpr Named kStatePolicies[] = {
    {"keep", int(StatePolicy::Keep)}, {"scale", int(StatePolicy::Scale)}, {"reset", int(StatePolicy::Reset)}};
inline constexpr Named kBalancers[] = {{"round_robin", int(Balancer::RoundRobin)},
                                       {"random", int(Balancer::Random)},
                                       {"hash", int(Balancer::Hash)},
                                       {"least_loaded", int(Balancer::LeastLoaded)}};
inline constexpr Named kStoreModes[] = {{"local", int(StoreMode::Local)},
                                        {"redis_atomic", int(StoreMode::RedisAtomic)},
                                        {"redis_get_set", int(StoreMode::RedisGetSet)},
                                        {"local_sync", int(StoreMode::LocalSync)},
                                        {"cas", int(StoreMode::Cas)},
                                        {"sql_row_lock", int(StoreMode::SqlRowLock)},
                                        {"memcached", int(StoreMode::Memcached)}};
inline constexpr Named kStoreClocks[] = {{"instance", int(StoreClock::Instance)}, {"store", int(StoreClock::Store)}};
inline constexpr Named kLatencyKinds[] = {
    {"constant", int(LatencyKind::Constant)}, {"uniform", int(LatencyKind::Uniform)}, {"lognormal", int(LatencyKind::LogNormal)}};
inline constexpr Named kOutageKinds[] = {
    {"down", int(OutageKind::Down)}, {"slow", int(OutageKind::Slow)}, {"flapping", int(OutageKind::Flapping)}};
inline constexpr Named kFailurePolicies[] = {{"fail_open", int(FailurePolicy::FailOpen)},
                                             {"fail_closed", int(FailurePolicy::FailClosed)},
                                             {"local_fallback", int(FailurePolicy::LocalFallback)}};
inline constexpr Named kLifetimeKinds[] = {{"fixed", int(LifetimeKind::Fixed)},
                                           {"exponential", int(LifetimeKind::Exponential)},
                                           {"uniform", int(LifetimeKind::Uniform)}};
inline constexpr Named kMessagePatterns[] = {
    {"steady", int(MessagePattern::Steady)}, {"poisson", int(MessagePattern::Poisson)}, {"bursty", int(MessagePattern::Bursty)}};
inline constexpr Named kPopularities[] = {{"uniform", int(Popularity::Uniform)}, {"zipf", int(Popularity::Zipf)}};

template <std::size_t N>
const char* nameOf(const Named (&table)[N], int value)
{
    for (const Named& n : table) {
        if (n.value == value)
            return n.name;
    }
    return "";
}

}  // namespace ratelab
