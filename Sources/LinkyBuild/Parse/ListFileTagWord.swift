import Foundation
import LinkyMarkdown

/// The rule that makes a word of a list item's text a tag: `#italian`, `#c++`, `#맛집` (a final
/// `.`, `,`, `;`, `:`, `!`, `?` or `)` is punctuation, not part of the tag). Shared by the list-file
/// parser and the tools that rewrite tags in place.
public enum ListFileTagWord {
    /// Characters trimmed from both ends of the name, as sentence punctuation.
    static let punctuation = CharacterSet(charactersIn: ".,;:!?)")

    /// The tag a word stands for, as a slice of `word` (so its position is known); nil when the word
    /// is not a tag: `#italian.` → `italian`, `#42` → nil, `#c#` → nil.
    public static func tagName(in word: Substring) -> Substring? {
        guard word.count > 1, word.first == "#" else { return nil }
        let scalars = word.unicodeScalars.dropFirst()
        guard let first = scalars.firstIndex(where: { !punctuation.contains($0) }),
            let last = scalars.lastIndex(where: { !punctuation.contains($0) })
        else { return nil }
        let name = Substring(scalars[first...last])
        guard !name.isEmpty, !name.allSatisfy(\.isNumber), name.allSatisfy(isNameCharacter) else { return nil }
        return name
    }

    /// The tag a word after an item's link stands for: nil unless the word is all plain text.
    public static func tagName(in word: MarkdownOutline.Word) -> Substring? {
        word.isPlain ? tagName(in: word.text[...]) : nil
    }

    /// Whether `name` can be written as a `#tag` word that reads back as exactly `name`.
    public static func canWrite(_ name: String) -> Bool {
        let word = "#" + name
        return tagName(in: word[...]).map { String($0) == name } ?? false
    }

    /// Letters and digits of any script, `-`, `_`, `+` and `.`.
    public static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_" || character == "+"
            || character == "."
    }
}
