#include "app/gui/window/screenshotdialog.h"

#include "app/gui/dialogs/tourdialog.h"
#include "app/gui/import/importrunpage.h"
#include "app/gui/import/importwizard.h"
#include "app/gui/views/logs/logsview.h"
#include "app/gui/window/mainwindow.h"
#include "app/gui/window/windowhelp.h"

#include <QPainter>
#include <QTimer>

namespace ratelab::screenshotdialog {

namespace {

constexpr int kTitleBar = 28;
constexpr int kShadow = 10;

// tour:N's step (1-based), or 0.
int tourStep(const QString& name)
{
    bool ok = false;
    const int step = name.startsWith(QLatin1String("tour:")) ? name.mid(5).toInt(&ok) : 0;
    return ok && step >= 1 && step <= 5 ? step : 0;
}

int wizardPage(const QString& name)
{
    if (name == QLatin1String("import:file"))
        return ImportWizard::FilePage;
    if (name == QLatin1String("import:key"))
        return ImportWizard::KeyPage;
    if (name == QLatin1String("import:run"))
        return ImportWizard::RunPage;
    return -1;
}

}  // namespace

bool valid(const QString& name)
{
    return tourStep(name) > 0 || wizardPage(name) >= 0;
}

QDialog* open(MainWindow& window, const QString& name, const std::function<void()>& ready)
{
    if (const int step = tourStep(name)) {
        TourDialog* tour = window.help().showTour();
        tour->setStep(step - 1);
        QTimer::singleShot(0, tour, ready);
        return tour;
    }
    auto* wizard = new ImportWizard(window.views().logs()->importer(), &window);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->setPath(LogsView::samplePath());
    wizard->show();
    const int page = wizardPage(name);
    if (page == ImportWizard::RunPage)
        QObject::connect(wizard->runPage(), &ImportRunPage::importFinished, wizard, ready);
    for (int at = ImportWizard::FilePage; at < page; ++at)
        wizard->next();
    if (page != ImportWizard::RunPage)
        QTimer::singleShot(0, wizard, ready);
    return wizard;
}

QImage compose(QWidget& window, QDialog& dialog)
{
    QImage image = window.grab().toImage();
    const QImage content = dialog.grab().toImage();
    const QSize size = content.size() / content.devicePixelRatio();
    const QRect frame(QPoint((window.width() - size.width()) / 2, (window.height() - size.height() - kTitleBar) / 2),
                      QSize(size.width(), size.height() + kTitleBar));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    // A soft shadow, the title bar, the dialog, and a border round them.
    for (int i = kShadow; i > 0; --i)
        painter.fillRect(frame.adjusted(-i, -i + 3, i, i + 3), QColor(0, 0, 0, 6));
    const QPalette palette = dialog.palette();
    painter.fillRect(QRect(frame.topLeft(), QSize(frame.width(), kTitleBar)), palette.color(QPalette::Window).darker(112));
    QFont bold = dialog.font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(palette.color(QPalette::WindowText));
    painter.drawText(QRect(frame.topLeft(), QSize(frame.width(), kTitleBar)), Qt::AlignCenter, dialog.windowTitle());
    painter.drawImage(QRect(frame.left(), frame.top() + kTitleBar, size.width(), size.height()), content);
    painter.setPen(palette.color(QPalette::Dark));
    painter.drawRect(QRectF(frame).adjusted(-0.5, -0.5, 0.5, 0.5));
    return image;
}

}  // namespace ratelab::screenshotdialog
