import CFuzzerDriver
import Foundation
import LinkyTemplates

/// Values the templates can name; no lists, so the work a template causes stays linear in its size.
let data: TemplateValue = [
    "title": "<script>alert(1)</script> & 맛집", "count": 3, "ratio": 0.5, "yes": true, "no": false, "empty": "",
    "site": ["title": "Links \"quoted\"", "author": ["name": "Kim"]], "html": "<b>raw</b>",
]

/// Parses the input as a template in both modes; one that parses renders, twice the same, and an
/// error points inside the text.
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let lines = text.reduce(1) { $1.isNewline ? $0 + 1 : $0 }
    for standaloneOnFirstLine in [true, false] {
        do {
            let template = try Template(parsing: text, standaloneOnFirstLine: standaloneOnFirstLine)
            var library = TemplateLibrary()
            library.register(template, named: "main")
            // Every partial it names exists and is empty, so nothing recurses.
            for partial in template.partials {
                precondition(partial.line >= 1 && partial.line <= lines, "partial line \(partial.line) of \(lines)")
                library.register(try Template(parsing: ""), named: partial.name)
            }
            let first = try library.render("main", data)
            let second = try library.render("main", data)
            precondition(first == second, "rendering is not deterministic")
        } catch let error as TemplateSyntaxError {
            precondition(error.line >= 1 && error.line <= lines, "error line \(error.line) of \(lines)")
            precondition(error.column >= 1 && !error.message.isEmpty)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }
    return 0
}

// libFuzzer runs `fuzz` on each input; it reads its own options (-max_total_time=…, corpus folders).
exit(linky_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
