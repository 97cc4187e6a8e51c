#pragma once
// File > Export all charts: every chart the views show written into one folder, each as PNG,
// SVG and CSV under "VIEW-NAME" (compare-allowed.png, cluster-overshootchart.csv), through the
// charts' own exports, so each file is whole or not there.

#include <QList>
#include <QPair>
#include <QString>

namespace ratelab {

class ChartView;

struct ChartFolderResult {
    int written = 0;  // files
    QString error;    // the first failure ("Cannot write DIR/compare-allowed.png: ..."); empty: none
};

// `charts`: (view name, chart) in the order to write them.
ChartFolderResult exportChartFolder(const QList<QPair<QString, ChartView*>>& charts, const QString& dir);

}  // namespace ratelab
