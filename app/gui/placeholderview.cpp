#include "app/gui/placeholderview.h"

#include <QLabel>
#include <QVBoxLayout>

namespace ratelab {

PlaceholderView::PlaceholderView(const QString& title, const QString& text, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(2);
    auto* heading = new QLabel(title, this);
    QFont f = heading->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    heading->setFont(f);
    heading->setAlignment(Qt::AlignCenter);
    layout->addWidget(heading);
    m_text = new QLabel(text, this);
    m_text->setAlignment(Qt::AlignCenter);
    m_text->setWordWrap(true);
    m_text->setEnabled(false);  // muted text
    layout->addWidget(m_text);
    layout->addStretch(3);
}

QString PlaceholderView::text() const
{
    return m_text->text();
}

} // namespace ratelab
