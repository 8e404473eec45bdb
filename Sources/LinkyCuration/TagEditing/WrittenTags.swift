import LinkyBuild
import LinkyModel

/// One place where tag names are written — a link's `tags:` value, the `#tag` words of a list item,
/// an entry's key or `parent:` in `tags.yml` — with the exact bytes of each name, so that a name
/// can be replaced (or, when a merge leaves a link with a tag twice, dropped) without touching any
/// other byte of the file.
struct WrittenTags: Sendable {
    /// One tag name as written.
    struct Name: Sendable, Equatable {
        /// The name's own characters as written (no quotes, leading `#` or surrounding spaces).
        var spelling: String
        /// Its identity (`Tag.identity(of:)` of what the build reads).
        var identity: String
    }

    /// A YAML list item: its scalar, and the bytes of the name within its value.
    struct Item: Sendable {
        var scalar: YAMLScalarSource
        var name: Range<Int>
    }

    /// One tag of a comma-separated string, as byte ranges of the scalar's value.
    struct Piece: Sendable {
        /// The piece without the white space around it.
        var trimmed: Range<Int>
        var name: Range<Int>
    }

    /// A `#tag` word of a list item, as byte ranges of the file.
    struct Word: Sendable {
        var word: Range<Int>
        var name: Range<Int>
    }

    enum Layout: Sendable {
        /// `tags: [a, b]` or a block list of `- a` lines.
        case sequence(flow: Bool, items: [Item])
        /// `tags: a, b` (plain or quoted).
        case commaSeparated(YAMLScalarSource, pieces: [Piece])
        /// One name: a `tags.yml` key or `parent:` value.
        case scalar(Item)
        /// `#tag` words after a list item's link.
        case words([Word])
        /// The names were read, but where exactly they are written could not be pinned down: they
        /// are never edited (the reason says why).
        case unlocated(String)
    }

    /// The line reported when something goes wrong here.
    var line: Int
    /// The source line of the link these are the tags of (1 for a link file, the item's line in a
    /// list file); nil for names that are not a link's tags.
    var linkLine: Int?
    var names: [Name]
    var layout: Layout
}

/// A replacement of some bytes of a file.
struct ByteEdit: Sendable, Equatable {
    var range: Range<Int>
    var replacement: [UInt8]
}

// MARK: - Editing

extension WrittenTags {
    /// The byte edits that write `renaming`'s new spellings (by name index) and drop the names at
    /// `removing` together with their separators.
    func edits(renaming: [Int: String], removing: Set<Int>, in file: SourceBytes) -> Result<[ByteEdit], TagEditProblem>
    {
        guard !renaming.isEmpty || !removing.isEmpty else { return .success([]) }
        let location = SourceLocation(path: file.path, line: line)
        switch layout {
        case .unlocated(let reason):
            return .failure(
                TagEditProblem(
                    location: location, message: "the tags here are not rewritten: \(reason)",
                    hint: "change this link's tags by hand, then run the command again"))
        case .scalar(let item):
            guard let name = renaming[0] else { return .success([]) }
            return .success(scalarEdits(item.scalar, [(item.name, name)]))
        case .sequence(let flow, let items):
            var edits: [ByteEdit] = []
            for (index, name) in renaming.sorted(by: { $0.key < $1.key }) {
                edits += scalarEdits(items[index].scalar, [(items[index].name, name)])
            }
            guard !removing.isEmpty else { return .success(edits) }
            let removals =
                flow
                ? flowRemovals(items.map(\.scalar.token), removing, file: file)
                : blockRemovals(items.map(\.scalar.token), removing, file: file)
            guard let removals else {
                return .failure(
                    TagEditProblem(
                        location: location,
                        message:
                            "a repeated tag cannot be dropped from this list without touching a comment or its layout",
                        hint: "remove the repeated tag by hand, then run the command again"))
            }
            return .success(edits + removals)
        case .commaSeparated(let scalar, let pieces):
            if renaming.values.contains(where: { $0.contains(",") }) {
                return .failure(
                    TagEditProblem(
                        location: location,
                        message:
                            "the tags here are one comma-separated string, so a tag written here cannot contain a comma",
                        hint:
                            "write this link's tags as a list (`tags: [a, b]`) first, or choose a name without a comma")
                )
            }
            var changes: [(Range<Int>, String)] = renaming.map { (pieces[$0.key].name, $0.value) }
            guard let removals = Self.removals(pieces.map(\.trimmed), removing) else { return .success([]) }
            changes += removals.map { ($0.range, "") }
            return .success(scalarEdits(scalar, changes))
        case .words(let words):
            var edits: [ByteEdit] = []
            for (index, name) in renaming {
                guard ListFileTagWord.canWrite(name) else {
                    return .failure(
                        TagEditProblem(
                            location: location,
                            message:
                                "\"\(name)\" cannot be written as a #tag of a list item (one word of letters, digits, `-`, `_`, `+` and `.`, not only digits)",
                            hint:
                                "choose a name without spaces or other punctuation, e.g. \"\(Self.suggestedWord(name))\""
                        ))
                }
                edits.append(ByteEdit(range: words[index].name, replacement: Array(name.utf8)))
            }
            for index in removing {
                edits.append(ByteEdit(range: Self.wordRemoval(words[index].word, in: file.bytes), replacement: []))
            }
            return .success(edits)
        }
    }

    /// A name that the `#tag` rule accepts, to suggest: spaces and other punctuation become `-`.
    static func suggestedWord(_ name: String) -> String {
        var result = ""
        for character in name {
            let keep = ListFileTagWord.isNameCharacter(character)
            if keep {
                result.append(character)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        while result.hasSuffix("-") || result.hasSuffix(".") { result.removeLast() }
        return result.isEmpty ? "tag" : result
    }
}

// MARK: - Helpers

private extension WrittenTags {
    /// Edits inside one scalar: each value range replaced by its text. A plain scalar that cannot hold
    /// a new name as it is becomes one double-quoted scalar (the only case where bytes around the
    /// names change: the quotes, and escapes of what was already there).
    func scalarEdits(_ scalar: YAMLScalarSource, _ changes: [(Range<Int>, String)]) -> [ByteEdit] {
        let written = changes.map { scalar.written($0.1) }
        if written.allSatisfy({ $0 != nil }) {
            return zip(changes, written).map { change, text in
                ByteEdit(range: scalar.fileRange(of: change.0), replacement: Array(text!.utf8))
            }
        }
        var value = scalar.value
        for (range, text) in changes.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            value.replaceSubrange(range, with: Array(text.utf8))
        }
        let quoted = "\"" + YAMLScalarSource.escapedForDoubleQuotes(String(decoding: value, as: UTF8.self)) + "\""
        return [ByteEdit(range: scalar.token, replacement: Array(quoted.utf8))]
    }

    /// What to cut to drop the items at `removing` of a comma-separated list whose items are at
    /// `items`: an item and the separator after it (`a, b, c` → `a, c`), or, for items after the last
    /// kept one, the separator before it (`a, b` → `a`). `gap` is the separator cut with each item.
    /// Nil when every item would go.
    static func removals(
        _ items: [Range<Int>], _ removing: Set<Int>
    ) -> [(range: Range<Int>, gap: Range<Int>)]? {
        guard let lastKept = items.indices.last(where: { !removing.contains($0) }) else { return nil }
        return removing.sorted().map { index in
            index < lastKept
                ? (
                    items[index].lowerBound..<items[index + 1].lowerBound,
                    items[index].upperBound..<items[index + 1].lowerBound
                )
                : (
                    items[index - 1].upperBound..<items[index].upperBound,
                    items[index - 1].upperBound..<items[index].lowerBound
                )
        }
    }

    /// Drops items of a flow list with one comma each; nil when a separator holds anything but white
    /// space and that comma (a comment, say).
    func flowRemovals(_ tokens: [Range<Int>], _ removing: Set<Int>, file: SourceBytes) -> [ByteEdit]? {
        guard let removals = Self.removals(tokens, removing) else { return nil }
        var edits: [ByteEdit] = []
        for (range, gap) in removals {
            let separator = file.bytes[gap].filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            guard separator == [UInt8(ascii: ",")] else { return nil }
            edits.append(ByteEdit(range: range, replacement: []))
        }
        return edits
    }

    /// Drops items of a block list: each item's whole line (indentation, `- `, the name and any
    /// comment after it); nil when a line holds anything else.
    func blockRemovals(_ tokens: [Range<Int>], _ removing: Set<Int>, file: SourceBytes) -> [ByteEdit]? {
        var edits: [ByteEdit] = []
        for index in removing.sorted() {
            let token = tokens[index]
            let number = file.line(of: token.lowerBound)
            let line = file.lines[number - 1]
            guard token.upperBound <= line.upperBound else { return nil }
            let before = file.bytes[line.lowerBound..<token.lowerBound].filter { $0 != 0x20 && $0 != 0x09 }
            let after = file.bytes[token.upperBound..<line.upperBound].drop { $0 == 0x20 || $0 == 0x09 }
            guard before == [UInt8(ascii: "-")], after.isEmpty || after.first == UInt8(ascii: "#") else { return nil }
            edits.append(ByteEdit(range: line.lowerBound..<file.lineStart(number + 1), replacement: []))
        }
        return edits
    }

    /// A `#tag` word with the white space before it (or after it, when it comes first).
    static func wordRemoval(_ word: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var start = word.lowerBound
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        if start < word.lowerBound { return start..<word.upperBound }
        var end = word.upperBound
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return word.lowerBound..<end
    }
}
