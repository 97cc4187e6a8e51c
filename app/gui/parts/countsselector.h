#pragma once
// The row above Compare's chart A: which key (every key, one of the busiest, or any typed one),
// which bucket (10 ms to 1 s, or the report's), and what chart A shows (allowed/s, rejected/s,
// allowed minus the exact sliding log, or the acceptance share) and whether as one strip per
// algorithm (small multiples, for lines that overlap), with a status text for the
// counting behind it. It only holds the choice; the view counts and draws.

#include "app/gui/charts/compare/allowedchart.h"
#include "engine/core/units.h"

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QAbstractButton;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;

namespace ratelab {

class CountsSelector : public QWidget {
    Q_OBJECT
public:
    explicit CountsSelector(QWidget* parent = nullptr);

    // A new run: the report's bucket (the "report" choice), the run's length (buckets that
    // would cut it into more than kMaxCountBuckets are disabled) and the exact log's lane id
    // (none: the difference mode is disabled, its tooltip says why). Keeps key and bucket.
    void setRun(Duration reportBucketUs, Duration durationUs, const std::optional<QString>& logLaneId);
    // The keys to pick from, busiest first.
    void setKeys(const std::vector<std::string>& keys);
    void setStatus(const QString& text, bool error = false);

    std::optional<std::string> key() const { return m_key; }
    // The picked bucket; 0: the report's.
    Duration bucketUs() const;
    AllowedChart::Mode mode() const;
    bool strips() const;

    // As if picked by the user: each emits its signal when the choice changes.
    void setKey(const std::optional<std::string>& key);
    void setBucket(Duration bucketUs);
    void setMode(AllowedChart::Mode mode);
    void setStrips(bool strips);

    QComboBox* keyBox() const { return m_keyBox; }
    QComboBox* bucketBox() const { return m_bucketBox; }
    QAbstractButton* modeButton(AllowedChart::Mode mode) const;
    QLabel* statusLabel() const { return m_status; }
    QCheckBox* stripsBox() const { return m_strips; }

    static constexpr Duration kBuckets[] = {10'000, 50'000, 100'000, 250'000, kMicrosPerSecond};

signals:
    void keyChanged();
    void bucketChanged();
    void modeChanged();
    void stripsChanged();

private:
    void createKeyBox();
    void createBucketBox();
    void createModes();
    void keyTyped(const QString& text);

    QComboBox* m_keyBox = nullptr;
    QComboBox* m_bucketBox = nullptr;
    QButtonGroup* m_modes = nullptr;
    QLabel* m_status = nullptr;
    QCheckBox* m_strips = nullptr;
    std::optional<std::string> m_key;
};

}  // namespace ratelab
