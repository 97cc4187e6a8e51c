// ratelab [SCENARIO.json] [--view compare|learn|logs|cluster] [--screenshot FILE.png]
//         [--theme system|light|dark] [--size WxH]
// With --screenshot: run, wait for the result, render the window (1600 x 1000 unless --size)
// to FILE.png and exit 0; works under QT_QPA_PLATFORM=offscreen. A bad scenario exits 2 with
// its problems on stderr; a failed run, or a screenshot that cannot be written, exits 1 with
// the reason.

#include "app/gui/window/mainwindow.h"
#include "app/models/filewriter.h"
#include "app/models/scenariofiles.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>
#include <optional>
#include <variant>

using ratelab::MainWindow;

namespace {

// What the command line asks for, checked.
struct Options {
    MainWindow::View view = MainWindow::View::Compare;
    QSize size;
    QString path;                       // the scenario file; empty: the embedded default
    std::optional<QString> screenshot;  // the PNG to write; none: run the app
    std::optional<MainWindow::Theme> theme;
};

// The options, or the exit code when they are wrong (2, the problem on stderr).
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
    parser.addOptions({viewOption, screenshotOption, themeOption, sizeOption});
    parser.process(app);

    Options options;
    const auto view = MainWindow::parseView(parser.value(viewOption));
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
    if (parser.isSet(themeOption)) {
        const QString theme = parser.value(themeOption);
        if (theme == QLatin1String("dark"))
            options.theme = MainWindow::Theme::Dark;
        else if (theme == QLatin1String("light"))
            options.theme = MainWindow::Theme::Light;
        else if (theme == QLatin1String("system"))
            options.theme = MainWindow::Theme::System;
        else {
            std::fprintf(stderr, "ratelab: --theme: expected system, light or dark\n");
            return 2;
        }
    }
    return options;
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

// --screenshot: runs `scenario` in `window` at `size`, renders the window to `out` once the
// result is on screen and exits 0; a failed run or write exits 1 with the reason on stderr.
int takeScreenshot(MainWindow& window, const QSize& size, const QString& out, const ratelab::Scenario& scenario,
                   const QString& path)
{
    window.resize(size);
    window.show();
    int exitCode = -1;
    const auto finish = [&](int code) {
        if (exitCode < 0) {
            exitCode = code;
            QApplication::exit(code);
        }
    };
    QObject::connect(&window, &MainWindow::settled, &window, [&] {
        // Let layouts and the 40 ms chart refresh settle before rendering.
        QTimer::singleShot(300, &window, [&] {
            // Encoded in memory, then written: when a write fails inside libpng, Qt leaks its
            // copy of the image.
            QByteArray png;
            QBuffer buffer(&png);
            QString error = QStringLiteral("cannot render the window as PNG");
            if (!buffer.open(QIODevice::WriteOnly) || !window.grab().save(&buffer, "PNG")
                || !ratelab::writeFile(out, png, &error)) {
                std::fprintf(stderr, "ratelab: --screenshot: %s\n", qPrintable(error));
                finish(1);
                return;
            }
            finish(0);
        });
    });
    QObject::connect(&window, &MainWindow::runFailed, &window, [&](const QString& message) {
        std::fprintf(stderr, "ratelab: run failed: %s\n", qPrintable(message));
        finish(1);
    });
    QTimer::singleShot(300'000, &window, [&] {
        std::fprintf(stderr, "ratelab: --screenshot: timed out waiting for the run\n");
        finish(1);
    });
    window.openScenario(scenario, path);
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

    MainWindow window;
    if (options.theme)
        window.setTheme(*options.theme);
    window.setView(options.view);

    if (!options.screenshot) {
        window.resize(1600, 1000);
        window.show();
        window.openScenario(*scenario, options.path);
        return app.exec();
    }
    return takeScreenshot(window, options.size, *options.screenshot, *scenario, options.path);
}
