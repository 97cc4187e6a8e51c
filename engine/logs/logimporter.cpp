#include "engine/logs/logimporter.h"

#include "engine/logs/logreader.h"

namespace ratelab {

ImportSummary importLog(std::istream& in, const ImportOptions& options, KeyInterner& keys, const RequestSink& sink,
                        RunControl* control)
{
    LogReader reader(in, options, keys, control);
    ImportedRequest request;
    while (reader.next(request))
        sink(request);
    return reader.summary();
}

} // namespace ratelab
