#pragma once
// Help > Documentation: the reference documents of resources/docs (embedded under
// :/docs), listed by their titles and shown as rendered Markdown, the same text a reader
// of the repository sees.

#include <QDialog>

class QListWidget;
class QTextBrowser;

namespace ratelab {

class HelpDialog : public QDialog {
    Q_OBJECT

public:
    explicit HelpDialog(QWidget* parent = nullptr);

    // Shows the document `name` (its file name without .md); false if there is none.
    bool showDocument(const QString& name);
    // Shows `name` scrolled to the first occurrence of `phrase` (case-sensitive), selected:
    // a metric's definition ("Peak burst."). False if either is missing.
    bool showPhrase(const QString& name, const QString& phrase);
    QString selectedText() const;   // the phrase showPhrase found
    QStringList documents() const;  // file names without .md, in the order listed
    QString shownText() const;      // the shown document's Markdown

private:
    QListWidget* m_list;
    QTextBrowser* m_text;
};

}  // namespace ratelab
