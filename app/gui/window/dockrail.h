#pragma once
// The Scenario dock beside the views, and on a narrow window (below kFoldBelowPx) a 40 px rail
// whose one button (and F9) opens the dock's contents as an overlay over the view area
// (gui-guide.md 2). The dock is not closable (its own toggle action is then disabled): the
// action here shows it, docked, or folded as the overlay.

#include <QObject>
#include <QRect>

class QAction;
class QMainWindow;
class QTabWidget;
class QToolBar;

namespace ratelab {

class DockOverlay;
class ScenarioDock;

class DockRail : public QObject {
    Q_OBJECT
public:
    static constexpr int kFoldBelowPx = 1500;
    static constexpr int kOverlayWidthPx = 320;

    // Docks `dock` on the left of `window`, whose central widget holds the view tabs `tabs`.
    DockRail(QMainWindow* window, ScenarioDock* dock, QTabWidget* tabs);

    QAction* showAction() const { return m_show; }
    bool isFolded() const { return m_folded; }
    DockOverlay* overlay() const { return m_overlay; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the window's resizes

private:
    void setFolded(bool folded);
    QRect overlayArea() const;

    QMainWindow* m_window;
    ScenarioDock* m_dock;
    QTabWidget* m_tabs;
    QToolBar* m_rail = nullptr;
    QAction* m_show = nullptr;
    DockOverlay* m_overlay = nullptr;
    bool m_folded = false;
};

}  // namespace ratelab
