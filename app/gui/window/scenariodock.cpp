#include "app/gui/window/scenariodock.h"

#include "app/gui/editors/algorithmlisteditor.h"
#include "app/gui/editors/algorithmparamseditor.h"
#include "app/gui/editors/scenarioform.h"
#include "app/gui/editors/trafficeditor.h"
#include "app/models/document/scenariofiles.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

ScenarioDock::ScenarioDock(ScenarioDocument* document, ScenarioDraft* draft, QWidget* parent)
    : QDockWidget(tr("Scenario"), parent), m_doc(document), m_draft(draft)
{
    setObjectName(QStringLiteral("scenarioDock"));
    setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(6);

    layout->addLayout(createExamplesRow(content));
    m_description = new QLabel(content);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_description);

    m_tabs = new QTabWidget(content);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(createAlgorithmsTab(), tr("Algorithms"));
    m_trafficEditor = new TrafficEditor(m_draft, m_tabs);
    m_tabs->addTab(m_trafficEditor, tr("Traffic"));
    m_tabs->addTab(createSettingsTab(), tr("Settings"));
    layout->addWidget(m_tabs);

    m_problems = new QLabel(content);
    m_problems->setObjectName(QStringLiteral("draftProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setStyleSheet(QStringLiteral("color: #D55E00;"));
    m_problems->hide();
    layout->addWidget(m_problems);
    layout->addStretch(1);
    connect(m_draft, &ScenarioDraft::problemsChanged, this, &ScenarioDock::showDraftProblems);

    auto* scroll = new QScrollArea(this);
    scroll->setAccessibleName(tr("Scenario"));
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    setWidget(scroll);
    setMinimumWidth(300);

    connect(m_doc, &ScenarioDocument::changed, this, &ScenarioDock::onDocumentChanged);
}

QLayout* ScenarioDock::createExamplesRow(QWidget* content)
{
    auto* exampleRow = new QHBoxLayout;
    exampleRow->addWidget(new QLabel(tr("Example:"), content));
    m_examples = new QComboBox(content);
    m_examples->setToolTip(tr("The scenarios shipped with RateLab, each staging one surprise"));
    m_examples->addItem(tr("(choose…)"));
    m_examples->addItems(scenariofiles::exampleNames());
    exampleRow->addWidget(m_examples, 1);
    connect(m_examples, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            emit exampleRequested(m_examples->itemText(index));
        m_examples->setCurrentIndex(0);
    });
    return exampleRow;
}

// The list over the selected algorithm's parameters: pending edits are committed before the
// selection or the list changes and dropped before a removal.
QWidget* ScenarioDock::createAlgorithmsTab()
{
    auto* tab = new QWidget(m_tabs);
    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 6, 0, 0);
    m_algorithms = new AlgorithmListEditor(m_doc, tab);
    layout->addWidget(m_algorithms);
    m_params = new AlgorithmParamsEditor(m_doc, m_draft, tab);
    layout->addWidget(m_params);
    layout->addStretch(1);
    connect(m_algorithms, &AlgorithmListEditor::aboutToEdit, m_params, &AlgorithmParamsEditor::commitNow);
    connect(m_algorithms, &AlgorithmListEditor::aboutToRemove, m_params, &AlgorithmParamsEditor::discardPending);
    connect(m_algorithms, &AlgorithmListEditor::selectionChanged, m_params, &AlgorithmParamsEditor::edit);
    connect(m_params, &AlgorithmParamsEditor::validityChanged, this, &ScenarioDock::validityChanged);
    return tab;
}

void ScenarioDock::onDocumentChanged(bool structural)
{
    if (structural) {
        m_algorithms->rebuild();
        m_params->edit(m_algorithms->selected());
    } else {
        m_params->syncValues();
    }
    const Scenario& s = m_doc->scenario();
    m_description->setText(s.description.empty() ? QString() : QString::fromStdString(s.description));
    m_description->setVisible(!s.description.empty());
    m_cluster->setText(s.cluster ? tr("Remove the cluster") : tr("Add a cluster"));
}

// Everything but the algorithms, the traffic and the cluster: name, seed, duration, keys,
// clients' retries, metrics, endpoints, a backend model.
QWidget* ScenarioDock::createSettingsTab()
{
    auto* tab = new QWidget(m_tabs);
    auto* v = new QVBoxLayout(tab);
    v->setContentsMargins(0, 6, 0, 0);
    m_settings = new ScenarioForm(m_draft, tab);
    m_settings->setObjectPath(QString(),
                              {QStringLiteral("schema"), QStringLiteral("algorithms"), QStringLiteral("traffic"),
                               QStringLiteral("population"), QStringLiteral("cluster")});
    v->addWidget(m_settings);
    auto* clusterRow = new QHBoxLayout;
    auto* clusterNote = new QLabel(tr("The cluster is edited on the Cluster view's topology."), tab);
    clusterNote->setWordWrap(true);
    clusterRow->addWidget(clusterNote, 1);
    m_cluster = new QToolButton(tab);
    m_cluster->setToolTip(tr("Run the scenario on several instances sharing a store, or on one"));
    connect(m_cluster, &QToolButton::clicked, this, [this] {
        const bool add = !m_doc->scenario().cluster;
        m_draft->apply(scenarioedits::withCluster(m_doc->scenario(), add, m_draft->baseDir()),
                       add ? tr("Add a cluster") : tr("Remove the cluster"));
    });
    clusterRow->addWidget(m_cluster);
    v->addLayout(clusterRow);
    v->addStretch(1);
    return tab;
}

void ScenarioDock::showDraftProblems()
{
    QStringList lines;
    const QMap<QString, QString>& problems = m_draft->problems();
    for (auto it = problems.cbegin(); it != problems.cend(); ++it)
        lines << QStringLiteral("%1: %2").arg(it.key().isEmpty() ? tr("scenario") : it.key(), it.value()).toHtmlEscaped();
    m_problems->setText(lines.isEmpty() ? QString()
                                        : tr("<b>Not valid, not run:</b><br>%1").arg(lines.join(QStringLiteral("<br>"))));
    m_problems->setVisible(!lines.isEmpty());
}

bool ScenarioDock::paramsValid() const
{
    return m_params->isValid();
}

void ScenarioDock::setDark(bool dark)
{
    m_algorithms->setDark(dark);
}

}  // namespace ratelab
