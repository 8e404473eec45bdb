import Foundation
import LinkyModel

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
    /// A line ending `\r\n` (a diff of a file written on Windows) is kept whole; a `\r` anywhere else,
    /// which would move the cursor back over the line, is escaped.
    init(lines: String) {
        // By scalars: as Characters, "\r\n" is one, and no "\n".
        text = lines.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                let crlf = line.last == "\r"
                return String(String.UnicodeScalarView(crlf ? line.dropLast() : line[...])).escapingControlCharacters
                    + (crlf ? "\r" : "")
            }
            .joined(separator: "\n")
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

/// Where the commands write what people read: the one place output leaves the program. Every line
/// for people is `TerminalText` (values in it escaped); JSON has the characters JSON leaves raw
/// escaped as `\uXXXX`; only the bytes `export` writes, a file format, go out as they are.
/// (`print` is unavailable in this module, so no command can go around it.)
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
        standardOutput(text.text + "\n")
    }

    /// Writes to standard output as it is (the text ends its own lines).
    static func write(_ text: TerminalText) {
        standardOutput(text.text)
    }

    /// A JSON document on standard output, with a new line. JSON encoders escape C0 control characters
    /// in strings (what is left is the document's own line breaks) but not DEL, C1 or bidirectional
    /// controls, which can only be inside strings: those are written as `\uXXXX` too, the same JSON.
    static func json(_ text: String) {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x7F, scalar.isControlCharacter || scalar.isBidirectionalControl {
                let hex = String(scalar.value, radix: 16)
                escaped.append(contentsOf: "\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        standardOutput(String(escaped) + "\n")
    }

    /// Bytes of a file format (`export` without --output) on standard output, as they are.
    static func data(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Unbuffered, as standard error is: a line is there when written (`serve`'s address, which a
    /// script reads while the server runs), in order with standard error.
    private static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Every line for people goes through `Terminal`, which escapes control characters in what it quotes.
@available(*, unavailable, message: "write through Terminal.output or Terminal.error, which escape control characters")
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

extension String {
    /// The text with every control character (C0, DEL, C1) and every bidirectional control written
    /// as `\u{1B}`, a new line too: one line, shown as it is, whatever bytes a file name, a tag or
    /// a server's answer holds.
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
        scalar.isControlCharacter || scalar.isBidirectionalControl
    }
}
