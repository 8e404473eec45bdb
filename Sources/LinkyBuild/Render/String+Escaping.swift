import Foundation

extension String {
    /// JSON text made safe inside a `<script>` element: every `<` (only ever inside a JSON string) written
    /// `\u003c`, JSON's own escape, so that no text of it can end the element or open a comment.
    var scriptSafeJSON: String { replacingOccurrences(of: "<", with: "\\u003c") }

    /// Text safe inside XML/HTML element content and double-quoted attributes.
    ///
    /// Worked on the UTF-8 bytes: every character it changes is one ASCII byte, or U+FFFE/U+FFFF
    /// (EF BF BE/BF), and most text has none of them, so it comes back as it is.
    var xmlEscaped: String {
        var copy = self
        return copy.withUTF8 { bytes -> String in
            guard let first = bytes.firstIndex(where: Self.xmlNeedsWork) else { return self }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result.append(contentsOf: bytes[..<first])
            var index = first
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
                // Characters XML 1.0 forbids (C0 controls but tab, LF, CR; U+FFFE, U+FFFF) would make
                // feeds unreadable.
                case 0x09, 0x0A, 0x0D: result.append(byte)
                case ..<0x20: continue
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                    index += 2
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    private static func xmlNeedsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF:
            true
        case 0x09, 0x0A, 0x0D: false
        default: byte < 0x20
        }
    }
}
