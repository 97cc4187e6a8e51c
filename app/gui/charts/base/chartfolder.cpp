#include "app/gui/charts/base/chartfolder.h"

#include "app/gui/charts/base/chartview.h"

#include <QDir>

namespace ratelab {

ChartFolderResult exportChartFolder(const QList<QPair<QString, ChartView*>>& charts, const QString& dir)
{
    ChartFolderResult result;
    if (!QDir().mkpath(dir)) {
        result.error = QStringLiteral("Cannot create the folder %1").arg(dir);
        return result;
    }
    for (const auto& [view, chart] : charts) {
        const QString stem = QDir(dir).filePath(view + QLatin1Char('-') + chart->exportName());
        QString error;
        const bool ok = chart->exporter().exportPng(stem + QStringLiteral(".png"), &error)
            && chart->exporter().exportSvg(stem + QStringLiteral(".svg"), &error)
            && chart->exporter().exportCsv(stem + QStringLiteral(".csv"), &error);
        if (!ok) {
            result.error = error;
            return result;
        }
        result.written += 3;
    }
    return result;
}

}  // namespace ratelab
