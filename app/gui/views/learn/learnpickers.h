#pragma once
// The Learn view's top row: the key and the two algorithms it follows (A, and B or none), the
// seeks beyond the requests the lanes hold (go to a time, the next rejection, the next burst),
// and the status: what is shown, or what was not found. It asks; the view seeks.

#include <QWidget>

#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace ratelab {

struct Scenario;

class LearnPickers : public QWidget {
    Q_OBJECT
public:
    explicit LearnPickers(QWidget* parent = nullptr);

    // A scenario's algorithms in A and B, each picked as before where the scenario still has it
    // (B: its second algorithm by default, for a side-by-side).
    void setAlgorithms(const Scenario* scenario);
    void setKeys(const std::vector<std::string>& keys);  // most requests first
    // The key and A to follow (from Compare's bars): the key listed first when it is not yet.
    void pick(const QString& algorithmId, const QString& key);

    bool hasKeys() const;
    QString key() const;
    QString algorithmA() const;  // empty: the scenario has none
    QString algorithmB() const;  // empty: none, or A's
    void setStatus(const QString& text);
    QString status() const;
    // The key and the seeks off while the playground edits the key's requests.
    void setSeeksEnabled(bool enabled);

signals:
    void keyPicked();
    void algorithmsPicked();
    void goToRequested(qint64 atUs);  // from the scenario start
    void nextRejectionRequested();
    void nextBurstRequested();
    void followRequested();  // the status's link: B follows the key it keys the same traffic as

private:
    QComboBox* addCombo(const QString& label, int spacingBefore);

    QComboBox* m_key = nullptr;
    QComboBox* m_algoA = nullptr;
    QComboBox* m_algoB = nullptr;
    QLineEdit* m_goTo = nullptr;
    QToolButton* m_seekRejection = nullptr;
    QToolButton* m_seekBurst = nullptr;
    QLabel* m_status = nullptr;
};

}  // namespace ratelab
