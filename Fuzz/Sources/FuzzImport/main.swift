import CFuzzerDriver
import Foundation
import LinkyImport

/// Reads the input as each import format the first byte picks: CSV (Pocket, Raindrop.io,
/// Instapaper), JSON (Pinboard, Omnivore, Karakeep, Linkwarden), OPML, a list of addresses, or
/// Netscape/Pocket HTML.
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let formats: [ImportFormat] = [.csv, .json, .opml, .text, .netscape]
    let format = formats[Int(start[0]) % formats.count]
    let data = Data(UnsafeBufferPointer(start: start + 1, count: count - 1))
    do {
        let bookmarks = try format.read(data, path: "import")
        for entry in bookmarks.entries {
            precondition(entry.line.map { $0 >= 1 } ?? true, "a line number below 1")
        }
    } catch {
        // Not in the format: a clean refusal is the right answer.
    }
    return 0
}

exit(linky_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
