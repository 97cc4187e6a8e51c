#pragma once
// An honest empty state for a view whose engine support has not landed yet: it names what
// will fill it, and draws nothing fake.

#include <QWidget>

class QLabel;

namespace ratelab {

class PlaceholderView : public QWidget {
    Q_OBJECT
public:
    PlaceholderView(const QString& title, const QString& text, QWidget* parent = nullptr);
    QString text() const;

private:
    QLabel* m_text = nullptr;
};

} // namespace ratelab
