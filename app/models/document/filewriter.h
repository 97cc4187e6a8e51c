#pragma once
// Every file the app writes goes through here, so that a failed write (a full disk, a
// read-only directory) can neither pass for a success nor destroy what was there: the bytes
// go to a temporary file beside the target (QSaveFile), which replaces the target only once
// every byte is written. A device or a pipe (/dev/full, /dev/stdout), which a rename cannot
// replace, is written directly, every byte checked. A failure comes back as one line for
// the user: "Cannot write /home/ann/report.json: No space left on device".

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QSaveFile>
#include <QString>

namespace ratelab {

class FileWriter {
public:
    explicit FileWriter(const QString& path);
    FileWriter(const FileWriter&) = delete;
    FileWriter& operator=(const FileWriter&) = delete;

    // The device to write into, or nullptr when the file cannot be created (error() says why).
    QIODevice* open();
    // Puts the file in place: true when every byte written is there. Otherwise the target
    // is as it was (a device: what it took), nothing is left beside it, and error() says why.
    bool commit();
    // Gives up on the file (what wrote it failed): the target stays as it was. error() then
    // says why: the OS reason if a write failed, else `reason`.
    void cancel(const QString& reason);
    // "Cannot write PATH: REASON" after open() or commit() failed; else empty.
    QString error() const { return m_error; }

private:
    // What open() hands out: each write goes to the file whole or fails. The OS can take a
    // write in part (up to a full disk, or a file size limit) and Qt then returns the short
    // count without an error; the rest is written again, so that the call that fails says why.
    class WholeWrites final : public QIODevice {
    public:
        explicit WholeWrites(QFileDevice& file) : m_file(file) {}
        QString failure() const { return m_failure; }

    protected:
        qint64 readData(char*, qint64) override { return -1; }
        qint64 writeData(const char* data, qint64 length) override;

    private:
        QFileDevice& m_file;
        QString m_failure;  // the OS reason of the first failed write
    };

    QFileDevice& file() { return m_direct ? static_cast<QFileDevice&>(m_directFile) : m_saveFile; }
    void fail(const QString& reason);

    QString m_path;
    bool m_direct;  // a device or a pipe, written in place
    QSaveFile m_saveFile;
    QFile m_directFile;
    WholeWrites m_out;
    QString m_error;
};

// Writes `bytes` to `path` through a FileWriter; false, with its error() in `error`, on failure.
bool writeFile(const QString& path, const QByteArray& bytes, QString* error);

}  // namespace ratelab
