import CFuzzerDriver
import Foundation
import LinkyImport

/// Reads the input as a Netscape bookmark file (browser exports).
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    do {
        let bookmarks = try NetscapeBookmarkReader.read(bytes, path: "bookmarks.html")
        for entry in bookmarks.entries {
            for folder in entry.folders { precondition(!folder.contains("\u{0}")) }
        }
    } catch {
        // Not a bookmark file: a clean refusal is the right answer.
    }
    return 0
}

// libFuzzer runs `fuzz` on each input; it reads its own options (-max_total_time=…, corpus folders).
exit(linky_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
