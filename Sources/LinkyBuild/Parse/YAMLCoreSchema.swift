/// The types YAML 1.2's core schema gives plain scalars. linky-site reads every value as written,
/// but a plain `5`, `1.0`, `true` or `~` where text is meant is refused with the hint to quote it
/// (other tools would read a number, a boolean or null), and the tag editor quotes a name that would
/// read so.
public enum YAMLCoreSchema {
    /// What YAML's core schema (1.2) reads `text`, written as a plain scalar, as when that is not
    /// text: "a number", "true or false", "null"; nil for text (an empty value is text too).
    public static func nonTextKind(ofPlain text: String) -> String? {
        guard !text.isEmpty else { return nil }
        switch text {
        case "~", "null", "Null", "NULL": return "null"
        case "true", "True", "TRUE", "false", "False", "FALSE": return "true or false"
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return "a number"
        default: break
        }
        let bytes = Array(text.utf8)
        func digits(_ slice: ArraySlice<UInt8>, hex: Bool = false) -> Bool {
            !slice.isEmpty
                && slice.allSatisfy {
                    (0x30...0x39).contains($0) || (hex && ((0x41...0x46).contains($0) || (0x61...0x66).contains($0)))
                }
        }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x"), digits(bytes[2...], hex: true) { return "a number" }
            if bytes[1] == UInt8(ascii: "o"), digits(bytes[2...]) { return "a number" }
        }
        // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var index = bytes.startIndex
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let mantissaStart = index
        while index < bytes.endIndex, (0x30...0x39).contains(bytes[index]) { index += 1 }
        var sawDigits = index > mantissaStart
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while index < bytes.endIndex, (0x30...0x39).contains(bytes[index]) { index += 1 }
            sawDigits = sawDigits || index > fraction
        }
        guard sawDigits else { return nil }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            let exponent = index
            while index < bytes.endIndex, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > exponent else { return nil }
        }
        return index == bytes.endIndex ? "a number" : nil
    }
}
