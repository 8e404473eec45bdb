import ArgumentParser
import Foundation
import LinkyModel

/// How diagnostics are printed: for people, for programs, or as GitHub Actions annotations.
enum DiagnosticFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github

    /// Prints every diagnostic; paths are shown relative to the current folder (`prefix` + path).
    func print(_ diagnostics: [Diagnostic], prefix: String, summary: String, colors: Bool) {
        switch self {
        case .text:
            for diagnostic in diagnostics {
                // Paths and messages quote file names and what servers said: escaped as they are printed.
                let location =
                    diagnostic.location.map { Self.displayed($0, prefix: prefix).description } ?? "linky-site"
                let severity = diagnostic.severity.rawValue
                let label =
                    colors
                    ? TerminalText(
                        trusted: diagnostic.severity == .error
                            ? "\u{1B}[1;31m\(severity)\u{1B}[0m" : "\u{1B}[1;33m\(severity)\u{1B}[0m")
                    : TerminalText(trusted: severity)
                var line: TerminalText = "\(location): \(label)[\(diagnostic.code.rawValue)]: \(diagnostic.message)\n"
                if let hint = diagnostic.hint { line = line + "  hint: \(hint)\n" }
                Terminal.error(line)
            }
            if !summary.isEmpty { Terminal.error(TerminalText(lines: summary) + "\n") }
        case .github:
            for diagnostic in diagnostics {
                var properties: [String] = []
                if let location = diagnostic.location.map({ Self.displayed($0, prefix: prefix) }) {
                    properties.append("file=\(escapeProperty(location.path.escapingControlCharacters))")
                    if let line = location.line { properties.append("line=\(line)") }
                    if let column = location.column { properties.append("col=\(column)") }
                }
                properties.append("title=\(escapeProperty("\(diagnostic.code.rawValue) \(diagnostic.code.name)"))")
                let message =
                    diagnostic.message.escapingControlCharacters
                    + (diagnostic.hint.map { "\n\($0.escapingControlCharacters)" } ?? "")
                let command = diagnostic.severity == .error ? "error" : "warning"
                // Escaped already, for the workflow command's syntax and for the terminal.
                Terminal.output(
                    TerminalText(trusted: "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))"))
            }
            if !summary.isEmpty { Terminal.output(TerminalText(lines: summary)) }
        case .json:
            struct Report: Encodable {
                var summary: String
                var errors: Int
                var warnings: Int
                var diagnostics: [DiagnosticJSON]
            }
            let entries = diagnostics.map { DiagnosticJSON($0, prefix: prefix) }
            let report = Report(
                summary: summary, errors: diagnostics.filter { $0.severity == .error }.count,
                warnings: diagnostics.filter { $0.severity == .warning }.count, diagnostics: entries)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            if let data = try? encoder.encode(report) { Terminal.json(String(decoding: data, as: UTF8.self)) }
        }
    }

    /// One diagnostic on one line, as `text` starts it (`links/a.md:2: warning[LINKY200]: …`), without
    /// colour or hint: for the lines `fetch` and `add` print among their other output.
    static func line(_ diagnostic: Diagnostic, prefix: String) -> TerminalText {
        let location = diagnostic.location.map { displayed($0, prefix: prefix).description } ?? "linky-site"
        return "\(location): \(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]: \(diagnostic.message)"
    }

    /// A location as printed: a site-relative path gets `prefix`, so it is relative to the current folder.
    static func displayed(_ location: SourceLocation, prefix: String) -> SourceLocation {
        var copy = location
        if !location.path.hasPrefix("/"), !location.path.hasPrefix("--"), !location.path.hasPrefix("(") {
            copy.path = prefix + location.path
        }
        return copy
    }

    private func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// One diagnostic in a JSON report (`build --format json`, `check --format json`).
struct DiagnosticJSON: Encodable {
    var code: String
    var name: String
    var severity: String
    var file: String?
    var line: Int?
    var column: Int?
    var message: String
    var hint: String?

    init(_ diagnostic: Diagnostic, prefix: String) {
        let location = diagnostic.location.map { DiagnosticFormat.displayed($0, prefix: prefix) }
        code = diagnostic.code.rawValue
        name = diagnostic.code.name
        severity = diagnostic.severity.rawValue
        file = location?.path
        line = location?.line
        column = location?.column
        message = diagnostic.message
        hint = diagnostic.hint
    }
}
