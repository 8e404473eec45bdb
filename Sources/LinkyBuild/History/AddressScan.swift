import Foundation
import LinkyModel

/// The web addresses a line of a content file holds, as the history walk reads them from a diff: a
/// list item's `[Title](https://…)`, a link file's `url: https://…`, a bare or `<…>` address.
///
/// An address runs from its scheme to the first space or quote; a trailing `.`, `,`, `*`… and a `)` or
/// `]` that closes nothing inside it are left out, as GitHub's autolinks do, so `(https://a.b/c_(d))`
/// gives `https://a.b/c_(d)`. Each address is normalised as the parser normalises a link's (`LinkURL`),
/// so history and content meet on the same form.
struct AddressScan {
    /// Normalised forms already worked out, by the text as written: a list's addresses recur in
    /// commit after commit.
    private var normalised: [String: String?] = [:]

    /// One address on a line: its normalised form and, for the first link of a list item
    /// (`- [Title](…)`), the item's title.
    struct Found: Equatable {
        var address: String
        var title: String?
    }

    /// The addresses of `line` (its text without the diff's `+` or `-`), in order.
    mutating func addresses(in line: Substring) -> [Found] { addresses(inUTF8: Array(line.utf8)) }

    /// The addresses of a line given as UTF-8, in order; none, quickly, for a line without `://`.
    mutating func addresses(inUTF8 bytes: [UInt8]) -> [Found] {
        var found: [Found] = []
        var search = 0
        while let separator = Self.find(bytes, from: search) {
            search = separator + 3
            // The scheme, backwards from `://`: letters first, then letters, digits, `+`, `-`, `.`.
            var start = separator
            while start > 0, Self.isSchemeByte(bytes[start - 1]) { start -= 1 }
            while start < separator, !Self.isLetter(bytes[start]) { start += 1 }
            guard start < separator else { continue }
            var end = separator + 3
            while end < bytes.count, !Self.ends(bytes[end]) { end += 1 }
            end = Self.trimmed(bytes, start, end)
            guard end > separator + 3 else { continue }
            search = end
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            let address: String?
            if let known = normalised[text] {
                address = known
            } else {
                address = try? LinkURL(parsing: text).absoluteString
                normalised[text] = address
            }
            guard let address else { continue }
            let title = found.isEmpty ? Self.itemTitle(bytes, linkStart: start) : nil
            found.append(Found(address: address, title: title))
        }
        return found
    }
}

// MARK: - Private

private extension AddressScan {
    static func find(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] == UInt8(ascii: "/")
            {
                return index
            }
            index += 1
        }
        return nil
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Where an address written in Markdown, YAML or HTML ends.
    static func ends(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "|"):
            true
        default: false
        }
    }

    /// `end` moved back over trailing punctuation and closing brackets that open nowhere in the address.
    static func trimmed(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start {
            let last = bytes[end - 1]
            if ".,;:!?*_~".utf8.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ")") || last == UInt8(ascii: "]") {
                let open = last == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
                var balance = 0
                for byte in bytes[start..<end] {
                    if byte == open { balance += 1 } else if byte == last { balance -= 1 }
                }
                guard balance < 0 else { break }
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    /// The title of a list item whose first link starts at `linkStart`: `- [Title](https://…)`,
    /// emphasis marks left out; nil when the line is not such an item.
    static func itemTitle(_ bytes: [UInt8], linkStart: Int) -> String? {
        var index = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard index + 1 < bytes.count, "-*+".utf8.contains(bytes[index]), bytes[index + 1] == UInt8(ascii: " ")
        else { return nil }
        guard linkStart >= 2, bytes[linkStart - 1] == UInt8(ascii: "("), bytes[linkStart - 2] == UInt8(ascii: "]")
        else { return nil }
        var depth = 0
        var open = linkStart - 2
        while open > index {
            open -= 1
            if bytes[open] == UInt8(ascii: "]") { depth += 1 }
            if bytes[open] == UInt8(ascii: "[") {
                if depth == 0 { break }
                depth -= 1
            }
        }
        guard bytes[open] == UInt8(ascii: "[") else { return nil }
        let text = String(decoding: bytes[(open + 1)..<(linkStart - 2)], as: UTF8.self)
            .filter { $0 != "*" && $0 != "`" }.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
