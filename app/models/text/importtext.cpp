#include "app/models/text/importtext.h"

#include "engine/logs/logoptions.h"

#include "app/models/text/formatting.h"

#include <QDateTime>

namespace ratelab::importtext {

namespace {
QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}
}  // namespace

QString formatName(LogFormat format)
{
    return qs(ratelab::formatName(format));
}

QString keyKindName(KeyKind kind)
{
    return qs(ratelab::keyKindName(kind));
}

QString problemText(LineProblem problem)
{
    return qs(ratelab::problemText(problem));
}

QString utc(SimTime t)
{
    return QString::fromStdString(formatUtc(t));
}

QString utcMinute(SimTime t)
{
    return QDateTime::fromMSecsSinceEpoch(t / 1000, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString shrinkNote(const ImportSummary& summary)
{
    return QString::fromStdString(ratelab::shrinkNote(summary));
}

QString headline(const LogImportResult& result)
{
    const ImportSummary& s = result.summary;
    const QString span = s.firstTime == kNever
        ? QStringLiteral("no requests")
        : QStringLiteral("%1 – %2 UTC").arg(importtext::utcMinute(s.firstTime), importtext::utcMinute(s.lastTime));
    return QStringLiteral("<b>%1</b>: %2, %3, %4 (%5), %6 (<a href='bad'>list</a>) &nbsp;&nbsp; %7")
               .arg(result.request.displayName.toHtmlEscaped(), fmt::count(s.linesRead, "line"),
                    fmt::count(s.requestsImported, "request"), fmt::count(s.distinctKeys, "key"),
                    importtext::keyKindName(result.request.options.key.kind), fmt::count(s.skippedTotal(), "bad line"), span)
        + (s.shrankFrom < 0 ? QString() : QStringLiteral("<br><b>Warning:</b> %1").arg(importtext::shrinkNote(s).toHtmlEscaped()))
        + (oneKeyNote(result).isEmpty() ? QString()
                                        : QStringLiteral("<br><b>Warning:</b> %1").arg(oneKeyNote(result).toHtmlEscaped()));
}

QString oneKeyNote(const LogImportResult& result)
{
    const ImportSummary& s = result.summary;
    if (s.distinctKeys != 1 || s.requestsImported < 2 || !result.keys || result.keys->size() != 1)
        return {};
    const QString key = QString::fromStdString(result.keys->name(0));
    return QStringLiteral("all %1 requests have the one key '%2' (%3): every client would share one limit. "
                          "The log may not fill this field; import it keyed by another (Import log…)")
        .arg(fmt::exact(s.requestsImported), key, importtext::keyKindName(result.request.options.key.kind));
}

QStringList applyNamedOptions(const NamedOptions& named, ImportOptions& options)
{
    std::vector<LogOption> given;
    for (const auto& [name, value] : named)
        given.push_back({name.toStdString(), value.toStdString()});
    QStringList problems;
    for (const LogOptionProblem& p : applyLogOptions(given, options))
        problems << QStringLiteral("%1: %2").arg(QString::fromStdString(p.option), QString::fromStdString(p.message));
    return problems;
}

}  // namespace ratelab::importtext
