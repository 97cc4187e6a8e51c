#pragma once
// Step tables in the shape of golang.org/x/time/rate's rate_test.go `allow{t, n, ok}`:
// one line per request, "t_us key cost -> allowed remaining retry_after_us delay_us", with
// `*` for a field the case does not pin. Steps are separated by ';'. Every expected value
// is derived by hand from the algorithm's definition (see the comment on each row).

#include "engine/algorithms/catalog/catalog.h"
#include "engine/core/keyinterner.h"

#include <QtTest>

#include <sstream>

namespace ratelab::test {

inline ParamValues paramsFrom(const QString& text)
{
    ParamValues values;
    for (const QString& kv : text.split(' ', Qt::SkipEmptyParts)) {
        const auto parts = kv.split('=');
        values[parts.at(0).toStdString()] = parts.at(1).toStdString();
    }
    return values;
}

inline void checkField(const std::string& expected, std::int64_t actual, const char* name, const QByteArray& where)
{
    if (expected == "*")
        return;
    const std::int64_t want = std::stoll(expected);
    if (want != actual)
        QFAIL(QByteArray(where + ": " + name + " is " + QByteArray::number(qint64(actual)) + ", expected "
                         + QByteArray::number(qint64(want)))
                  .constData());
}

inline void runSteps(const QString& algorithm, const QString& params, const QString& steps)
{
    BuiltLimiter built;
    try {
        built = makeLimiter(algorithm.toStdString(), paramsFrom(params));
    } catch (const ParamError& e) {
        QFAIL(e.what());
    }
    KeyInterner keys;
    int index = 0;
    for (const QString& step : steps.split(';', Qt::SkipEmptyParts)) {
        ++index;
        std::istringstream in(step.toStdString());
        std::string t, key, cost, arrow, allowed, remaining = "*", retry = "*", delay = "*";
        in >> t >> key >> cost >> arrow >> allowed >> remaining >> retry >> delay;
        QVERIFY2(arrow == "->", qPrintable("malformed step: " + step));
        const Decision d = built.limiter->decide(keys.intern(key), std::stoll(t), std::stoll(cost));
        const QByteArray where = QByteArray("step ") + QByteArray::number(index) + " (" + step.trimmed().toUtf8() + ")";
        checkField(allowed, d.allowed ? 1 : 0, "allowed", where);
        checkField(remaining, d.remaining, "remaining", where);
        checkField(retry, d.retryAfterUs, "retry_after_us", where);
        checkField(delay, d.delayUs, "delay_us", where);
        if (QTest::currentTestFailed())
            return;
    }
}

}  // namespace ratelab::test
