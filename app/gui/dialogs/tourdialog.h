#pragma once
// The first-run tour: one step per view, each saying what question the view answers and
// showing that view behind it, then where help lives. Not modal, dismissed at any step;
// Help > Tour of the views opens it again. Closing it records that it was seen (setting
// "tour/seen"), so the app shows it by itself only on its first start.

#include <QDialog>

#include <functional>

class QLabel;
class QPushButton;

namespace ratelab {

class TourDialog : public QDialog {
    Q_OBJECT
public:
    // `showView(i)` brings view i (Compare, Learn, Logs, Cluster) forward for step i.
    TourDialog(std::function<void(int view)> showView, QWidget* parent = nullptr);

    static bool seen();  // the setting
    int step() const { return m_step; }
    int stepCount() const;
    QString stepTitle() const;
    void setStep(int step);

protected:
    void done(int result) override;

private:
    std::function<void(int)> m_showView;
    int m_step = 0;
    QLabel* m_title = nullptr;
    QLabel* m_text = nullptr;
    QLabel* m_counter = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_next = nullptr;
};

}  // namespace ratelab
