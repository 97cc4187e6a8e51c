#pragma once
// A decision's arithmetic (engine/algorithms/limiter/arithmetic.h) as its family's own type,
// for tests that read its values: null when it is another family's (or none).

#include "engine/algorithms/limiter/arithmetic.h"

#include <memory>

template <class Family>
std::unique_ptr<const Family> arithmeticAs(std::unique_ptr<ratelab::DecisionArithmetic> arithmetic)
{
    if (!dynamic_cast<const Family*>(arithmetic.get()))
        return nullptr;
    return std::unique_ptr<const Family>(static_cast<const Family*>(arithmetic.release()));
}

template <class Family>
std::shared_ptr<const Family> arithmeticAs(const std::shared_ptr<const ratelab::DecisionArithmetic>& arithmetic)
{
    return std::dynamic_pointer_cast<const Family>(arithmetic);
}
