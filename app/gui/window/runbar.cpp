#include "app/gui/window/runbar.h"

#include "app/models/document/scenariodocument.h"
#include "app/models/jobs/simulationcontroller.h"
#include "app/models/text/formatting.h"

#include <QLabel>
#include <QProgressBar>
#include <QSpinBox>
#include <QStyle>

#include <limits>

namespace ratelab {

RunBar::RunBar(ScenarioDocument* document, SimulationController* controller, QWidget* parent)
    : QToolBar(tr("Main"), parent), m_doc(document), m_controller(controller)
{
    setObjectName(QStringLiteral("mainToolBar"));
    setMovable(false);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_run = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run"), this);
    m_run->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
    m_run->setToolTip(tr("Run the scenario (F5)"));
    m_cancel = new QAction(style()->standardIcon(QStyle::SP_MediaStop), tr("&Cancel"), this);
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setToolTip(tr("Cancel the run and keep the previous result (Esc)"));
    m_cancel->setEnabled(false);
    connect(m_cancel, &QAction::triggered, m_controller, &SimulationController::cancel);

    connect(m_controller, &SimulationController::progress, this, [this](quint64, int permille, const QString& phase) {
        m_progress->setValue(permille);
        m_phase->setText(QStringLiteral("%1% %2").arg(permille / 10).arg(phase));
    });
    connect(m_controller, &SimulationController::runningChanged, this, [this](bool running) {
        m_cancel->setEnabled(running);
        m_progress->setVisible(running);
        if (running) {
            m_progress->setValue(0);
            m_phase->setText(tr("starting"));
        }
    });
    connect(m_controller, &SimulationController::cancelled, this,
            [this] { m_phase->setText(tr("cancelled: showing the previous result")); });
    connect(m_controller, &SimulationController::failed, this, [this](quint64, const QString& message) {
        m_phase->setText(tr("run failed"));
        m_phase->setToolTip(message);
        emit failed(message);
    });
}

void RunBar::addFileActions(QAction* open, QAction* save)
{
    addAction(open);
    addAction(save);
    addSeparator();
    addRunWidgets();
}

// The name, the seed, Run, Cancel, the progress bar and the phase text.
void RunBar::addRunWidgets()
{
    addWidget(new QLabel(tr(" scenario: "), this));
    m_name = new QLabel(this);
    QFont bold = m_name->font();
    bold.setBold(true);
    m_name->setFont(bold);
    addWidget(m_name);
    addWidget(new QLabel(tr("   seed "), this));
    m_seed = new QSpinBox(this);
    m_seed->setAccessibleName(tr("Seed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setToolTip(tr("The random seed: the same seed gives the same traffic"));
    m_seed->setKeyboardTracking(false);
    addWidget(m_seed);
    connect(m_seed, &QSpinBox::valueChanged, this, [this](int value) {
        ScenarioDocument::State next = m_doc->state();
        next.scenario.seed = quint64(value);
        m_doc->edit(next, tr("Set seed to %1").arg(value), 0x40000000);
    });
    addSeparator();
    addAction(m_run);
    addAction(m_cancel);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setFixedWidth(160);
    m_progress->setVisible(false);
    addWidget(m_progress);
    m_phase = new QLabel(this);
    m_phase->setMinimumWidth(220);
    m_phase->setContentsMargins(8, 0, 0, 0);
    addWidget(m_phase);
}

void RunBar::showDocument(const QString& name, const QString& path)
{
    m_name->setText(name);
    m_name->setToolTip(path);
    const QSignalBlocker block(m_seed);
    m_seed->setValue(int(std::min<quint64>(m_doc->scenario().seed, quint64(std::numeric_limits<int>::max()))));
}

void RunBar::showDone(qint64 elapsedMs)
{
    m_phase->setText(tr("done in %1").arg(fmt::duration(elapsedMs * 1000)));
}

void RunBar::clearFailure()
{
    m_phase->setToolTip(QString());
}

void RunBar::restyle()
{
    m_run->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_cancel->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
}

}  // namespace ratelab
