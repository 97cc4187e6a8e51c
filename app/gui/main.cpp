// ratelab [SCENARIO.json] [--view compare|learn|logs|cluster] [--log FILE] [--screenshot FILE.png]
//         [--theme system|light|dark] [--size WxH] [--key KEY] [--bucket 10ms|...|1s]
//         [--range FROM-TO] [--strips] [--dock algorithms|traffic|settings]
//         [--dialog tour:N|import:file|import:key|import:run]
// --key, --bucket and --range (seconds from the run's start) pick Compare's key and bucket and
// zoom its chart A; --strips draws chart A as one strip per algorithm; --dock opens a tab of
// the scenario dock. --dialog opens the first-run tour at step N (1-5) or the import wizard on
// the bundled sample at a page over the window before --screenshot renders both
// (app/gui/window/screenshotdialog.h).
// With --screenshot: run, wait for the result, render the window (1600 x 1000 unless --size)
// to FILE.png and exit 0; works under QT_QPA_PLATFORM=offscreen. A bad scenario exits 2 with
// its problems on stderr; a failed run, or a screenshot that cannot be written, exits 1 with
// the reason.

#include "app/gui/parts/countsselector.h"
#include "app/gui/views/compare/comparebar.h"
#include "app/gui/views/compare/compareview.h"
#include "app/gui/window/mainwindow.h"
#include "app/gui/window/scenariodock.h"
#include "app/gui/window/screenshotdialog.h"
#include "app/gui/window/windowhelp.h"
#include "app/gui/window/windowtheme.h"
#include "app/models/document/filewriter.h"
#include "app/models/document/scenariofiles.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDialog>
#include <QFile>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <variant>

using ratelab::MainWindow;
using ratelab::WindowTheme;

namespace {

// What the command line asks for, checked.
struct Options {
    MainWindow::View view = MainWindow::View::Compare;
    QSize size;
    QString path;                       // the scenario file; empty: the embedded default
    std::optional<QString> screenshot;  // the PNG to write; none: run the app
    std::optional<WindowTheme::Theme> theme;
    std::optional<std::string> key;                                        // Compare's key
    ratelab::Duration bucketUs = 0;                                        // Compare's bucket; 0: the report's
    std::optional<std::pair<ratelab::SimTime, ratelab::SimTime>> rangeUs;  // Compare's zoom
    bool strips = false;                                                   // Compare's chart A as strips
    std::optional<QString> log;                                            // an access log for the Logs view
    int dockTab = 0;                                                       // the scenario dock's tab
    QString dialog;                                                        // --dialog for --screenshot
};

// --bucket and --range, checked; false with the problem on stderr.
bool parseCompareOptions(const QString& bucket, const QString& range, Options& options)
{
    if (!bucket.isEmpty()) {
        std::string error;
        const auto us = ratelab::parseDuration(bucket.toStdString(), error);
        const auto& choices = ratelab::CountsSelector::kBuckets;
        if (!us || std::find(std::begin(choices), std::end(choices), *us) == std::end(choices)) {
            std::fprintf(stderr, "ratelab: --bucket: expected 10ms, 50ms, 100ms, 250ms or 1s\n");
            return false;
        }
        options.bucketUs = *us;
    }
    if (!range.isEmpty()) {
        const QStringList ends = range.split(QLatin1Char('-'));
        bool fromOk = false, toOk = false;
        const double from = ends.size() == 2 ? ends[0].toDouble(&fromOk) : 0;
        const double to = ends.size() == 2 ? ends[1].toDouble(&toOk) : 0;
        if (!fromOk || !toOk || !(to > from) || from < 0) {
            std::fprintf(stderr, "ratelab: --range: expected FROM-TO in seconds, e.g. 0.5-3.5\n");
            return false;
        }
        options.rangeUs = std::make_pair(ratelab::SimTime(std::llround(from * 1e6)), ratelab::SimTime(std::llround(to * 1e6)));
    }
    return true;
}

// The options, or the exit code when they are wrong (2, the problem on stderr).
// --dialog, --dock and --theme (empty: not given), checked; false with the problem on stderr.
bool parseShownOptions(const QString& dock, const QString& theme, Options& options)
{
    if (!options.dialog.isEmpty() && (!ratelab::screenshotdialog::valid(options.dialog) || !options.screenshot)) {
        std::fprintf(stderr,
                     "ratelab: --dialog: expected tour:1 to tour:5, import:file, import:key or import:run, with --screenshot\n");
        return false;
    }
    options.dockTab =
        QStringList{QStringLiteral("algorithms"), QStringLiteral("traffic"), QStringLiteral("settings")}.indexOf(dock);
    if (options.dockTab < 0) {
        std::fprintf(stderr, "ratelab: --dock: expected algorithms, traffic or settings\n");
        return false;
    }
    if (theme == QLatin1String("dark"))
        options.theme = WindowTheme::Theme::Dark;
    else if (theme == QLatin1String("light"))
        options.theme = WindowTheme::Theme::Light;
    else if (theme == QLatin1String("system"))
        options.theme = WindowTheme::Theme::System;
    else if (!theme.isEmpty()) {
        std::fprintf(stderr, "ratelab: --theme: expected system, light or dark\n");
        return false;
    }
    return true;
}

// --log: a file that opens; false with the reason on stderr.
bool parseLogOption(const QString& path, Options& options)
{
    QFile log(path);
    if (!log.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "ratelab: --log %s: %s\n", qPrintable(log.fileName()), qPrintable(log.errorString()));
        return false;
    }
    options.log = log.fileName();
    return true;
}

std::variant<Options, int> parseOptions(const QApplication& app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("RateLab: a laboratory for API rate limiting"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QStringLiteral("Scenario JSON file (default: the embedded default scenario)"),
                                 QStringLiteral("[SCENARIO.json]"));
    const QCommandLineOption viewOption(QStringLiteral("view"), QStringLiteral("View to show: compare, learn, logs or cluster."),
                                        QStringLiteral("view"), QStringLiteral("compare"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"), QStringLiteral("Run, render the window to FILE.png and exit."), QStringLiteral("file"));
    const QCommandLineOption themeOption(QStringLiteral("theme"), QStringLiteral("system, light or dark."),
                                         QStringLiteral("theme"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Window size for --screenshot, e.g. 1600x1000."),
                                        QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption keyOption(QStringLiteral("key"), QStringLiteral("Compare: chart A and B for this key."),
                                       QStringLiteral("key"));
    const QCommandLineOption bucketOption(QStringLiteral("bucket"),
                                          QStringLiteral("Compare: chart A's bucket, 10ms, 50ms, 100ms, 250ms or 1s."),
                                          QStringLiteral("duration"));
    const QCommandLineOption rangeOption(QStringLiteral("range"),
                                         QStringLiteral("Compare: zoom chart A to FROM-TO seconds from the start."),
                                         QStringLiteral("FROM-TO"));
    const QCommandLineOption stripsOption(QStringLiteral("strips"),
                                          QStringLiteral("Compare: chart A as one strip per algorithm."));
    const QCommandLineOption logOption(QStringLiteral("log"), QStringLiteral("Import this access log into the Logs view."),
                                       QStringLiteral("file"));
    const QCommandLineOption dockOption(QStringLiteral("dock"),
                                        QStringLiteral("The scenario dock's tab: algorithms, traffic or settings."),
                                        QStringLiteral("tab"), QStringLiteral("algorithms"));
    const QCommandLineOption dialogOption(
        QStringLiteral("dialog"),
        QStringLiteral("With --screenshot: render this dialog over the window: tour:1 to tour:5, import:file, import:key or "
                       "import:run."),
        QStringLiteral("name"));
    parser.addOptions({viewOption, screenshotOption, themeOption, sizeOption, keyOption, bucketOption, rangeOption, stripsOption,
                       logOption, dockOption, dialogOption});
    parser.process(app);

    Options options;
    const auto view = ratelab::WindowViews::parse(parser.value(viewOption));
    if (!view) {
        std::fprintf(stderr, "ratelab: --view: unknown view '%s' (compare, learn, logs, cluster)\n",
                     qPrintable(parser.value(viewOption)));
        return 2;
    }
    options.view = *view;
    const QStringList sizeParts = parser.value(sizeOption).split(QLatin1Char('x'));
    options.size = sizeParts.size() == 2 ? QSize(sizeParts[0].toInt(), sizeParts[1].toInt()) : QSize();
    if (!options.size.isValid() || options.size.width() < 400 || options.size.height() < 300) {
        std::fprintf(stderr, "ratelab: --size: expected WxH, e.g. 1600x1000\n");
        return 2;
    }
    if (parser.positionalArguments().size() > 1) {
        std::fprintf(stderr, "ratelab: expected at most one scenario file\n");
        return 2;
    }
    if (!parser.positionalArguments().isEmpty())
        options.path = parser.positionalArguments().front();
    if (parser.isSet(screenshotOption))
        options.screenshot = parser.value(screenshotOption);
    if (parser.isSet(keyOption))
        options.key = parser.value(keyOption).toStdString();
    if (parser.isSet(dialogOption))
        options.dialog = parser.value(dialogOption);
    options.strips = parser.isSet(stripsOption);
    const bool parsed = parseShownOptions(parser.value(dockOption), parser.value(themeOption), options)
        && parseCompareOptions(parser.value(bucketOption), parser.value(rangeOption), options)
        && (!parser.isSet(logOption) || parseLogOption(parser.value(logOption), options));
    return parsed ? std::variant<Options, int>(options) : 2;
}

// The scenario to open: the file, or the embedded default when `path` is empty. Nothing when
// it does not load, its problems then on stderr.
std::optional<ratelab::Scenario> loadScenario(const QString& path)
{
    namespace files = ratelab::scenariofiles;
    const files::Loaded loaded = path.isEmpty() ? files::loadDefault() : files::loadFile(path);
    if (loaded.scenario)
        return loaded.scenario;
    if (loaded.invalid) {
        std::fprintf(stderr, "ratelab: %s: invalid scenario\n",
                     loaded.source.isEmpty() ? qPrintable(path) : qPrintable(loaded.source));
        for (const QString& problem : loaded.problems)
            std::fprintf(stderr, "  %s\n", qPrintable(problem));
    } else {
        std::fprintf(stderr, "ratelab: %s: %s\n", qPrintable(path), qPrintable(loaded.problems.join(QLatin1Char(' '))));
    }
    return std::nullopt;
}

// Compare's key and bucket at once; its zoom once the first result is on screen (the range
// needs the run's length).
void applyCompareOptions(MainWindow& window, const Options& options)
{
    ratelab::CompareView* compare = window.views().compare();
    if (options.key)
        compare->bar().selector()->setKey(options.key);
    if (options.bucketUs > 0)
        compare->bar().selector()->setBucket(options.bucketUs);
    compare->bar().selector()->setStrips(options.strips);
    window.scenarioDock()->tabs()->setCurrentIndex(options.dockTab);
    if (!options.rangeUs)
        return;
    auto* zoom = new QObject(&window);  // deleted with the first result: one zoom
    QObject::connect(&window, &MainWindow::settled, zoom, [compare, zoom, range = *options.rangeUs] {
        compare->zoomTo(range.first, range.second);
        zoom->deleteLater();
    });
}

// --screenshot: runs `scenario` in `window` at `size`, renders the window to `out` once the
// result is on screen and exits 0; a failed run or write exits 1 with the reason on stderr.
int takeScreenshot(MainWindow& window, const Options& options, const ratelab::Scenario& scenario)
{
    const QSize& size = options.size;
    const QString& out = *options.screenshot;
    window.resize(size);
    window.show();
    int exitCode = -1;
    const auto finish = [&](int code) {
        if (exitCode < 0) {
            exitCode = code;
            QApplication::exit(code);
        }
    };
    QDialog* dialog = nullptr;
    const auto render = [&] {
        // Let layouts and the 40 ms chart refresh settle before rendering.
        QTimer::singleShot(300, &window, [&] {
            // Encoded in memory, then written: when a write fails inside libpng, Qt leaks its
            // copy of the image.
            QByteArray png;
            QBuffer buffer(&png);
            QString error = QStringLiteral("cannot render the window as PNG");
            const QImage image = dialog ? ratelab::screenshotdialog::compose(window, *dialog) : window.grab().toImage();
            if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG") || !ratelab::writeFile(out, png, &error)) {
                std::fprintf(stderr, "ratelab: --screenshot: %s\n", qPrintable(error));
                finish(1);
                return;
            }
            finish(0);
        });
    };
    bool opened = false;  // the dialog, once: the tour's steps switch views, which settle again
    QObject::connect(&window, &MainWindow::settled, &window, [&] {
        if (!window.isSettled() || opened)  // a zoom (--range) started counting: its result settles again
            return;
        if (options.dialog.isEmpty())
            return render();
        opened = true;
        dialog = ratelab::screenshotdialog::open(window, options.dialog, render);
    });
    QObject::connect(&window, &MainWindow::runFailed, &window, [&](const QString& message) {
        std::fprintf(stderr, "ratelab: run failed: %s\n", qPrintable(message));
        finish(1);
    });
    QTimer::singleShot(300'000, &window, [&] {
        std::fprintf(stderr, "ratelab: --screenshot: timed out waiting for the run\n");
        finish(1);
    });
    window.openScenario(scenario, options.path);
    return QApplication::exec();
}

}  // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("RateLab"));
    QApplication::setOrganizationName(QStringLiteral("RateLab"));
    QApplication::setApplicationVersion(QStringLiteral(RATELAB_VERSION));

    const auto parsed = parseOptions(app);
    if (const int* exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const Options& options = std::get<Options>(parsed);
    const std::optional<ratelab::Scenario> scenario = loadScenario(options.path);
    if (!scenario)
        return 2;

    // A screenshot neither reads nor writes the user's settings (recent files, theme, Redis URL):
    // they go to a folder of its own, removed on exit, so it renders the same for everyone.
    std::optional<QTemporaryDir> screenshotSettings;
    if (options.screenshot) {
        screenshotSettings.emplace();
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, screenshotSettings->path());
    }

    MainWindow window;
    if (options.theme)
        window.theme().setTheme(*options.theme);
    window.views().setView(options.view);
    applyCompareOptions(window, options);
    if (options.log)
        window.openLog(*options.log);

    if (!options.screenshot) {
        window.resize(1600, 1000);
        window.show();
        window.openScenario(*scenario, options.path);
        window.help().startTourIfFirstRun();
        return app.exec();
    }
    return takeScreenshot(window, options, *scenario);
}
