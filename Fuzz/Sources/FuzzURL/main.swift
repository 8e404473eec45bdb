import CFuzzerDriver
import Foundation
import LinkyModel

/// Validates and normalises the input as a link's URL; a URL that passes must be stable and safe.
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let url = try LinkURL(parsing: text, allowedSchemes: ["http", "https", "mailto"])
        // What the build writes reads back to the same address and the same comparison key.
        let again = try LinkURL(parsing: url.absoluteString, allowedSchemes: ["http", "https", "mailto"])
        precondition(again.absoluteString == url.absoluteString, "\(url.absoluteString) → \(again.absoluteString)")
        precondition(again.comparisonKey == url.comparisonKey)
        let lowered = url.absoluteString.lowercased()
        precondition(
            !lowered.hasPrefix("javascript:") && !lowered.hasPrefix("data:") && !lowered.hasPrefix("vbscript:"))
        precondition(
            !url.absoluteString.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F || $0.value > 0x7E })
    } catch {
        // Refused with a reason: fine.
    }
    return 0
}

// libFuzzer runs `fuzz` on each input; it reads its own options (-max_total_time=…, corpus folders).
exit(linky_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
