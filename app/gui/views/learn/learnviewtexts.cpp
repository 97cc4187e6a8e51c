// The Learn view's texts: the decision sentences, the algorithms' summaries and the HTTP
// response each request gets, in panels as tall as the key's longest response.

#include "app/gui/views/learn/learnview.h"

#include "app/models/document/algorithmcatalog.h"
#include "app/models/text/formatting.h"
#include "app/models/text/httpresponse.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSlider>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// The height that shows `lines` lines of `e` whole: the lines, the document's margins, the
// frame, and the horizontal scroll bar that long header lines bring (the panel does not wrap).
int panelHeight(const QPlainTextEdit* e, int lines)
{
    const qreal margin = e->document()->documentMargin();
    return int(std::ceil(e->fontMetrics().lineSpacing() * lines + 2 * margin)) + 2 * e->frameWidth()
        + e->horizontalScrollBar()->sizeHint().height() + 2;
}

}  // namespace

// The decision sentences and the algorithms' summaries, beside the two headers panels.
QGridLayout* LearnView::createTexts()
{
    auto* bottom = new QGridLayout;
    bottom->setHorizontalSpacing(12);
    m_sentenceA = new QLabel(this);
    m_sentenceB = new QLabel(this);
    m_about = new QLabel(this);
    for (QLabel* l : {m_sentenceA, m_sentenceB, m_about}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    }
    auto* sentences = new QVBoxLayout;
    sentences->addWidget(m_sentenceA);
    sentences->addWidget(m_sentenceB);
    sentences->addWidget(m_about);
    sentences->addStretch(1);
    bottom->addLayout(sentences, 0, 0);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_headersA = new QPlainTextEdit(this);
    m_headersB = new QPlainTextEdit(this);
    m_headersA->setAccessibleName(tr("Response in A"));
    m_headersB->setAccessibleName(tr("Response in B"));
    for (QPlainTextEdit* e : {m_headersA, m_headersB}) {
        e->setReadOnly(true);
        e->setFont(mono);
        e->setLineWrapMode(QPlainTextEdit::NoWrap);
        e->setFixedHeight(panelHeight(e, kResponseLines));
        e->setToolTip(tr("The HTTP response this request would get (x-ratelimit and draft-11 headers)"));
    }
    bottom->addWidget(m_headersA, 0, 1);
    bottom->addWidget(m_headersB, 0, 2);
    bottom->setColumnStretch(0, 5);
    bottom->setColumnStretch(1, 3);
    bottom->setColumnStretch(2, 3);
    return bottom;
}

// A 429 carries its problem body: the panels grow to show the whole of it without scrolling,
// sized once per key (not per step) so that stepping does not move the view.
void LearnView::fitResponses()
{
    int lines = kResponseLines;
    const SimTime start = m_scenario ? m_scenario->start : 0;
    for (const LaneCanvas::Lane& lane : m_lanes)
        lines = std::max(lines, httpResponseLines(lane.history, start));
    for (QPlainTextEdit* e : {m_headersA, m_headersB})
        e->setFixedHeight(panelHeight(e, std::min(lines, kMaxResponseLines)));
}

void LearnView::updateTexts()
{
    const bool has = m_current >= 0 && !m_lanes.isEmpty();
    for (QWidget* w : {static_cast<QWidget*>(m_first), static_cast<QWidget*>(m_prev), static_cast<QWidget*>(m_play),
                       static_cast<QWidget*>(m_next), static_cast<QWidget*>(m_last), static_cast<QWidget*>(m_slider)})
        w->setEnabled(has);
    if (!has) {
        m_sentenceA->setText(m_scenario && !m_scenario->algorithms.empty()
                                 ? QString()
                                 : tr("Add an algorithm in the Scenario dock to follow a key through it."));
        m_sentenceB->clear();
        m_about->clear();
        m_headersA->clear();
        m_headersB->clear();
        m_headersB->setVisible(false);
        m_time->clear();
        return;
    }
    const auto sentence = [this](int lane) {
        const KeyStep& s = m_lanes[lane].history.steps[std::size_t(laneStep(lane))];
        return QStringLiteral("<b><span style='color:%1'>%2</span></b> %3")
            .arg(m_lanes[lane].style.color.name(), m_lanes[lane].label.toHtmlEscaped(), q(s.sentence).toHtmlEscaped());
    };
    m_sentenceA->setText(sentence(0));
    const SimTime start = m_scenario ? m_scenario->start : 0;
    m_headersA->setPlainText(httpResponseText(m_lanes[0].history, m_lanes[0].history.steps[std::size_t(m_current)], start));
    const bool two = m_lanes.size() > 1 && laneStep(1) >= 0;
    m_sentenceB->setVisible(two);
    m_headersB->setVisible(two);
    if (two) {
        m_sentenceB->setText(sentence(1));
        m_headersB->setPlainText(httpResponseText(m_lanes[1].history, m_lanes[1].history.steps[std::size_t(laneStep(1))], start));
    }
    QStringList about;
    if (m_scenario)
        for (const LaneCanvas::Lane& lane : m_lanes)
            if (const AlgorithmInfo* info = catalog::findById(*m_scenario, lane.history.algorithmId))
                about << QStringLiteral("<b>%1</b>: %2").arg(q(info->name).toHtmlEscaped(), q(info->summary).toHtmlEscaped());
    about.removeDuplicates();
    m_about->setText(QStringLiteral("<span style='color:%1'>%2</span>")
                         .arg(palette::mutedTextColor(m_dark).name(), about.join(QStringLiteral("<br>"))));
    m_time->setText(tr("request %1 / %2, t = %3").arg(m_current + 1).arg(stepCount()).arg(fmt::simTime(m_nowUs)));
}

}  // namespace ratelab
