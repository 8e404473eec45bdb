/// GitHub's emoji shortcodes (`:trident:` → 🔱), as awesome lists write them in headings and titles.
/// The names are gemoji's (see `EmojiShortcodes+Table.swift`); an unknown `:name:` stays as written.
public enum EmojiShortcodes {
    static let emojiByName: [String: String] = {
        var result: [String: String] = [:]
        for line in table.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }()

    /// The emoji of a shortcode's name (`trident`), or nil.
    public static func emoji(named name: String) -> String? { emojiByName[name] }

    /// `text` with each `:name:` GitHub knows replaced by its emoji.
    public static func replacing(in text: String) -> String { replacing(in: text, by: { $0 }) }

    /// `text` without the `:name:`s GitHub knows, white space collapsed: the words a slug is made of
    /// (`:trident: The Book` → "The Book"); `text` itself when nothing else is left.
    public static func removing(in text: String) -> String {
        let words = replacing(in: text, by: { _ in " " }).collapsingWhitespace
        return words.isEmpty ? text : words
    }

    static func replacing(in text: String, by replacement: (String) -> String) -> String {
        guard text.contains(":") else { return text }
        var result = ""
        var rest = text[...]
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            let name = after.prefix { isNameCharacter($0) }
            if !name.isEmpty, name.endIndex < after.endIndex, after[name.endIndex] == ":",
                let emoji = emojiByName[String(name)]
            {
                result += replacement(emoji)
                rest = after[after.index(after: name.endIndex)...]
            } else {
                result += ":"
                rest = after
            }
        }
        return result + rest
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII
            && (character.isLetter || character.isNumber || character == "_" || character == "+" || character == "-")
    }
}
