#pragma once
// The Choose guide (Help > Choose an algorithm): the decision tree's questions one at a time
// (app/models/jobs/chooseguide.h), each answered branch with the figure its shipped scenario
// measured, and at the end the algorithm, storage, key strategy and export. Open scenario
// asks the main window to open the selected step's scenario.

#include <QDialog>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace ratelab {

class ChooseGuide;

class ChooseDialog : public QDialog {
    Q_OBJECT
public:
    // Shows `guide` (parented to the dialog when it has no parent).
    explicit ChooseDialog(ChooseGuide* guide, QWidget* parent = nullptr);

    ChooseGuide* guide() const { return m_guide; }
    QPushButton* yesButton() const { return m_yes; }
    QPushButton* noButton() const { return m_no; }
    QSpinBox* keysBox() const { return m_keys; }
    QPushButton* keysButton() const { return m_keysAnswer; }
    QPushButton* openButton() const { return m_open; }
    QListWidget* stepList() const { return m_steps; }
    QString recommendationText() const;
    QString exportText() const;

signals:
    void openScenario(const QString& name);  // an embedded scenario's name

private:
    void refresh();
    void updateOpenButton();

    ChooseGuide* m_guide = nullptr;
    QListWidget* m_steps = nullptr;
    QLabel* m_question = nullptr;
    QPushButton* m_yes = nullptr;
    QPushButton* m_no = nullptr;
    QSpinBox* m_keys = nullptr;
    QPushButton* m_keysAnswer = nullptr;
    QLabel* m_recommendation = nullptr;
    QPlainTextEdit* m_export = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_open = nullptr;
};

}  // namespace ratelab
