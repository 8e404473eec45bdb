import Foundation

/// Percent-encoding for `absoluteString`, decoding for `displayString`, and the normalising of
/// escapes and query parameters behind `comparisonKey`.
extension LinkURL {
    /// Printable ASCII that is still not allowed literally in a URI (RFC 3986 excludes them).
    static let unsafeBytes: Set<UInt8> = Set(" \"<>`{}|\\^".utf8)
    /// Characters kept encoded in `displayString` because decoding them would change the URL's structure.
    static let structuralScalars: Set<Unicode.Scalar> = ["/", "?", "#", "%", "&", "=", "+", ";"]
    static let hexDigits = Array("0123456789ABCDEF".utf8)
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "igshid", "ref_src",
    ]

    // MARK: Percent-encoding

    static func percentEncoded(_ text: some StringProtocol, alsoEncoding extra: Set<UInt8> = []) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output += [byte, hexDigits[Int(high)], hexDigits[Int(low)]]
                index += 3
                continue
            }
            if byte >= 0x7F || byte < 0x20 || byte == UInt8(ascii: "%") || unsafeBytes.contains(byte)
                || extra.contains(byte)
            {
                output += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes escapes of unreserved characters (or of those `decoding` names) and upper-cases the
    /// rest (RFC 3986 §6.2.2).
    static func normalizedEscapes(_ text: some StringProtocol, decoding: (UInt8) -> Bool = isUnreserved) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if let value = escapedByte(bytes, at: index) {
                if decoding(value) {
                    output.append(value)
                } else {
                    output += [UInt8(ascii: "%"), hexDigits[Int(value >> 4)], hexDigits[Int(value & 0xF)]]
                }
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Percent-decodes whole UTF-8 sequences that are safe to show; anything else stays escaped.
    static func displayDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            guard let lead = escapedByte(bytes, at: index) else {
                output.append(Unicode.Scalar(bytes[index]))
                index += 1
                continue
            }
            let length = utf8Length(lead: lead)
            var sequence = [lead]
            var next = index + 3
            while sequence.count < length, let byte = escapedByte(bytes, at: next) {
                sequence.append(byte)
                next += 3
            }
            if sequence.count == length, let decoded = String(validating: sequence, as: UTF8.self),
                let scalar = decoded.unicodeScalars.first, isDisplayable(scalar)
            {
                output.append(scalar)
                index = next
            } else {
                output.append(contentsOf: text.unicodeScalars.dropFirst(index).prefix(3))
                index += 3
            }
        }
        return String(output)
    }

    static func isDisplayable(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return
            !(properties.generalCategory == .control || properties.generalCategory == .format
            || properties.isWhitespace || structuralScalars.contains(scalar))
    }

    static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    static func escapedByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"),
            let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return nil }
        return high << 4 | low
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    // MARK: Duplicate detection

    /// Sub-delimiters (and `:@/?`) that mean the same in a query value written as themselves or
    /// escaped: Raindrop exports Pinboard's `page=0%2C0` as `page=0,0`. `&`, `=`, `+` and `#` are left
    /// as written: they separate parameters or mean a space.
    static let queryLiteralBytes: Set<UInt8> = Set(",;:@!$'()*/?".utf8)

    /// The query as duplicates are found by (`escapes` already normalised): analytics parameters that
    /// never change the page dropped, each parameter written `name=value` (`?564283` is `?564283=`),
    /// escaped sub-delimiters decoded, and the parameters in order of name (a stable sort: values of one
    /// name keep theirs), so `?id=1&CMP=x` and `?CMP=x&id=1` are one page, as Scrapy's
    /// `canonicalize_url` and bookmark services that re-export links take them; `nil` when nothing is left.
    static func comparisonQuery(_ query: String) -> String? {
        var kept: [(name: String, parameter: String)] = []
        for parameter in query.split(separator: "&") {
            let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = normalizedEscapes(parts[0], decoding: isQueryLiteral)
            let lowered = name.lowercased()
            if lowered.hasPrefix("utm_") || trackingParameters.contains(lowered) { continue }
            let value = parts.count > 1 ? normalizedEscapes(parts[1], decoding: isQueryLiteral) : ""
            kept.append((name, name + "=" + value))
        }
        guard !kept.isEmpty else { return nil }
        // `sorted` is not stable; the index breaks ties.
        let ordered = kept.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
        return ordered.map(\.element.parameter).joined(separator: "&")
    }

    static func isQueryLiteral(_ byte: UInt8) -> Bool { isUnreserved(byte) || queryLiteralBytes.contains(byte) }

    /// `entries` of a file keyed by comparison keys (`metadata.json`, `link-status.json`, check's cache),
    /// each key made again by today's rules, so a site's entries are still found after a change of
    /// them (parameters in another order); a key that is no address stays as it is, and of two keys that
    /// become one, the first in order is kept.
    public static func rekeyed<Entry>(_ entries: [String: Entry]) -> [String: Entry] {
        var result: [String: Entry] = [:]
        result.reserveCapacity(entries.count)
        for key in entries.keys.sorted() {
            let address = key.hasPrefix("//") ? "https:" + key : key
            let current = (try? LinkURL(parsing: address))?.comparisonKey ?? key
            if result[current] == nil { result[current] = entries[key] }
        }
        return result
    }
}
