#pragma once
// Import wizard page 2: which key requests are counted under, with a preview of the first 200
// lines parsed with the chosen format and key; a line that would be skipped is highlighted
// (a warning sign and tint, not colour alone) with its line number and the reason.

#include "app/models/importpreviewmodel.h"

#include <QWizardPage>

class QComboBox;
class QLabel;
class QTableView;

namespace ratelab {

class ImportWizard;

class ImportKeyPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ImportKeyPage(ImportWizard* wizard);

    KeyKind keyKind() const;
    void setKeyKind(KeyKind kind);
    QTableView* preview() const { return m_table; }
    int badRows() const;
    void initializePage() override;

    static constexpr int kPreviewLines = ImportPreviewModel::kPreviewLines;

private:
    void refresh();

    ImportWizard* m_wizard;
    QComboBox* m_key = nullptr;
    QLabel* m_counts = nullptr;
    ImportPreviewModel* m_model = nullptr;
    QTableView* m_table = nullptr;
};

}  // namespace ratelab
