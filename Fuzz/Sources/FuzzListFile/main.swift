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

// libFuzzer runs `fuzz` on each input; it reads its own options (-max_total_time=…, corpus folders).
exit(linky_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
