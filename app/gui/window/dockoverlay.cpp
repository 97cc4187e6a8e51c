#include "app/gui/window/dockoverlay.h"

#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

DockOverlay::DockOverlay(QDockWidget* dock, QWidget* parent) : QFrame(parent), m_dock(dock)
{
    setObjectName(QStringLiteral("dockOverlay"));
    setFrameShape(QFrame::StyledPanel);
    setFrameShadow(QFrame::Raised);
    setAutoFillBackground(true);
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(2, 2, 2, 2);
    m_layout->setSpacing(2);
    auto* header = new QHBoxLayout;
    auto* title = new QLabel(dock->windowTitle(), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    header->addWidget(title, 1);
    auto* closeButton = new QToolButton(this);
    closeButton->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    closeButton->setAutoRaise(true);
    closeButton->setToolTip(tr("Close the scenario panel (Esc)"));
    connect(closeButton, &QToolButton::clicked, this, &DockOverlay::close);
    header->addWidget(closeButton);
    m_layout->addLayout(header);
    hide();
}

void DockOverlay::open(const QRect& area)
{
    if (!isOpen()) {
        m_contents = m_dock->widget();
        if (m_contents) {
            m_layout->addWidget(m_contents, 1);  // reparents it: the dock's layout lets go
            m_contents->show();
        }
        qApp->installEventFilter(this);
    }
    setArea(area);
    show();
    raise();
    if (m_contents)
        m_contents->setFocus(Qt::PopupFocusReason);
}

void DockOverlay::setArea(const QRect& area)
{
    setGeometry(area);
}

void DockOverlay::close()
{
    if (!isOpen())
        return;
    qApp->removeEventFilter(this);
    hide();
    if (m_contents) {
        m_dock->setWidget(m_contents);
        m_contents = nullptr;
    }
    emit closed();
}

bool DockOverlay::covers(const QPoint& global) const
{
    const auto under = [&global](const QWidget* w) {
        return w && w->isVisible() && w->rect().contains(w->mapFromGlobal(global));
    };
    return under(this) || under(m_ignored);
}

bool DockOverlay::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        // Escape in another window (a combo box's list, a dialog) is that window's.
        const auto* widget = qobject_cast<QWidget*>(watched);
        if (widget && widget->window() == window()) {
            close();
            return true;
        }
    } else if (event->type() == QEvent::MouseButtonPress) {
        // By position: a press the widget under the mouse ignores reaches its parents too.
        const auto* widget = qobject_cast<QWidget*>(watched);
        const QPoint global = static_cast<QMouseEvent*>(event)->globalPosition().toPoint();
        if (widget && widget->window() == window() && !covers(global))
            close();  // and the click goes on to what it hit
    }
    return QFrame::eventFilter(watched, event);
}

}  // namespace ratelab
