#pragma once
// Previews a limit exported for production (engine/limitconfig/limitexport.h, the text
// `ratelab-cli export` prints) in a read-only monospace editor, with Copy and Save.

#include "engine/limitconfig/limitexport.h"

#include <QDialog>

class QPlainTextEdit;
class QPushButton;

namespace ratelab {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // `text` is the export (or, when `error` is set, the reason it cannot be made).
    ExportDialog(const QString& title, const QString& text, const QString& suggestedFileName, QWidget* parent = nullptr);

    // The export of `algorithm` with `params` as `target`, or the engine's reason it cannot be
    // (returned in `error`, empty when the export worked).
    static QString exportText(const std::string& algorithm, const ParamValues& params, ExportTarget target, QString* error);
    // "Lua script for Redis", "nginx limit_req", "Envoy local rate limit".
    static QString targetName(ExportTarget target);
    static QString fileSuffix(ExportTarget target);

    QString text() const;
    // Save…'s write: the text to `path`; on failure a warning says why.
    bool saveTo(const QString& path);
    QPushButton* copyButton() const { return m_copy; }

private:
    QPlainTextEdit* m_editor = nullptr;
    QPushButton* m_copy = nullptr;
    QString m_fileName;
};

} // namespace ratelab
