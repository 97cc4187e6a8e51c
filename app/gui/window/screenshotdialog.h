#pragma once
// `ratelab --screenshot FILE --dialog NAME` (resources/screenshots/render): a dialog opened over
// the window once its run has settled, and the two rendered as one image, the dialog centred
// with a title bar and a border as a window manager would frame it (offscreen, nothing does).
// NAME is tour:1 to tour:5 (the first-run tour at that step) or import:file, import:key or
// import:run (the import wizard on the bundled sample at that page; import:run once its
// import has finished).

#include <QImage>
#include <QString>

#include <functional>

class QDialog;

namespace ratelab {

class MainWindow;

namespace screenshotdialog {

// Whether NAME is one of the above.
bool valid(const QString& name);
// Opens the dialog NAME over `window`; `ready` runs once it shows what it should.
QDialog* open(MainWindow& window, const QString& name, const std::function<void()>& ready);
// The window with `dialog` framed and centred over it.
QImage compose(QWidget& window, QDialog& dialog);

}  // namespace screenshotdialog
}  // namespace ratelab
