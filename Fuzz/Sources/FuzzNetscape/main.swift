import CFuzzerDriver
import Foundation
import LinkyCuration

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

// libFuzzer runs `fuzz` on each input; it parses its own command line (-max_total_time=…, corpus folders).
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in
        guard let data else { return 0 }
        return fuzz(data, size)
    })
