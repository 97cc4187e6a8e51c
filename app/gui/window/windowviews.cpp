#include "app/gui/window/windowviews.h"

#include "app/gui/views/cluster/clusterview.h"
#include "app/gui/views/compare/compareview.h"
#include "app/gui/views/learn/learnview.h"
#include "app/gui/views/logs/logsview.h"

#include <QMenu>
#include <QTabBar>
#include <QTabWidget>

namespace ratelab {

WindowViews::WindowViews(QWidget* window) : QObject(window)
{
    m_tabs = new QTabWidget(window);
    m_tabs->tabBar()->setAccessibleName(tr("Views"));
    m_tabs->setDocumentMode(true);
    m_compare = new CompareView(m_tabs);
    m_learn = new LearnView(m_tabs);
    m_logs = new LogsView(m_tabs);
    m_cluster = new ClusterView(m_tabs);
    m_tabs->addTab(m_compare, tr("Compare"));
    m_tabs->addTab(m_learn, tr("Learn"));
    m_tabs->addTab(m_logs, tr("Logs"));
    m_tabs->addTab(m_cluster, tr("Cluster"));
    connect(m_compare, &CompareView::ready, this, &WindowViews::readyChanged);
    connect(m_learn, &LearnView::ready, this, &WindowViews::readyChanged);
    connect(m_logs, &LogsView::ready, this, &WindowViews::readyChanged);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        showLearnIfStale();
        if (m_tabs->currentWidget() == m_logs)
            m_logs->ensureLogLoaded();
        emit readyChanged();
    });
}

void WindowViews::setView(View view)
{
    m_tabs->setCurrentIndex(int(view));
}

WindowViews::View WindowViews::view() const
{
    return View(m_tabs->currentIndex());
}

std::optional<WindowViews::View> WindowViews::parse(const QString& name)
{
    if (name == QLatin1String("compare"))
        return View::Compare;
    if (name == QLatin1String("learn"))
        return View::Learn;
    if (name == QLatin1String("logs"))
        return View::Logs;
    if (name == QLatin1String("cluster"))
        return View::Cluster;
    return std::nullopt;
}

void WindowViews::addViewActions(QMenu* menu)
{
    const QStringList names{tr("&Compare"), tr("&Learn"), tr("Lo&gs"), tr("Cl&uster")};
    for (int i = 0; i < names.size(); ++i) {
        QAction* a = menu->addAction(names[i], this, [this, i] { m_tabs->setCurrentIndex(i); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }
}

void WindowViews::showRun(const std::shared_ptr<const Report>& report, const std::shared_ptr<const Scenario>& scenario)
{
    m_compare->setReport(report, scenario, QString::fromStdString(report->scenario.name), report->scenario.seed);
    m_cluster->setRun(report, scenario);
    m_learnScenario = scenario;
    m_learnStale = true;
    showLearnIfStale();
}

// The Learn view traces on demand: now if it is showing, else when it is next opened.
void WindowViews::showLearnIfStale()
{
    if (m_tabs->currentWidget() == m_learn && m_learnStale && m_learnScenario) {
        m_learnStale = false;
        m_learn->setScenario(m_learnScenario);
    }
}

void WindowViews::setDark(bool dark)
{
    m_compare->setDark(dark);
    m_learn->setDark(dark);
    m_logs->setDark(dark);
    m_cluster->setDark(dark);
}

bool WindowViews::isReady() const
{
    if (!m_compare->isReady())
        return false;
    if (m_tabs->currentWidget() == m_learn)
        return !m_learnStale && m_learn->isReady();
    if (m_tabs->currentWidget() == m_logs)
        return m_logs->isReady();
    return true;
}

}  // namespace ratelab
