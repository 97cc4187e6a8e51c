#include "app/gui/dialogs/helpdialog.h"

#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>

#include <algorithm>

namespace ratelab {

namespace {

constexpr int kNameRole = Qt::UserRole;

// The first "# " heading, without backquotes; the file name if there is none.
QString titleOf(const QString& markdown, const QString& fallback)
{
    for (const QString& line : markdown.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("# ")))
            return line.mid(2).remove(QLatin1Char('`')).trimmed();
    }
    return fallback;
}

// The title up to its first ": " or " (", for a list that stays narrow.
QString shortTitle(const QString& title)
{
    qsizetype cut = title.size();
    for (const QLatin1String mark : {QLatin1String(": "), QLatin1String(" (")}) {
        if (const qsizetype at = title.indexOf(mark); at > 0)
            cut = std::min(cut, at);
    }
    return title.left(cut);
}

QString readDocument(const QString& name)
{
    QFile file(QStringLiteral(":/docs/%1.md").arg(name));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

}  // namespace

HelpDialog::HelpDialog(QWidget* parent) : QDialog(parent), m_list(new QListWidget(this)), m_text(new QTextBrowser(this))
{
    setWindowTitle(tr("RateLab documentation"));
    resize(1000, 720);
    m_list->setMaximumWidth(220);
    m_text->setOpenExternalLinks(true);
    // Links between the documents (algorithms.md, report.md#...) open here.
    m_text->setSearchPaths({QStringLiteral(":/docs")});

    // The app's guide first, then the references in file-name order.
    QStringList names;
    for (const QString& file : QDir(QStringLiteral(":/docs")).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name))
        names << file.chopped(3);
    if (names.removeOne(QStringLiteral("app")))
        names.prepend(QStringLiteral("app"));
    for (const QString& name : names) {
        const QString title = titleOf(readDocument(name), name);
        auto* item = new QListWidgetItem(shortTitle(title), m_list);
        item->setToolTip(title);
        item->setData(kNameRole, name);
    }
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item)
            m_text->setMarkdown(readDocument(item->data(kNameRole).toString()));
    });

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_list);
    layout->addWidget(m_text, 1);
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
}

bool HelpDialog::showDocument(const QString& name)
{
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(kNameRole).toString() == name) {
            m_list->setCurrentRow(row);
            return true;
        }
    }
    return false;
}

bool HelpDialog::showPhrase(const QString& name, const QString& phrase)
{
    if (!showDocument(name))
        return false;
    m_text->moveCursor(QTextCursor::Start);
    return m_text->find(phrase, QTextDocument::FindCaseSensitively);
}

QString HelpDialog::selectedText() const
{
    return m_text->textCursor().selectedText();
}

QStringList HelpDialog::documents() const
{
    QStringList names;
    for (int row = 0; row < m_list->count(); ++row)
        names << m_list->item(row)->data(kNameRole).toString();
    return names;
}

QString HelpDialog::shownText() const
{
    return m_text->toMarkdown();
}

}  // namespace ratelab
