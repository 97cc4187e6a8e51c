// AtomicFile (engine/core/atomicfile.h): a file replaced whole or not at all, permissions and
// symbolic links kept, devices written in place, errors told apart as faults or bad paths;
// sameFile through links and spellings.

#include "engine/core/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

using namespace ratelab;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

void writeAll(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

std::string s(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

}  // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT

private slots:
    void commitReplacesWhole()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.txt");
        writeAll(path, "old");
        {
            AtomicFile file(s(path));
            file.write("new ");
            file.write("text");
            QCOMPARE(readAll(path), QByteArray("old"));  // not before commit
            QCOMPARE(entries(dir.path()).size(), 2);     // the file and its temporary
            file.commit();
        }
        QCOMPARE(readAll(path), QByteArray("new text"));
        QCOMPARE(entries(dir.path()), QStringList{"out.txt"});
    }

    void uncommittedLeavesTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.txt");
        writeAll(path, "old");
        {
            AtomicFile file(s(path));
            file.write("partial");
        }
        QCOMPARE(readAll(path), QByteArray("old"));
        QCOMPARE(entries(dir.path()), QStringList{"out.txt"});
        {
            AtomicFile fresh(s(dir.filePath("new.txt")));  // never committed: never there
        }
        QCOMPARE(entries(dir.path()), QStringList{"out.txt"});
    }

    void keepsPermissionsAndLinks()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("target.txt");
        const QString link = dir.filePath("link.txt");
        writeAll(target, "old");
        QCOMPARE(::chmod(QFile::encodeName(target).constData(), 0640), 0);
        QVERIFY(QFile::link(target, link));
        AtomicFile file(s(link));
        file.write("through the link");
        file.commit();
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readAll(target), QByteArray("through the link"));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(target).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
    }

    void devicesAreWrittenInPlace()
    {
        AtomicFile null("/dev/null");
        null.write("gone");
        null.commit();  // no rename over /dev/null
        QVERIFY(QFileInfo("/dev/null").exists());
        AtomicFile full("/dev/full");
        try {
            full.write("no room");
            QFAIL("a write to /dev/full succeeded");
        } catch (const FileError& e) {
            QCOMPARE(e.error(), ENOSPC);
            QVERIFY(e.fault());
            QCOMPARE(QString(e.what()), QString("writing /dev/full: ") + strerror(ENOSPC));
        }
    }

    void unusablePathsAreNotFaults()
    {
        QTemporaryDir dir;
        try {
            AtomicFile file(s(dir.filePath("no/such/dir/out.txt")));
            QFAIL("created a file in a missing directory");
        } catch (const FileError& e) {
            QCOMPARE(e.error(), ENOENT);
            QVERIFY(!e.fault());
        }
        try {
            AtomicFile file(s(dir.path()));
            QFAIL("replaced a directory");
        } catch (const FileError& e) {
            QCOMPARE(e.error(), EISDIR);
            QVERIFY(!e.fault());
        }
        QVERIFY(isSystemFault(ENOSPC) && isSystemFault(EFBIG) && isSystemFault(EPIPE) && isSystemFault(EIO));
        QVERIFY(!isSystemFault(ENOENT) && !isSystemFault(EACCES) && !isSystemFault(EISDIR));
    }

    void sameFileThroughLinksAndSpellings()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath("a.txt");
        writeAll(a, "x");
        QVERIFY(QDir(dir.path()).mkdir("sub"));
        QCOMPARE(::link(QFile::encodeName(a).constData(), QFile::encodeName(dir.filePath("hard.txt")).constData()), 0);
        QVERIFY(QFile::link(a, dir.filePath("soft.txt")));
        QVERIFY(sameFile(s(a), s(a)));
        QVERIFY(sameFile(s(a), s(dir.path() + "/sub/../a.txt")));
        QVERIFY(sameFile(s(a), s(dir.filePath("hard.txt"))));
        QVERIFY(sameFile(s(dir.filePath("soft.txt")), s(a)));
        writeAll(dir.filePath("b.txt"), "x");
        QVERIFY(!sameFile(s(a), s(dir.filePath("b.txt"))));  // equal bytes, another file
        // Files still to be created compare by where they would be.
        QVERIFY(sameFile(s(dir.filePath("new.txt")), s(dir.path() + "/sub/../new.txt")));
        QVERIFY(!sameFile(s(dir.filePath("new.txt")), s(dir.filePath("other.txt"))));
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
