#pragma once
// Qt Test rows over every algorithm and preset (randomtrace.h everyLimiter()), each run from
// two starts: an early instant and an epoch-sized one, where rounding at large times shows.

#include "randomtrace.h"

#include <QTest>

namespace ratelab::test {

// The columns algorithm, params, costs and start; a row per limiter and start, named like
// "gcra rate=10/s burst=10 @0" and "... @epoch".
inline void addEveryLimiterRows(qint64 early, const char* earlyName)
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    QTest::addColumn<bool>("costs");
    QTest::addColumn<qint64>("start");
    for (const auto& c : everyLimiter()) {
        for (const qint64 start : {early, qint64(1'700'000'000'123'457)}) {
            const QByteArray name = QByteArray(c.name) + " " + c.params + " " + (start == early ? earlyName : "@epoch");
            QTest::newRow(name.constData()) << c.name << c.params << c.costs << start;
        }
    }
}

}  // namespace ratelab::test
