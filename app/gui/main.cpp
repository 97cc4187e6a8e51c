// ratelab [SCENARIO.json] [--view compare|learn|logs|cluster] [--screenshot FILE.png]
//         [--theme system|light|dark] [--size WxH]
// With --screenshot: run, wait for the result, render the window (1600 x 1000 unless --size)
// to FILE.png and exit 0; works under QT_QPA_PLATFORM=offscreen. A bad scenario exits 2 with
// its problems on stderr; a failed run, or a screenshot that cannot be written, exits 1 with
// the reason.

#include "app/gui/mainwindow.h"
#include "app/models/filewriter.h"
#include "engine/scenario/scenarioio.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

using ratelab::MainWindow;

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("RateLab"));
    QApplication::setOrganizationName(QStringLiteral("RateLab"));
    QApplication::setApplicationVersion(QStringLiteral(RATELAB_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("RateLab: a laboratory for API rate limiting"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("Scenario JSON file (default: the embedded default scenario)"),
                                 QStringLiteral("[SCENARIO.json]"));
    const QCommandLineOption viewOption(QStringLiteral("view"), QStringLiteral("View to show: compare, learn, logs or cluster."),
                                        QStringLiteral("view"), QStringLiteral("compare"));
    const QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
                                              QStringLiteral("Run, render the window to FILE.png and exit."), QStringLiteral("file"));
    const QCommandLineOption themeOption(QStringLiteral("theme"), QStringLiteral("system, light or dark."), QStringLiteral("theme"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Window size for --screenshot, e.g. 1600x1000."),
                                        QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    parser.addOptions({viewOption, screenshotOption, themeOption, sizeOption});
    parser.process(app);

    const auto view = MainWindow::parseView(parser.value(viewOption));
    if (!view) {
        std::fprintf(stderr, "ratelab: --view: unknown view '%s' (compare, learn, logs, cluster)\n",
                     qPrintable(parser.value(viewOption)));
        return 2;
    }
    const QStringList sizeParts = parser.value(sizeOption).split(QLatin1Char('x'));
    const QSize size = sizeParts.size() == 2 ? QSize(sizeParts[0].toInt(), sizeParts[1].toInt()) : QSize();
    if (!size.isValid() || size.width() < 400 || size.height() < 300) {
        std::fprintf(stderr, "ratelab: --size: expected WxH, e.g. 1600x1000\n");
        return 2;
    }
    if (parser.positionalArguments().size() > 1) {
        std::fprintf(stderr, "ratelab: expected at most one scenario file\n");
        return 2;
    }

    ratelab::Scenario scenario;
    QString path;
    try {
        if (parser.positionalArguments().isEmpty()) {
            scenario = ratelab::defaultScenario();
        } else {
            path = parser.positionalArguments().front();
            scenario = ratelab::loadScenarioFile(path.toStdString());
        }
    } catch (const ratelab::ScenarioError& e) {
        std::fprintf(stderr, "ratelab: %s: invalid scenario\n", e.source().empty() ? qPrintable(path) : e.source().c_str());
        for (const ratelab::ScenarioProblem& p : e.problems())
            std::fprintf(stderr, "  %s: %s\n", p.path.c_str(), p.message.c_str());
        if (e.problems().empty())
            std::fprintf(stderr, "  %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ratelab: %s: %s\n", qPrintable(path), e.what());
        return 2;
    }

    MainWindow window;
    if (parser.isSet(themeOption)) {
        const QString theme = parser.value(themeOption);
        if (theme == QLatin1String("dark"))
            window.setTheme(MainWindow::Theme::Dark);
        else if (theme == QLatin1String("light"))
            window.setTheme(MainWindow::Theme::Light);
        else if (theme == QLatin1String("system"))
            window.setTheme(MainWindow::Theme::System);
        else {
            std::fprintf(stderr, "ratelab: --theme: expected system, light or dark\n");
            return 2;
        }
    }
    window.setView(*view);

    if (!parser.isSet(screenshotOption)) {
        window.resize(1600, 1000);
        window.show();
        window.openScenario(scenario, path);
        return app.exec();
    }

    const QString out = parser.value(screenshotOption);
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
    return app.exec();
}
