import LinkyBuild
import LinkyMarkdown
import LinkyModel

/// The `#tag` words of a list file's items, found in its bytes.
///
/// The body is outlined by cmark-gfm exactly as the build outlines it; the build takes an item's tags
/// from the plain text after its link, where markup is gone. The words are found again in the
/// source line, from where cmark-gfm says that text starts, and trusted only when they are the very
/// tags the build reads: a tag inside a code span, a link, emphasis or an escape is read by the
/// build but never rewritten, and a `#` anywhere else (URLs, headings, code blocks, notes) is
/// never looked at.
enum ListItemTags {
    /// The tags of every item that the build made a link of (`linkLines`: their file lines).
    static func locate(
        in file: SourceBytes, parts: SourceBytes.Parts, linkLines: Set<Int>
    ) throws(MarkdownTooDeep) -> [WrittenTags] {
        let outline = try MarkdownOutline(parsing: file.text(parts.body))
        let offset = parts.bodyFirstLine - 1
        var result: [WrittenTags] = []
        for block in outline.blocks {
            guard case .item(let item) = block, item.linkDestination != nil, linkLines.contains(item.line + offset)
            else { continue }
            let line = item.line + offset
            let expected = item.trailingWords.compactMap { ListFileTagWord.tagName(in: $0).map(String.init) }
            let names = expected.map { WrittenTags.Name(spelling: $0, identity: Tag.identity(of: $0)) }
            guard !expected.isEmpty else {
                result.append(WrittenTags(line: line, linkLine: line, names: [], layout: .words([])))
                continue
            }
            if let start = item.trailingTextStart, let words = words(in: file, from: start, lineOffset: offset),
                words.map({ String(decoding: file.bytes[$0.name], as: UTF8.self) }) == expected
            {
                result.append(WrittenTags(line: line, linkLine: line, names: names, layout: .words(words)))
            } else {
                result.append(
                    WrittenTags(
                        line: line, linkLine: line, names: names,
                        layout: .unlocated("a #tag of this item is inside a code span, a link, emphasis or an escape")))
            }
        }
        return result
    }

    /// The `#tag` words from `start` to the end of its line.
    static func words(
        in file: SourceBytes, from start: MarkdownOutline.Position, lineOffset: Int
    ) -> [WrittenTags.Word]? {
        let number = start.line + lineOffset
        guard number >= 1, number <= file.lines.count else { return nil }
        let line = file.lines[number - 1]
        let begin = line.lowerBound + start.column - 1
        guard begin >= line.lowerBound, begin <= line.upperBound else { return nil }
        let text = file.text(begin..<line.upperBound)
        guard text.utf8.elementsEqual(file.bytes[begin..<line.upperBound]) else { return nil }
        var words: [WrittenTags.Word] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            guard let name = ListFileTagWord.tagName(in: word) else { continue }
            func offset(_ index: String.Index) -> Int { begin + text.utf8.distance(from: text.startIndex, to: index) }
            words.append(
                WrittenTags.Word(
                    word: offset(word.startIndex)..<offset(word.endIndex),
                    name: offset(name.startIndex)..<offset(name.endIndex)))
        }
        return words
    }
}
