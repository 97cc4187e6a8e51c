#include "app/gui/import/importwizard.h"

#include "app/gui/import/importfilepage.h"
#include "app/gui/import/importkeypage.h"
#include "app/gui/import/importrunpage.h"
#include "app/models/jobs/logimportcontroller.h"
#include "app/models/tables/importpreviewmodel.h"

#include <QFile>

namespace ratelab {

namespace {
constexpr qint64 kHeadBytes = 512 * 1024;  // enough for the 200 preview lines of any sane log
}

ImportWizard::ImportWizard(LogImportController* controller, QWidget* parent) : QWizard(parent), m_controller(controller)
{
    setWindowTitle(tr("Import an access log"));
    setObjectName(QStringLiteral("importWizard"));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnLastPage, false);
    resize(900, 640);
    m_file = new ImportFilePage(this);
    m_key = new ImportKeyPage(this);
    m_run = new ImportRunPage(this);
    setPage(FilePage, m_file);
    setPage(KeyPage, m_key);
    setPage(RunPage, m_run);
}

void ImportWizard::setPath(const QString& path)
{
    m_path = path;
    m_head.clear();
    m_readError.clear();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_readError = file.errorString();
    } else {
        m_head = file.read(kHeadBytes);
        // Whole lines only, unless the file is a single partial line.
        if (!file.atEnd()) {
            const qsizetype cut = m_head.lastIndexOf('\n');
            if (cut > 0)
                m_head.truncate(cut + 1);
        }
    }
    redetect();
}

void ImportWizard::redetect()
{
    m_detection = detectLogFormat(m_head, options().parser);
    emit inputChanged();
}

LogFormat ImportWizard::format() const
{
    const LogFormat chosen = m_file->overrideFormat();
    return chosen != LogFormat::Auto ? chosen : m_detection.format;
}

ImportOptions ImportWizard::options(QStringList* keyProblems) const
{
    ImportOptions o;
    o.format = m_file ? m_file->overrideFormat() : LogFormat::Auto;
    if (m_file)
        o.parser.nginxLogFormat = m_file->nginxFormat().toStdString();
    if (m_key) {
        o.key.kind = m_key->keyKind();
        const QStringList problems = importtext::applyNamedOptions(m_key->logOptions(), o);
        if (keyProblems)
            *keyProblems = problems;
    }
    if (o.format == LogFormat::Auto)
        o.format = m_detection.format;
    return o;
}

void ImportWizard::reject()
{
    if (m_controller->isRunning())
        m_controller->cancel();
    QWizard::reject();
}

}  // namespace ratelab
