#pragma once
// The Learn view's texts under its lanes: each lane's decision in words at the cursor
// (KeyStep::sentence), the algorithms' one-line summaries, and the HTTP response each lane's
// request gets (httpresponse.h), in panels as tall as the key's longest response.

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace ratelab {

class LearnCursor;
struct Scenario;

class LearnTexts : public QWidget {
    Q_OBJECT
public:
    LearnTexts(const LearnCursor* cursor, QWidget* parent = nullptr);

    // What the texts are of: the scenario (its start, its algorithms' summaries) and the theme.
    void setContext(const Scenario* scenario, bool dark);
    // The response panels sized once per key (not per step) for the lanes' longest response, so
    // that stepping does not move the view.
    void fitResponses();
    // The texts at the cursor.
    void showCursor();

    QString sentence(int lane) const;  // the lane's sentence at the cursor, plain; empty without one
    QString headersA() const;

private:
    static constexpr int kResponseLines = 8;      // a 200's status line and headers
    static constexpr int kMaxResponseLines = 26;  // beyond this, the panel scrolls

    const LearnCursor* m_cursor;
    const Scenario* m_scenario = nullptr;
    bool m_dark = false;
    QLabel* m_sentenceA = nullptr;
    QLabel* m_sentenceB = nullptr;
    QLabel* m_about = nullptr;
    QPlainTextEdit* m_headersA = nullptr;
    QPlainTextEdit* m_headersB = nullptr;
};

}  // namespace ratelab
