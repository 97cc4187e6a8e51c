#include "app/gui/parts/redischeckbar.h"

#include "app/models/jobs/redischeckcontroller.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QSettings>

namespace ratelab {

namespace {
const QColor kBad(0xD5, 0x5E, 0x00);  // as the counts selector's errors: readable in both themes
}  // namespace

RedisCheckBar::RedisCheckBar(QWidget* parent) : QObject(parent)
{
    m_action = new QAction(tr("Check against Redis"), this);
    m_action->setToolTip(tr("Decide every request of this scenario again with our Lua scripts in a live Redis and compare "
                            "each decision with the simulation's (the server: settings, or RATELAB_REDIS_URL)"));
    m_status = new QLabel(parent);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->hide();
    m_controller = new RedisCheckController(this);
    connect(m_action, &QAction::triggered, this, &RedisCheckBar::clicked);
    connect(m_controller, &RedisCheckController::runningChanged, this,
            [this](bool running) { m_action->setText(running ? tr("Cancel check") : tr("Check against Redis")); });
    connect(m_controller, &RedisCheckController::progress, this, [this](quint64, int permille, const QString& lane) {
        show(tr("Checking against Redis: %1, %2%").arg(lane).arg(permille / 10), false);
    });
    connect(m_controller, &RedisCheckController::finished, this, [this](quint64, std::shared_ptr<const RedisCheck> check) {
        if (!m_askedUrl.isEmpty())
            QSettings().setValue(QStringLiteral("redis/url"), m_askedUrl);
        m_askedUrl.clear();
        show(RedisCheckController::summary(*check), !RedisCheckController::differingLanes(*check).isEmpty());
    });
    connect(m_controller, &RedisCheckController::failed, this, [this](quint64, const QString& message) {
        m_askedUrl.clear();
        show(tr("Cannot check against Redis: %1").arg(message), true);
    });
    connect(m_controller, &RedisCheckController::cancelled, this, [this](quint64) { show(tr("Check cancelled"), false); });
}

void RedisCheckBar::setScenario(std::shared_ptr<const Scenario> scenario)
{
    if (scenario == m_scenario)
        return;
    m_scenario = std::move(scenario);
    if (m_controller->isRunning())
        m_controller->cancel();
    m_status->clear();
    m_status->hide();
    m_action->setEnabled(m_scenario != nullptr);
}

void RedisCheckBar::clicked()
{
    if (m_controller->isRunning()) {
        m_controller->cancel();
        return;
    }
    QString url = RedisCheckController::configuredUrl();
    if (url.isEmpty()) {
        bool ok = false;
        url = QInputDialog::getText(m_status->window(), tr("Check against Redis"), tr("Redis URL (redis://HOST[:PORT][/DB]):"),
                                    QLineEdit::Normal, QStringLiteral("redis://127.0.0.1:6379"), &ok)
                  .trimmed();
        if (!ok || url.isEmpty())
            return;
        m_askedUrl = url;  // kept once a check through it has finished, so a mistyped one asks again
    }
    check(url);
}

void RedisCheckBar::check(const QString& url)
{
    if (m_scenario)
        m_controller->start(m_scenario, url);
}

void RedisCheckBar::setDark(bool)
{
    show(m_status->text(), m_bad);
}

void RedisCheckBar::show(const QString& text, bool bad)
{
    m_bad = bad;
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
    QPalette p = m_status->palette();
    p.setColor(QPalette::WindowText, bad ? kBad : m_status->parentWidget()->palette().color(QPalette::WindowText));
    m_status->setPalette(p);
}

}  // namespace ratelab
