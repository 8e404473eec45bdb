import Foundation

/// RFC 3492 Punycode, plus the small IDNA-style host conversion that `LinkURL` needs.
///
/// This is deliberately not full UTS #46: hosts are NFC-normalised and lower-cased rather than
/// NFKC case-folded, which is enough to give one stable ASCII form for the hosts people paste.
public enum Punycode {

    // MARK: - Label coding

    /// Encodes one label with RFC 3492 Punycode, without the `xn--` prefix.
    ///
    /// Basic (ASCII) code points are copied unchanged, so callers should lower-case first.
    /// - Returns: the encoded label, or `nil` if the arithmetic would overflow.
    public static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map { Int($0.value) }
        var output = String.UnicodeScalarView()
        for codePoint in input where codePoint < initialN {
            output.append(Unicode.Scalar(UInt8(codePoint)))
        }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 {
            output.append("-")
        }

        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min(),
                next - n <= (maxInt - delta) / (handled + 1)
            else { return nil }
            delta += (next - n) * (handled + 1)
            n = next
            for codePoint in input {
                if codePoint < n {
                    guard delta < maxInt else { return nil }
                    delta += 1
                }
                guard codePoint == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    /// Decodes one RFC 3492 Punycode label (without the `xn--` prefix).
    /// - Returns: the Unicode label, or `nil` for non-ASCII input, bad digits, truncation or overflow.
    public static func decode(_ label: String) -> String? {
        let input = Array(label.unicodeScalars)
        guard input.allSatisfy(\.isASCII) else { return nil }

        var output: [Unicode.Scalar] = []
        var position = 0
        if let delimiter = input.lastIndex(of: "-") {
            output = Array(input[..<delimiter])
            position = delimiter + 1
        }

        var n = initialN
        var i = 0
        var bias = initialBias
        while position < input.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < input.count, let value = digitValue(input[position]) else { return nil }
                position += 1
                guard value <= (maxInt - i) / weight else { return nil }
                i += value * weight
                let t = threshold(k, bias: bias)
                if value < t { break }
                guard weight <= maxInt / (base - t) else { return nil }
                weight *= base - t
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, points: count, first: oldI == 0)
            guard i / count <= maxInt - n else { return nil }
            n += i / count
            i %= count
            guard let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: output)
        return String(result)
    }

    // MARK: - Host conversion

    /// IDNA-ish conversion of a whole host to its ASCII form.
    ///
    /// Each label is NFC-normalised and lower-cased; labels with non-ASCII characters become
    /// `"xn--" + encode(label)`. `.`, `。`, `．` and `｡` all separate labels, and a single trailing
    /// dot (the DNS root) is dropped.
    /// - Returns: `nil` when a label is empty, contains a character that cannot be in a host name,
    ///   is an undecodable `xn--` label, is longer than 63 bytes, or the host exceeds 253 bytes.
    public static func toASCII(host: String) -> String? {
        let normalized = host.lowercased().precomposedStringWithCanonicalMapping
        var dotted = String(
            String.UnicodeScalarView(
                normalized.unicodeScalars.map {
                    labelSeparators.contains($0) ? "." : $0
                }))
        if dotted.hasSuffix(".") {
            dotted.removeLast()
        }
        guard !dotted.isEmpty else { return nil }

        var labels: [String] = []
        for label in dotted.split(separator: ".", omittingEmptySubsequences: false) {
            guard let ascii = asciiLabel(String(label)) else { return nil }
            labels.append(ascii)
        }
        let result = labels.joined(separator: ".")
        return result.utf8.count <= 253 ? result : nil
    }

    /// Converts `xn--` labels of a host back to Unicode for display.
    ///
    /// Labels that do not decode, that are not the canonical encoding of what they decode to
    /// (e.g. `xn--abc-`, which would masquerade as plain `abc`), or that decode to text `toASCII`
    /// would never produce (upper-case, not NFC) are left as they are.
    public static func toUnicode(host: String) -> String {
        host.split(separator: ".", omittingEmptySubsequences: false)
            .map { unicodeLabel(String($0)) }
            .joined(separator: ".")
    }
}

// MARK: - Helpers

private extension Punycode {
    static let base = 36
    static let tMin = 1
    static let tMax = 26
    static let skew = 38
    static let damp = 700
    static let initialBias = 72
    static let initialN = 0x80
    static let maxInt = Int(Int32.max)

    static let labelSeparators: Set<Unicode.Scalar> = ["\u{3002}", "\u{FF0E}", "\u{FF61}"]

    /// Categories that have no business in a host name; ZWJ/ZWNJ are exempt because some scripts need them.
    static let forbiddenCategories: Set<Unicode.GeneralCategory> = [
        .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
    ]

    static func threshold(_ k: Int, bias: Int) -> Int {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    static func digit(_ value: Int) -> Unicode.Scalar {
        // 0–25 → a–z, 26–35 → 0–9
        Unicode.Scalar(UInt8(value < 26 ? 0x61 + value : 0x30 + value - 26))
    }

    static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value) - 0x30 + 26
        case 0x41...0x5A: Int(scalar.value) - 0x41
        case 0x61...0x7A: Int(scalar.value) - 0x61
        default: nil
        }
    }

    static func isLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    static func isAllowedNonASCII(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        if forbiddenCategories.contains(category) { return false }
        if category == .format && scalar != "\u{200C}" && scalar != "\u{200D}" { return false }
        // Look-alikes such as U+FF0F "／" or U+2024 "․" are a classic spoofing trick: refuse any
        // character whose compatibility form smuggles in URL punctuation.
        let compatible = String(scalar).precomposedStringWithCompatibilityMapping
        return compatible.utf8.allSatisfy { $0 >= 0x80 || isLabelByte($0) }
    }

    static func asciiLabel(_ label: String) -> String? {
        guard !label.isEmpty else { return nil }
        let result: String
        if label.unicodeScalars.allSatisfy(\.isASCII) {
            guard label.utf8.allSatisfy(isLabelByte) else { return nil }
            if hasACEPrefix(label) {
                guard unicodeLabel(label) != label else { return nil }
            }
            result = label
        } else {
            guard !hasACEPrefix(label),
                label.unicodeScalars.allSatisfy({ $0.isASCII ? isLabelByte(UInt8($0.value)) : isAllowedNonASCII($0) }),
                let encoded = encode(label)
            else { return nil }
            result = "xn--" + encoded
        }
        return result.utf8.count <= 63 ? result : nil
    }

    /// Compares scalars: `"xn--" + U+200D` is not `hasPrefix("xn--")` because the ZWJ joins the last `-`.
    static func hasACEPrefix(_ label: String) -> Bool {
        label.unicodeScalars.starts(with: "xn--".unicodeScalars)
    }

    static func unicodeLabel(_ label: String) -> String {
        let lower = label.lowercased()
        guard hasACEPrefix(lower) else { return label }
        let payload = String(lower.dropFirst(4))
        // Only accept what toASCII itself could have produced: canonical, non-ASCII, lower-cased NFC.
        guard let decoded = decode(payload),
            !decoded.unicodeScalars.allSatisfy(\.isASCII),
            encode(decoded) == payload,
            decoded.unicodeScalars.elementsEqual(
                decoded.lowercased().precomposedStringWithCanonicalMapping.unicodeScalars)
        else { return label }
        return decoded
    }
}
