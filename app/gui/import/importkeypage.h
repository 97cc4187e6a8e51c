#pragma once
// Import wizard page 2: which key requests are counted under, with a preview of the first 200
// lines parsed with the chosen format and key; a line that would be skipped is highlighted
// (a warning sign and tint, not colour alone) with its line number and the reason.

#include "app/models/tables/importpreviewmodel.h"
#include "app/models/text/importtext.h"

#include <QWizardPage>

class QComboBox;
class QCheckBox;
class QLabel;
class QLineEdit;
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
    // Ready for the import once the options have no problem.
    bool isComplete() const override;

    // The key options as `ratelab-cli import` names them (xff, trusted, api_key_param,
    // api_key_field, path_templates, look_back), the defaults left out; read through the same
    // parser as the command line's (applyLogOptions).
    importtext::NamedOptions logOptions() const;
    // Fills the fields from `options` (names as above; tests and a wizard reopened on a log).
    void setLogOptions(const importtext::NamedOptions& options);
    QString problemText() const;  // the options' problems, one a line; empty when none

    static constexpr int kPreviewLines = ImportPreviewModel::kPreviewLines;

private:
    void refresh();
    QWidget* createOptions();

    ImportWizard* m_wizard;
    QComboBox* m_key = nullptr;
    QLabel* m_counts = nullptr;
    ImportPreviewModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QComboBox* m_xff = nullptr;
    QLineEdit* m_trusted = nullptr;
    QLineEdit* m_apiKeyParam = nullptr;
    QLineEdit* m_apiKeyField = nullptr;
    QCheckBox* m_pathTemplates = nullptr;
    QLineEdit* m_lookBack = nullptr;
    QLabel* m_problems = nullptr;
};

}  // namespace ratelab
