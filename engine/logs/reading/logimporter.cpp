#include "engine/logs/reading/logimporter.h"

#include "engine/logs/reading/logreader.h"

namespace ratelab {

ImportSummary importLog(std::istream& in, const ImportOptions& options, KeyInterner& keys, const RequestSink& sink,
                        RunControl* control, const ImportProgressFn& onProgress)
{
    LogReader reader(in, options, keys, control);
    reader.setProgressObserver(onProgress);
    return importAll(reader, sink);
}

ImportSummary importAll(LogReader& reader, const RequestSink& sink)
{
    ImportedRequest request;
    while (reader.next(request))
        sink(request);
    return reader.summary();
}

}  // namespace ratelab
