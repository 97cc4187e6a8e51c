#pragma once
// Previews a limit exported for production (limitexports.h: the text `ratelab-cli export`
// prints) in a read-only monospace editor, with Copy and Save.

#include <QDialog>

class QPlainTextEdit;
class QPushButton;

namespace ratelab {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // `text` is the export (or, when `error` is set, the reason it cannot be made).
    ExportDialog(const QString& title, const QString& text, const QString& suggestedFileName, QWidget* parent = nullptr);

    QString text() const;
    // Save…'s write: the text to `path`; on failure a warning says why.
    bool saveTo(const QString& path);
    QPushButton* copyButton() const { return m_copy; }

private:
    QPlainTextEdit* m_editor = nullptr;
    QPushButton* m_copy = nullptr;
    QString m_fileName;
};

}  // namespace ratelab
