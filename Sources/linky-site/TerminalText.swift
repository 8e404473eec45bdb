import Foundation

/// Text for the terminal: what the program writes as literals is kept as it is, and every value
/// put in by interpolation (a file name, a URL, a message that quotes either) has its control
/// characters escaped, so a file named `evil\e]0;X\a.md` is shown, never obeyed by the terminal.
struct TerminalText: ExpressibleByStringInterpolation, Sendable {
    var text: String

    init(stringLiteral text: String) {
        self.text = text
    }

    init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
    }

    /// Lines the program made that quote values (a summary naming the output folder): each line's
    /// control characters are escaped, the line breaks between them kept.
    init(lines: String) {
        text = lines.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n")
    }

    /// Text the program made itself (colours, a progress line's `\r`): not escaped.
    init(trusted text: String) {
        self.text = text
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity * 2)
        }

        mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        mutating func appendInterpolation(_ value: some Any) {
            text += String(describing: value).escapingControlCharacters
        }

        /// Already terminal text: kept.
        mutating func appendInterpolation(_ value: TerminalText) {
            text += value.text
        }
    }

    static func + (a: TerminalText, b: TerminalText) -> TerminalText {
        TerminalText(trusted: a.text + b.text)
    }
}

/// Where the commands write what people read.
enum Terminal {
    /// Whether diagnostics on standard error get colours: only on a terminal, and never when
    /// `NO_COLOR` is set (https://no-color.org).
    static var colorsOnStandardError: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// Writes to standard error.
    static func error(_ text: TerminalText) {
        FileHandle.standardError.write(Data(text.text.utf8))
    }

    /// Writes to standard output, with a new line.
    static func output(_ text: TerminalText) {
        print(text.text)
    }
}

extension String {
    /// The text with every control character (C0, DEL, C1) and every bidirectional override written
    /// as `\u{1B}`: one line, shown as it is, whatever bytes a file name or a server's answer holds.
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            if Self.needsEscape(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidirectional embeddings, overrides and isolates: they reorder what follows on the line.
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
