import CFuzzerDriver
import Foundation
import LinkyBuild

/// Parses the input as a link file, a list file and a category file, as the build would.
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    for path in ["links/reading/a-link.md", "links/reading/_index.md"] {
        let parsed = ContentFile.parse(data, path: path)
        for diagnostic in parsed.diagnostics {
            // Every diagnostic names the file it is about, and a line inside it when it has one.
            precondition(diagnostic.location == nil || diagnostic.location!.path.hasPrefix("links/"))
            if let line = diagnostic.location?.line { precondition(line >= 1) }
        }
        for link in parsed.links {
            precondition(!link.title.isEmpty)
            precondition(!link.slug.isEmpty && !link.slug.contains("/") && link.slug != "..")
        }
    }
    return 0
}

// libFuzzer runs `fuzz` on each input; it reads its own options (-max_total_time=…, corpus folders).
exit(linky_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
