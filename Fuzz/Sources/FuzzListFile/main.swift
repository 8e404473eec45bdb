import CFuzzerDriver
import Foundation
import LinkyBuild

/// Reads the input as an awesome-list file.
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let list = ListFile.read(Data(bytes: start, count: count), path: "links/list.md")
    for entry in list.entries {
        precondition(entry.line >= 1)
        precondition(["http", "https"].contains(entry.url.scheme))
    }
    return 0
}

// libFuzzer runs `fuzz` on each input; it parses its own command line (-max_total_time=…, corpus folders).
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in
        guard let data else { return 0 }
        return fuzz(data, size)
    })
