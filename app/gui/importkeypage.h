#pragma once
// Import wizard page 2: which key requests are counted under, with a preview of the first 200
// lines parsed with the chosen format and key; a line that would be skipped is highlighted
// (a warning sign and tint, not colour alone) with its line number and the reason.

#include "engine/logs/keys/keyextractor.h"

#include <QWizardPage>

class QComboBox;
class QLabel;
class QTableWidget;

namespace ratelab {

class ImportWizard;

class ImportKeyPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ImportKeyPage(ImportWizard* wizard);

    KeyKind keyKind() const;
    void setKeyKind(KeyKind kind);
    QTableWidget* preview() const { return m_table; }
    int badRows() const { return m_bad; }
    void initializePage() override;

    static constexpr int kPreviewLines = 200;

private:
    void refresh();

    ImportWizard* m_wizard;
    QComboBox* m_key = nullptr;
    QLabel* m_counts = nullptr;
    QTableWidget* m_table = nullptr;
    int m_bad = 0;
};

} // namespace ratelab
