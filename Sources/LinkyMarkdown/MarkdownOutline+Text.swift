import CCmarkGFM
import Foundation

/// The text of a list item: its words after the link (plain or not), and a block's Markdown source.
extension MarkdownOutline {
    /// The words after `node` (from the start of `parent` when nil) up to the end of its line, each
    /// marked plain or not. Links in brackets of their own — `([Demo](…), [Source Code](…))`,
    /// `[[paper](…)]` — are left out: they are the item's secondary links, not its description.
    static func wordsAfter(_ node: OpaquePointer?, in parent: OpaquePointer, lines: [String]) -> [Word] {
        wordsAfter(node, in: parent, lines: lines, takingLabels: false).words
    }

    /// The words after `node`, as `wordsAfter(_:in:lines:)` finds them, and when `takingLabels`, the code
    /// spans that end the line (`` `MIT` `Nodejs/Docker` ``) taken out of them, in order: the item's
    /// labels (see `trailingLabels(of:codeParts:)`).
    static func wordsAfter(
        _ node: OpaquePointer?, in parent: OpaquePointer, lines: [String], takingLabels: Bool
    ) -> (words: [Word], labels: [String]) {
        var parts: [(text: String, isPlain: Bool)] = []
        // The parts that are code spans written directly in the paragraph (not inside emphasis).
        var codeParts: Set<Int> = []
        let first = node.map { cmark_node_next($0) } ?? cmark_node_first_child(parent)
        let omitted = bracketedLinks(from: first)
        var sibling = first
        while let current = sibling {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: sibling = nil; continue
            case CMARK_NODE_TEXT, CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                collectPlain(current, lines: lines, into: &parts)
            case CMARK_NODE_CODE:
                codeParts.insert(parts.count)
                parts.append((cmark_node_get_literal(current).map { String(cString: $0) } ?? "", false))
            case CMARK_NODE_LINK where omitted.contains(current) || isImageOnly(current): break
            case CMARK_NODE_HTML_INLINE: parts.append((" ", false))
            default: parts.append((inlineText(current), false))
            }
            sibling = cmark_node_next(current)
        }
        var labels: [String] = []
        if takingLabels {
            let leading = leadingLabels(of: parts, codeParts: codeParts)
            let taken = trailingLabels(of: parts, codeParts: codeParts).filter { !leading.contains($0) }
            labels =
                leading.map { parts[$0].text.trimmingCharacters(in: .whitespacesAndNewlines) }
                + taken.map { parts[$0].text }
            for index in (leading + taken).sorted().reversed() { parts.remove(at: index) }
        }
        var words: [Word] = []
        var word = ""
        var plain = true
        for part in parts {
            for character in part.text {
                if character.isWhitespace {
                    if !word.isEmpty { words.append(Word(text: word, isPlain: plain)) }
                    word = ""
                    plain = true
                } else {
                    word.append(character)
                    plain = plain && part.isPlain
                }
            }
        }
        if !word.isEmpty { words.append(Word(text: word, isPlain: plain)) }
        return (words, labels)
    }

    /// The indices of the code spans that open `parts`, right after the item's link and before the
    /// separator of its description: awesome-selfhosted's `⚠` (`- [Name](…) `⚠` - Description`), which
    /// marks software that depends on a proprietary service. A span the description goes on from
    /// (`- [Name](…) `libfoo` bindings`) is the description's, and stays text.
    static func leadingLabels(of parts: [(text: String, isPlain: Bool)], codeParts: Set<Int>) -> [Int] {
        var taken: [Int] = []
        var index = 0
        while index < parts.count {
            if codeParts.contains(index) {
                guard !parts[index].text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
                taken.append(index)
            } else if !parts[index].text.allSatisfy(\.isWhitespace) {
                let rest = parts[index].text.drop { $0.isWhitespace }
                return rest.first.map { "-–—:".contains($0) } == true ? taken : []
            }
            index += 1
        }
        return []
    }

    /// The indices of the code spans that end `parts` with only white space between them: an awesome
    /// list's labels (`- [ANALOG](…) - A minimal analytics tool. `MIT` `Nodejs/Docker``). They are
    /// labels when they follow the end of a sentence (`.`, `!`, `?`, `…`, a closing bracket), nothing
    /// but separators (`-`, `—`, `:`, `|`), or when there are two or more of them; a lone span ending a
    /// sentence that goes on up to it (`A wrapper for `libfoo``) is the sentence's, and stays text.
    static func trailingLabels(of parts: [(text: String, isPlain: Bool)], codeParts: Set<Int>) -> [Int] {
        var taken: [Int] = []
        var index = parts.count - 1
        while index >= 0 {
            if codeParts.contains(index) {
                let text = parts[index].text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { break }
                taken.append(index)
            } else if !parts[index].text.allSatisfy(\.isWhitespace) {
                break
            }
            index -= 1
        }
        guard !taken.isEmpty else { return [] }
        if taken.count >= 2 { return taken.reversed() }
        let before = parts[..<taken[0]].map(\.text).joined().trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = before.last else { return taken }
        let sentenceEnds: Set<Character> = [".", "!", "?", "…", ")", "]", "。", "！", "？"]
        let separators: Set<Character> = ["-", "–", "—", ":", "|", "·", ",", ";"]
        if sentenceEnds.contains(last) || before.allSatisfy({ separators.contains($0) || $0.isWhitespace }) {
            return taken
        }
        return []
    }

    /// Text and emphasis as parts; what an escape or an entity wrote is not plain.
    static func collectPlain(_ node: OpaquePointer, lines: [String], into parts: inout [(text: String, isPlain: Bool)])
    {
        if cmark_node_get_type(node) == CMARK_NODE_TEXT {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            parts += plainRuns(of: literal, node: node, lines: lines)
            return
        }
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_EMPH, CMARK_NODE_STRONG: collectPlain(current, lines: lines, into: &parts)
            case CMARK_NODE_CODE:
                parts.append((cmark_node_get_literal(current).map { String(cString: $0) } ?? "", false))
            default: parts.append((inlineText(current), false))
            }
            child = cmark_node_next(current)
        }
    }

    /// A text node's literal split into runs written as themselves and runs written as escapes
    /// (`\#`) or entities (`&#35;`). cmark-gfm merges adjacent text, so the literal is walked beside
    /// its source: where they stop agreeing (positions are approximate around autolinks), the rest
    /// counts as plain, as it did before escapes were told apart.
    static func plainRuns(of literal: String, node: OpaquePointer, lines: [String]) -> [(text: String, isPlain: Bool)] {
        let line = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        guard line >= 1, line <= lines.count, column >= 1 else { return [(literal, true)] }
        let source = Array(lines[line - 1].utf8)
        let text = Array(literal.utf8)
        guard column <= source.count, !text.isEmpty else { return [(literal, true)] }
        var plain = [Bool](repeating: true, count: text.count)
        var i = 0
        var j = column - 1
        walk: while i < text.count, j < source.count {
            let byte = source[j]
            if byte == UInt8(ascii: "\\"), j + 1 < source.count, source[j + 1] == text[i], source[j + 1] < 0x80,
                isASCIIPunctuation(source[j + 1])
            {
                plain[i] = false
                i += 1
                j += 2
            } else if byte == UInt8(ascii: "&"), text[i] != byte,
                let end = source[j...].prefix(40).firstIndex(of: UInt8(ascii: ";"))
            {
                // The entity's decoded bytes run until the text meets the source again after `;`.
                let resume = end + 1
                let first = i
                repeat {
                    plain[i] = false
                    i += 1
                } while i < text.count && i - first < 8 && (resume >= source.count || text[i] != source[resume])
                j = resume
            } else if byte == text[i] {
                i += 1
                j += 1
            } else {
                break walk
            }
        }
        var runs: [(text: String, isPlain: Bool)] = []
        var start = 0
        for index in 1...text.count where index == text.count || plain[index] != plain[start] {
            runs.append((String(decoding: text[start..<index], as: UTF8.self), plain[start]))
            start = index
        }
        return runs
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    /// Text of an inline subtree without collapsing its edges (plainText trims, which would glue words).
    static func inlineText(_ node: OpaquePointer) -> String {
        if cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE {
            // `[<img alt="Logo" …>](…)`, `<b>x</b>`: a tag stands for its `alt`, or for nothing.
            return HTMLFragment.inlineText(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
        }
        if let literal = cmark_node_get_literal(node) { return String(cString: literal) }
        var text = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            text += inlineText(current)
            child = cmark_node_next(current)
        }
        return text
    }

    /// The source lines of a block, with the indentation they share removed.
    static func source(of node: OpaquePointer, lines: [String]) -> String {
        let start = max(Int(cmark_node_get_start_line(node)), 1)
        let end = min(max(Int(cmark_node_get_end_line(node)), start), lines.count)
        guard start <= end, start <= lines.count else { return "" }
        return dedented(lines[(start - 1)..<end])
    }

    static func dedented(_ slice: ArraySlice<String>) -> String {
        let indent =
            slice.filter { !$0.allSatisfy(\.isWhitespace) }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return slice.map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }
            .joined(separator: "\n")
    }
}
