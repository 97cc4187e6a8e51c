// FileWriter, through which the app writes every file: the bytes land whole; a write that
// fails (a full device, a disk that fills up, a missing directory) is reported with the OS
// reason and leaves the previous file as it was, with nothing left beside it.
#include "app/models/document/filewriter.h"
#include "tests/models/filesizelimit.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <cstring>

using namespace ratelab;

namespace {

QByteArray contentOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

QString reason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// 100 KB, more than any buffer between the writer and the file.
QByteArray bigText()
{
    QByteArray text;
    for (int i = 0; text.size() < 100'000; ++i)
        text += "line " + QByteArray::number(i) + "\n";
    return text;
}

}  // namespace

class TestFileWriter : public QObject {
    Q_OBJECT
private slots:
    void writesNewAndExistingFiles()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.json"));
        QString error;
        QVERIFY(writeFile(path, "first", &error));
        QCOMPARE(contentOf(path), QByteArray("first"));
        QVERIFY(writeFile(path, bigText(), &error));
        QCOMPARE(contentOf(path), bigText());
        QVERIFY(error.isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("report.json")});
    }

    // /dev/full takes nothing: ENOSPC on every write, as a full disk. It is a device, written
    // in place: a rename would replace it with a regular file.
    void fullDeviceFails_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("a few bytes") << QByteArray("{}\n");
        QTest::newRow("100 KB") << bigText();
    }

    void fullDeviceFails()
    {
        QFETCH(QByteArray, bytes);
        QVERIFY(QFileInfo::exists(QStringLiteral("/dev/full")));
        QString error;
        QVERIFY(!writeFile(QStringLiteral("/dev/full"), bytes, &error));
        QCOMPARE(error, QStringLiteral("Cannot write /dev/full: ") + reason(ENOSPC));
        QVERIFY(!QFileInfo(QStringLiteral("/dev/full")).isFile());

        // The same through the device, as an image or SVG writer uses it.
        FileWriter writer(QStringLiteral("/dev/full"));
        QIODevice* out = writer.open();
        QVERIFY(out);
        out->write(bytes);
        QVERIFY(!writer.commit());
        QCOMPARE(writer.error(), QStringLiteral("Cannot write /dev/full: ") + reason(ENOSPC));
    }

    // The disk fills up after 4,096 bytes of the new content: the previous file stays whole
    // (a write in place left it cut to 4,096 bytes), and the partial copy is removed.
    void failedWriteKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.json"));
        const QByteArray previous = "{\"previous\": true}\n";
        QVERIFY(writeFile(path, previous, nullptr));
        QString error;
        bool written = true;
        {
            const test::FileSizeLimit full(4096);
            QVERIFY(full.isSet());
            written = writeFile(path, bigText(), &error);
        }
        QVERIFY(!written);
        QCOMPARE(error, QStringLiteral("Cannot write %1: %2").arg(path, reason(EFBIG)));
        QCOMPARE(contentOf(path), previous);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("report.json")});
    }

    void missingDirectoryFails()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("no-such-directory/report.json"));
        FileWriter writer(path);
        QVERIFY(!writer.open());
        QVERIFY2(writer.error().startsWith(QStringLiteral("Cannot write %1: ").arg(path)), qPrintable(writer.error()));
        QVERIFY2(writer.error().size() > QStringLiteral("Cannot write %1: ").arg(path).size(), qPrintable(writer.error()));
        QVERIFY(!writer.commit());
        QString error;
        QVERIFY(!writeFile(path, "x", &error));
        QCOMPARE(error, writer.error());
    }
};

QTEST_GUILESS_MAIN(TestFileWriter)
#include "tst_filewriter.moc"
