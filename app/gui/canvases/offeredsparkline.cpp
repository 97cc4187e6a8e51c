#include "app/gui/canvases/offeredsparkline.h"

#include "app/models/style/palette.h"
#include "app/models/text/formatting.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace ratelab {

OfferedSparkline::OfferedSparkline(QWidget* parent) : QWidget(parent)
{
    setMinimumHeight(84);
    setAccessibleName(tr("Offered load preview"));
}

void OfferedSparkline::setPreview(const offeredpreview::Preview& preview, double durationSeconds)
{
    m_preview = preview;
    m_durationSeconds = durationSeconds;
    m_total.clear();
    for (const auto& source : m_preview.perSecond) {
        m_total.resize(std::max(m_total.size(), source.size()), 0.0);
        for (std::size_t b = 0; b < source.size(); ++b)
            m_total[b] += source[b];
    }
    m_peak = m_total.empty() ? 0.0 : *std::max_element(m_total.begin(), m_total.end());
    describe();
    update();
}

void OfferedSparkline::setSelected(int source)
{
    m_selected = source;
    update();
}

void OfferedSparkline::describe()
{
    if (!m_preview.problem.isEmpty()) {
        setAccessibleDescription(m_preview.problem);
        setToolTip(m_preview.problem);
        return;
    }
    const QString text = tr("Offered load over %1: peak %2 (all sources)%3")
                             .arg(fmt::duration(qint64(m_durationSeconds * 1e6)), fmt::ratePerSecond(m_peak),
                                  m_preview.truncated ? tr(", drawn up to the first 500,000 arrivals of a source") : QString());
    setAccessibleDescription(text);
    setToolTip(text);
}

void OfferedSparkline::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QFontMetrics fm(font());
    const QRectF plot = QRectF(rect()).adjusted(2, fm.height() + 2, -2, -fm.height() - 2);
    p.setPen(palette::mutedTextColor(dark));
    if (!m_preview.problem.isEmpty()) {
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_preview.problem);
        return;
    }
    if (m_total.empty() || m_peak <= 0) {
        p.drawText(rect(), Qt::AlignCenter, tr("No traffic offered"));
        return;
    }
    const auto pathOf = [&](const std::vector<double>& values, bool closed) {
        QPainterPath path;
        const double step = plot.width() / double(values.size());
        path.moveTo(plot.left(), closed ? plot.bottom() : plot.bottom() - values[0] / m_peak * plot.height());
        for (std::size_t b = 0; b < values.size(); ++b) {
            const double y = plot.bottom() - values[b] / m_peak * plot.height();
            path.lineTo(plot.left() + double(b) * step, y);
            path.lineTo(plot.left() + double(b + 1) * step, y);
        }
        if (closed)
            path.lineTo(plot.right(), plot.bottom());
        return path;
    };
    p.fillPath(pathOf(m_total, true), palette::offeredLoad());
    if (m_selected >= 0 && m_selected < int(m_preview.perSecond.size())) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
        p.drawPath(pathOf(m_preview.perSecond[std::size_t(m_selected)], false));
    }
    p.setPen(palette::mutedTextColor(dark));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawText(QRectF(rect()).adjusted(2, 0, -2, 0), Qt::AlignLeft | Qt::AlignTop, tr("peak %1").arg(fmt::ratePerSecond(m_peak)));
    const QRectF bottom(plot.left(), plot.bottom() + 1, plot.width(), fm.height());
    p.drawText(bottom, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("0"));
    p.drawText(bottom, Qt::AlignRight | Qt::AlignTop, fmt::duration(qint64(m_durationSeconds * 1e6)));
}

}  // namespace ratelab
