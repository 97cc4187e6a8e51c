#pragma once
// Why a path given as an input cannot be read, in the operating system's words: a missing
// file, a name too long, a loop of symbolic links, a directory. These are bad input (exit 2),
// never an internal error, and no check here throws.

#include <string>

namespace ratelab {

// Empty when `path` can be opened for reading; else why not, naming what it should be (`what`,
// e.g. "trace file"): "cannot open the trace file: File name too long", "is a directory, not
// a trace file".
std::string inputFileProblem(const std::string& path, const std::string& what);

}  // namespace ratelab
