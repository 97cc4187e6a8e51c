#pragma once
// How every chart of the app writes its text (gui-guide.md 3.2): titles in the app's font, bold;
// axis titles and labels a point smaller (at least 8 pt); the theme's text, muted and grid
// colours on the axes.

#include <QFont>
#include <QString>

class QAbstractAxis;

namespace ratelab {

QFont chartLabelFont();
QFont chartTitleFont();
// Fonts, colours and grid of `axis` in the theme (`dark`), with `title`.
void styleAxis(QAbstractAxis* axis, const QString& title, bool dark);

}  // namespace ratelab
