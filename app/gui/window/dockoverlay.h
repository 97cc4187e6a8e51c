#pragma once
// The folded scenario dock opened as an overlay (gui-guide.md 2: "below 1500 px wide the dock becomes
// a 40 px rail that opens as an overlay"): a panel floating over the left of the view area that
// borrows the dock's contents while open, so the charts under it keep their size. Escape, a
// click elsewhere in the window or close() closes it and gives the contents back to the dock.
// Clicks in other windows (the panel's own menus and popups, dialogs) leave it open.

#include <QFrame>

class QDockWidget;
class QVBoxLayout;

namespace ratelab {

class DockOverlay : public QFrame {
    Q_OBJECT
public:
    // `parent` is the window the panel floats in; `dock` lends its widget.
    DockOverlay(QDockWidget* dock, QWidget* parent);

    // Shows the panel over `area` (parent coordinates), with the dock's contents.
    void open(const QRect& area);
    // Hides it and returns the contents to the dock; closed() follows if it was open.
    void close();
    bool isOpen() const { return isVisible(); }
    // Moves the open panel (the window was resized).
    void setArea(const QRect& area);
    // A widget whose clicks do not count as outside (the rail's button toggles the panel).
    void setIgnoredForClicks(QWidget* widget) { m_ignored = widget; }

signals:
    void closed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Whether a point (global coordinates) is on the panel or on the ignored widget.
    bool covers(const QPoint& global) const;

    QDockWidget* m_dock;
    QVBoxLayout* m_layout = nullptr;
    QWidget* m_contents = nullptr;  // the dock's widget while borrowed
    QWidget* m_ignored = nullptr;
};

}  // namespace ratelab
