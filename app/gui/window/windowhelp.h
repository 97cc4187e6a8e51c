#pragma once
// The main window's Help menu and its dialogs, each made when first asked for: the documents
// (Help > Documentation, F1), the Choose guide (its Open scenario opens one in the window), the
// tour of the views (by itself on the first start only), About.

#include <QObject>

#include <functional>

class QMenu;
class QWidget;

namespace ratelab {

class ChooseDialog;
class HelpDialog;
class TourDialog;

class WindowHelp : public QObject {
    Q_OBJECT
public:
    // `showView`: the tour's steps show their view behind it.
    WindowHelp(QWidget* window, std::function<void(int view)> showView);

    void createHelpMenu(QMenu* help);
    // Help > Documentation, opened on `document` (a resources/docs file name without .md).
    HelpDialog* showHelp(const QString& document = QString());
    ChooseDialog* showChooseGuide();
    TourDialog* showTour();
    void startTourIfFirstRun();

signals:
    void exampleRequested(const QString& name);  // the Choose guide's Open scenario

private:
    QWidget* m_window;
    std::function<void(int view)> m_showView;
    HelpDialog* m_help = nullptr;
    ChooseDialog* m_choose = nullptr;
    TourDialog* m_tour = nullptr;
};

}  // namespace ratelab
