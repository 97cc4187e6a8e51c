#pragma once
// Import wizard page 1: the file, the detected format and why, the first 20 raw lines, and a
// format override (with the nginx log_format when nginx is chosen).

#include "app/models/tables/importpreviewmodel.h"

#include <QWizardPage>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace ratelab {

class ImportWizard;

class ImportFilePage : public QWizardPage {
    Q_OBJECT
public:
    explicit ImportFilePage(ImportWizard* wizard);

    LogFormat overrideFormat() const;  // Auto: use the detected format
    void setOverrideFormat(LogFormat format);
    QString nginxFormat() const;
    QString detectionText() const;
    QString rawLines() const;
    bool isComplete() const override;

private:
    void refresh();

    ImportWizard* m_wizard;
    QLineEdit* m_path = nullptr;
    QLabel* m_detected = nullptr;
    QComboBox* m_format = nullptr;
    QLineEdit* m_nginx = nullptr;
    QPlainTextEdit* m_raw = nullptr;
};

}  // namespace ratelab
