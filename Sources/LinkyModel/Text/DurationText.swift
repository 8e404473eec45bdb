import Foundation

/// A length of time as people write it on a command line or in `linky.yml`: `90` (seconds), `90s`,
/// `30m`, `12h`, `1d`, `2w`, or several at once (`1d12h`).
public enum DurationText {
    /// The seconds `text` says; nil when it is not a duration.
    public static func seconds(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let plain = Int64(text) { return plain >= 0 ? plain : nil }
        var total: Int64 = 0
        var number = ""
        for character in text {
            if character.isASCII, character.isNumber {
                number.append(character)
            } else if let unit = units[character], let value = Int64(number) {
                total += value * unit
                number = ""
            } else {
                return nil
            }
        }
        guard number.isEmpty, !text.isEmpty else { return nil }
        return total
    }
}
