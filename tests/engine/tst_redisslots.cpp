// Redis Cluster's key slots (engine/backend/redisslots.h), against the CRC16/XMODEM check value
// and the slots a real cluster gives (CLUSTER KEYSLOT on redis-server 7.0, and the examples of
// the cluster specification): the hash tag rules decide which part of a key is hashed. And a
// Redis URL as it is printed (engine/backend/redisconnection.h): never with its password.

#include "engine/backend/redisconnection.h"
#include "engine/backend/redisslots.h"

#include <QtTest>

using namespace ratelab;

class TestRedisSlots : public QObject {
    Q_OBJECT

private slots:
    void crcCheckValue() { QCOMPARE(crc16Xmodem("123456789"), std::uint16_t(0x31C3)); }

    void keySlots_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("slot");
        QTest::newRow("no tag") << "somekey" << 11058;
        QTest::newRow("tag") << "foo{hash_tag}" << 2515;
        QTest::newRow("same tag") << "bar{hash_tag}" << 2515;
        QTest::newRow("empty tag: the whole key") << "foo{}{bar}" << 8363;
        QTest::newRow("first { to first }") << "foo{{bar}}zap" << 4015;
        QTest::newRow("ours") << "rl:{key-7}" << 8227;
        QTest::newRow("digits") << "123456789" << 12739;
    }
    void keySlots()
    {
        QFETCH(QString, key);
        QFETCH(int, slot);
        QCOMPARE(int(redisKeySlot(key.toStdString())), slot);
    }

    // The sliding log's two keys share their tag, hence their slot.
    void scriptKeysShareASlot() { QCOMPARE(redisKeySlot("rl:{alice}:seq"), redisKeySlot("rl:{alice}")); }

    void urlsPrintWithoutTheirPassword_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("printed");
        QTest::newRow("password") << "redis://:WrongSecret@127.0.0.1:notaport"
                                  << "redis://:***@127.0.0.1:notaport";
        QTest::newRow("user and password") << "redis://app:s3cr:et@host:6379/2"
                                           << "redis://app:***@host:6379/2";
        QTest::newRow("password alone") << "redis://s3cret@host"
                                        << "redis://***@host";
        QTest::newRow("@ in the password") << "redis://:p@ss@host"
                                           << "redis://:***@host";
        QTest::newRow("none") << "redis://host:6379/0"
                              << "redis://host:6379/0";
        QTest::newRow("another scheme") << "http://u:pw@host"
                                        << "http://u:***@host";
        QTest::newRow("no scheme") << "u:pw@host"
                                   << "u:***@host";
    }
    void urlsPrintWithoutTheirPassword()
    {
        QFETCH(QString, url);
        QFETCH(QString, printed);
        QCOMPARE(QString::fromStdString(maskedRedisUrl(url.toStdString())), printed);
    }
};

QTEST_GUILESS_MAIN(TestRedisSlots)
#include "tst_redisslots.moc"
