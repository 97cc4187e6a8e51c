#include "app/gui/window/dockrail.h"

#include "app/gui/window/dockoverlay.h"
#include "app/gui/window/scenariodock.h"

#include <QEvent>
#include <QMainWindow>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>

#include <algorithm>

namespace ratelab {

DockRail::DockRail(QMainWindow* window, ScenarioDock* dock, QTabWidget* tabs)
    : QObject(window), m_window(window), m_dock(dock), m_tabs(tabs)
{
    window->addDockWidget(Qt::LeftDockWidgetArea, dock);
    window->resizeDocks({dock}, {320}, Qt::Horizontal);
    m_rail = new QToolBar(tr("Scenario rail"), window);
    m_rail->setObjectName(QStringLiteral("scenarioRail"));
    m_rail->setMovable(false);
    m_rail->setFloatable(false);
    m_rail->setFixedWidth(40);
    m_rail->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_overlay = new DockOverlay(dock, window);
    m_show = new QAction(window->style()->standardIcon(QStyle::SP_FileDialogDetailedView), tr("&Scenario Panel"), window);
    m_show->setCheckable(true);
    m_show->setChecked(true);
    m_show->setShortcut(QKeySequence(Qt::Key_F9));
    m_show->setToolTip(tr("Show or hide the scenario panel (F9)"));
    connect(m_show, &QAction::toggled, this, [this](bool on) {
        if (!m_folded)
            m_dock->setVisible(on);
        else if (on)
            m_overlay->open(overlayArea());
        else
            m_overlay->close();
    });
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this] {
        if (!m_folded)
            m_show->setChecked(m_dock->isVisible());
    });
    connect(m_overlay, &DockOverlay::closed, this, [this] { m_show->setChecked(false); });
    m_rail->addAction(m_show);
    window->addToolBar(Qt::LeftToolBarArea, m_rail);
    m_overlay->setIgnoredForClicks(m_rail);
    m_rail->hide();
    window->installEventFilter(this);
}

bool DockRail::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::Resize) {
        setFolded(m_window->width() < kFoldBelowPx);
        if (m_overlay->isOpen())
            m_overlay->setArea(overlayArea());
    }
    return QObject::eventFilter(watched, event);
}

// The left of the view area beside the rail, below the view tabs (which stay in reach).
QRect DockRail::overlayArea() const
{
    const QRect view = m_window->centralWidget()->geometry();
    const int tabs = m_tabs->tabBar()->height();
    return {view.left(), view.top() + tabs, std::min(kOverlayWidthPx, view.width()), view.height() - tabs};
}

// Only on crossing the threshold, so that a dock the user opened or closed stays so.
void DockRail::setFolded(bool folded)
{
    if (folded == m_folded)
        return;
    m_folded = folded;
    m_rail->setVisible(folded);
    const QSignalBlocker block(m_show);  // the state is set here, not toggled by the user
    if (!folded)
        m_overlay->close();
    m_dock->setVisible(!folded);
    m_show->setChecked(!folded);
}

}  // namespace ratelab
