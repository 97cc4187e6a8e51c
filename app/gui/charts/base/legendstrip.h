#pragma once
// One legend per view (gui-guide.md 3.3): a swatch and name per algorithm; a click toggles that
// algorithm in every chart of the view and dims its table row, Ctrl+click isolates it; hidden
// ones stay listed, struck through.

#include "app/models/style/palette.h"

#include <QSet>
#include <QWidget>

class QHBoxLayout;
class QToolButton;

namespace ratelab {

class LegendStrip : public QWidget {
    Q_OBJECT
public:
    explicit LegendStrip(QWidget* parent = nullptr);

    void setEntries(const QStringList& ids, const std::vector<palette::SeriesStyle>& styles, bool dark);
    QSet<QString> hidden() const { return m_hidden; }
    void setHidden(const QSet<QString>& hidden);

signals:
    void hiddenChanged(const QSet<QString>& hidden);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateButtons();

    QHBoxLayout* m_layout = nullptr;
    QList<QToolButton*> m_buttons;
    QStringList m_ids;
    QSet<QString> m_hidden;
};

}  // namespace ratelab
