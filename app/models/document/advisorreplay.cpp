#include "app/models/document/advisorreplay.h"

#include "app/models/document/filewriter.h"
#include "engine/scenario/replayscenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace ratelab {

namespace {
// A log the engine can open: a file as it is; a Qt resource (the bundled sample) copied once
// to the cache directory. Empty when the copy fails, with why in `error`.
QString fileOnDisk(const QString& path, QString* error)
{
    if (!path.startsWith(QLatin1Char(':')))
        return path;
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/samples");
    const QString target = dir + QLatin1Char('/') + QFileInfo(path).fileName();
    if (QFileInfo(target).size() == QFileInfo(path).size())
        return target;
    QFile resource(path);
    if (!resource.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, resource.errorString());
        return {};
    }
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("cannot create %1").arg(dir);
        return {};
    }
    return writeFile(target, resource.readAll(), error) ? target : QString();
}
}  // namespace

std::optional<Scenario> advisorReplay(const LogImportResult& import, const AdvisorResult& result, QString* error)
{
    const QString path = fileOnDisk(import.request.path, error);
    if (path.isEmpty())
        return std::nullopt;
    ImportOptions options = import.request.options;
    if (options.format == LogFormat::Auto)
        options.format = import.summary.format;  // as detected: the replay need not detect again
    try {
        return replayScenario(result, QFile::encodeName(path).toStdString(), options);
    } catch (const std::exception& e) {
        *error = QString::fromUtf8(e.what());
    }
    return std::nullopt;
}

}  // namespace ratelab
