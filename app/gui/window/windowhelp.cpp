#include "app/gui/window/windowhelp.h"

#include "app/gui/dialogs/choosedialog.h"
#include "app/gui/dialogs/helpdialog.h"
#include "app/gui/dialogs/tourdialog.h"
#include "app/models/jobs/chooseguide.h"

#include <QCoreApplication>
#include <QMenu>
#include <QMessageBox>

namespace ratelab {

WindowHelp::WindowHelp(QWidget* window, std::function<void(int view)> showView)
    : QObject(window), m_window(window), m_showView(std::move(showView))
{}

void WindowHelp::createHelpMenu(QMenu* help)
{
    help->addAction(tr("&Documentation"), this, [this] { showHelp(); })->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Choose an algorithm…"), this, [this] { showChooseGuide(); });
    help->addAction(tr("&Tour of the views"), this, [this] { showTour(); });
    help->addAction(tr("&About RateLab"), this, [this] {
        QMessageBox::about(m_window, tr("About RateLab"),
                           tr("<b>RateLab %1</b><p>A laboratory for API rate limiting: the same traffic through every "
                              "common algorithm, side by side.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

HelpDialog* WindowHelp::showHelp(const QString& document)
{
    if (!m_help)
        m_help = new HelpDialog(m_window);
    if (!document.isEmpty())
        m_help->showDocument(document);
    m_help->show();
    m_help->raise();
    return m_help;
}

ChooseDialog* WindowHelp::showChooseGuide()
{
    if (!m_choose) {
        m_choose = new ChooseDialog(new ChooseGuide, m_window);
        connect(m_choose, &ChooseDialog::openScenario, this, &WindowHelp::exampleRequested);
    }
    m_choose->show();
    m_choose->raise();
    return m_choose;
}

TourDialog* WindowHelp::showTour()
{
    if (!m_tour)
        m_tour = new TourDialog(m_showView, m_window);
    m_tour->setStep(0);
    m_tour->show();
    m_tour->raise();
    return m_tour;
}

void WindowHelp::startTourIfFirstRun()
{
    if (!TourDialog::seen())
        showTour();
}

}  // namespace ratelab
