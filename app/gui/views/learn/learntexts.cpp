#include "app/gui/views/learn/learntexts.h"

#include "app/gui/views/learn/learncursor.h"
#include "app/models/document/algorithmcatalog.h"
#include "app/models/text/fromstd.h"
#include "app/models/text/httpresponse.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {

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
LearnTexts::LearnTexts(const LearnCursor* cursor, QWidget* parent) : QWidget(parent), m_cursor(cursor)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(12);
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
    grid->addLayout(sentences, 0, 0);
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
    grid->addWidget(m_headersA, 0, 1);
    grid->addWidget(m_headersB, 0, 2);
    grid->setColumnStretch(0, 5);
    grid->setColumnStretch(1, 3);
    grid->setColumnStretch(2, 3);
}

void LearnTexts::setContext(const Scenario* scenario, bool dark)
{
    m_scenario = scenario;
    m_dark = dark;
}

// A 429 carries its problem body: the panels grow to show the whole of it without scrolling.
void LearnTexts::fitResponses()
{
    int lines = kResponseLines;
    const SimTime start = m_scenario ? m_scenario->start : 0;
    for (const LaneCanvas::Lane& lane : m_cursor->lanes())
        lines = std::max(lines, httpResponseLines(lane.history, start));
    for (QPlainTextEdit* e : {m_headersA, m_headersB})
        e->setFixedHeight(panelHeight(e, std::min(lines, kMaxResponseLines)));
}

void LearnTexts::showCursor()
{
    const QList<LaneCanvas::Lane>& lanes = m_cursor->lanes();
    if (!m_cursor->stepOf(0)) {
        m_sentenceA->setText(m_scenario && !m_scenario->algorithms.empty()
                                 ? QString()
                                 : tr("Add an algorithm in the Scenario dock to follow a key through it."));
        m_sentenceB->clear();
        m_about->clear();
        m_headersA->clear();
        m_headersB->clear();
        m_headersB->setVisible(false);
        return;
    }
    const auto sentence = [&](int lane) {
        return QStringLiteral("<b><span style='color:%1'>%2</span></b> %3")
            .arg(lanes[lane].style.color.name(), lanes[lane].label.toHtmlEscaped(),
                 q(m_cursor->stepOf(lane)->sentence).toHtmlEscaped());
    };
    m_sentenceA->setText(sentence(0));
    const SimTime start = m_scenario ? m_scenario->start : 0;
    m_headersA->setPlainText(httpResponseText(lanes[0].history, *m_cursor->stepOf(0), start));
    const bool two = lanes.size() > 1 && m_cursor->stepOf(1);
    m_sentenceB->setVisible(two);
    m_headersB->setVisible(two);
    if (two) {
        m_sentenceB->setText(sentence(1));
        m_headersB->setPlainText(httpResponseText(lanes[1].history, *m_cursor->stepOf(1), start));
    }
    QStringList about;
    if (m_scenario)
        for (const LaneCanvas::Lane& lane : lanes)
            if (const AlgorithmInfo* info = catalog::findById(*m_scenario, lane.history.algorithmId))
                about << QStringLiteral("<b>%1</b>: %2").arg(q(info->name).toHtmlEscaped(), q(info->summary).toHtmlEscaped());
    about.removeDuplicates();
    m_about->setText(QStringLiteral("<span style='color:%1'>%2</span>")
                         .arg(palette::mutedTextColor(m_dark).name(), about.join(QStringLiteral("<br>"))));
}

QString LearnTexts::sentence(int lane) const
{
    const KeyStep* step = m_cursor->stepOf(lane);
    return step ? q(step->sentence) : QString();
}

QString LearnTexts::headersA() const
{
    return m_headersA->toPlainText();
}

}  // namespace ratelab
