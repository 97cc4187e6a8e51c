#include "app/models/text/limitexports.h"

namespace ratelab::limitexports {

QString text(const std::string& algorithm, const ParamValues& params, ExportTarget target, QString* error)
{
    error->clear();
    try {
        return QString::fromStdString(exportLimit(algorithm, params, target));
    } catch (const ParamError& e) {
        *error = QString::fromStdString(e.field() + ": " + e.what());
    } catch (const ExportError& e) {
        *error = QString::fromUtf8(e.what());
    }
    return {};
}

QString targetName(ExportTarget target)
{
    switch (target) {
    case ExportTarget::RedisLua: return QStringLiteral("Lua script for Redis");
    case ExportTarget::Nginx: return QStringLiteral("nginx limit_req");
    case ExportTarget::Envoy: return QStringLiteral("Envoy local rate limit");
    }
    return {};
}

QString fileSuffix(ExportTarget target)
{
    switch (target) {
    case ExportTarget::RedisLua: return QStringLiteral(".lua");
    case ExportTarget::Nginx: return QStringLiteral(".conf");
    case ExportTarget::Envoy: return QStringLiteral(".yaml");
    }
    return {};
}

}  // namespace ratelab::limitexports
