#include "app/models/document/filewriter.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace ratelab {

namespace {
// A path that exists and is neither a regular file nor a directory (a symbolic link counts as
// what it points to): a device, a pipe or a socket.
bool isSpecialFile(const QString& path)
{
    const QFileInfo info(path);
    return info.exists() && !info.isFile() && !info.isDir();
}
}  // namespace

qint64 FileWriter::WholeWrites::writeData(const char* data, qint64 length)
{
    if (!m_failure.isEmpty())
        return -1;
    for (qint64 done = 0; done < length;) {
        const qint64 n = m_file.write(data + done, length - done);
        if (n <= 0) {
            m_failure = m_file.errorString();
            setErrorString(m_failure);
            return -1;
        }
        done += n;
    }
    return length;
}

FileWriter::FileWriter(const QString& path)
    : m_path(path), m_direct(isSpecialFile(path)), m_saveFile(path), m_directFile(path), m_out(file())
{}

QIODevice* FileWriter::open()
{
    // Unbuffered: every write reaches the OS in WholeWrites, where its failure is seen.
    if (!file().open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        fail(file().errorString());
        return nullptr;
    }
    m_out.open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    return &m_out;
}

bool FileWriter::commit()
{
    if (!m_out.isOpen())
        return false;
    m_out.close();
    const bool written = m_out.failure().isEmpty();
    if (!written)
        fail(m_out.failure());
    if (m_direct) {
        m_directFile.close();
        return written;
    }
    if (!written) {
        m_saveFile.cancelWriting();
        m_saveFile.commit();  // removes the temporary file
        return false;
    }
    if (!m_saveFile.commit()) {
        fail(m_saveFile.errorString());
        return false;
    }
    return true;
}

void FileWriter::cancel(const QString& reason)
{
    if (!m_out.isOpen())
        return;
    m_out.close();
    fail(m_out.failure().isEmpty() ? reason : m_out.failure());
    if (m_direct) {
        m_directFile.close();
    } else {
        m_saveFile.cancelWriting();
        m_saveFile.commit();  // removes the temporary file
    }
}

void FileWriter::fail(const QString& reason)
{
    m_error = QCoreApplication::translate("ratelab::FileWriter", "Cannot write %1: %2").arg(m_path, reason);
}

bool writeFile(const QString& path, const QByteArray& bytes, QString* error)
{
    FileWriter writer(path);
    QIODevice* out = writer.open();
    if (out)
        out->write(bytes);  // a failure shows in commit()
    const bool ok = out && writer.commit();
    if (!ok && error)
        *error = writer.error();
    return ok;
}

}  // namespace ratelab
