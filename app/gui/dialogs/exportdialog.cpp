#include "app/gui/dialogs/exportdialog.h"

#include "app/models/document/filewriter.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ratelab {

ExportDialog::ExportDialog(const QString& title, const QString& text, const QString& suggestedFileName, QWidget* parent)
    : QDialog(parent), m_fileName(suggestedFileName)
{
    setWindowTitle(title);
    resize(760, 560);
    auto* layout = new QVBoxLayout(this);
    m_editor = new QPlainTextEdit(this);
    m_editor->setReadOnly(true);
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlainText(text);
    layout->addWidget(m_editor);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    QPushButton* save = buttons->addButton(tr("Save…"), QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_editor->toPlainText()); });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, windowTitle(), m_fileName);
        if (!path.isEmpty())
            saveTo(path);
    });
}

bool ExportDialog::saveTo(const QString& path)
{
    QString error;
    if (writeFile(path, m_editor->toPlainText().toUtf8(), &error))
        return true;
    QMessageBox::warning(this, windowTitle(), error);
    return false;
}

QString ExportDialog::text() const
{
    return m_editor->toPlainText();
}

}  // namespace ratelab
