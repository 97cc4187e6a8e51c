#include "app/gui/charts/base/legendstrip.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QToolButton>

#include <memory>

namespace ratelab {

namespace {

QToolButton* newEntryButton(const QString& id, const QIcon& swatch, QWidget* parent)
{
    auto* button = new QToolButton(parent);
    button->setText(id);
    button->setIcon(swatch);
    button->setIconSize(QSize(palette::kLineSwatchWidth, palette::kLineSwatchHeight));
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setAutoRaise(true);
    button->setCheckable(true);
    return button;
}

}  // namespace

LegendStrip::LegendStrip(QWidget* parent) : QWidget(parent)
{
    m_layout = new QHBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(2);
    m_layout->addStretch(1);
    // As tall as an entry from the start: the first entries then do not push the charts
    // below down by a few pixels, which would lay every chart out again with its data.
    const std::unique_ptr<QToolButton> probe(newEntryButton(QStringLiteral("gcra"), palette::lineSwatch({}, false), nullptr));
    setMinimumHeight(probe->sizeHint().height());
}

void LegendStrip::setEntries(const QStringList& ids, const std::vector<palette::SeriesStyle>& styles, bool dark)
{
    qDeleteAll(m_buttons);
    m_buttons.clear();
    m_ids = ids;
    QSet<QString> kept;
    for (const QString& id : ids)
        if (m_hidden.contains(id))
            kept.insert(id);
    m_hidden = kept;
    for (int i = 0; i < ids.size(); ++i) {
        auto* button = newEntryButton(ids[i], palette::lineSwatch(styles[std::size_t(i)], dark), this);
        button->setToolTip(tr("Click: show or hide %1 in every chart. Ctrl+click: show only %1.").arg(ids[i]));
        button->installEventFilter(this);
        m_layout->insertWidget(i, button);
        m_buttons.append(button);
    }
    updateButtons();
}

void LegendStrip::setHidden(const QSet<QString>& hidden)
{
    m_hidden = hidden;
    updateButtons();
    emit hiddenChanged(m_hidden);
}

bool LegendStrip::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonRelease) {
        auto* button = qobject_cast<QToolButton*>(watched);
        const int i = m_buttons.indexOf(button);
        auto* me = static_cast<QMouseEvent*>(event);
        if (i >= 0 && me->button() == Qt::LeftButton && button->rect().contains(me->position().toPoint())) {
            const QString id = m_ids[i];
            QSet<QString> hidden = m_hidden;
            if (me->modifiers() & Qt::ControlModifier) {
                const bool isolated = hidden.size() == m_ids.size() - 1 && !hidden.contains(id);
                hidden.clear();
                if (!isolated)
                    for (const QString& other : m_ids)
                        if (other != id)
                            hidden.insert(other);
            } else if (hidden.contains(id)) {
                hidden.remove(id);
            } else {
                hidden.insert(id);
            }
            setHidden(hidden);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LegendStrip::updateButtons()
{
    for (int i = 0; i < m_buttons.size(); ++i) {
        const bool hidden = m_hidden.contains(m_ids[i]);
        QFont f = font();
        f.setStrikeOut(hidden);
        m_buttons[i]->setFont(f);
        m_buttons[i]->setChecked(!hidden);
        QPalette p = palette();
        if (hidden)
            p.setColor(QPalette::ButtonText, p.color(QPalette::Disabled, QPalette::WindowText));
        m_buttons[i]->setPalette(p);
    }
}

}  // namespace ratelab
