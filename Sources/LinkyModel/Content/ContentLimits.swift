/// How large a source file, a block of it and a note may be.
///
/// Markdown is rendered by cmark-gfm, whose time grows with the square of a paragraph's length
/// (1 MB of one paragraph: 0.8 s to over a minute, as its inlines go; 4 MB of emphasis and links: over
/// ten minutes), so a file, a paragraph or a note beyond these is refused, with an error naming it,
/// before it is parsed. A file of many short blocks reads in linear time (an exported list of
/// 10,000 links, 2.4 MB: 0.06 s). All are far above real ones: a long note is a few kilobytes, the
/// largest awesome lists about 300 KB, their longest paragraph a few.
public enum ContentLimits {
    /// Bytes of one file the build reads: a link file, a list file, `_index.md`, `linky.yml`, `tags.yml`.
    public static let maximumFileBytes = 8 << 20
    /// Bytes of one block of a file: lines with no blank line, list item, heading or table row
    /// between them (a paragraph, as cmark-gfm parses its inlines).
    public static let maximumBlockBytes = 512 << 10
    /// Bytes of one note: a link file's Markdown body.
    public static let maximumNoteBytes = 256 << 10

    /// Lists, block quotes and emphasis inside one another in a piece of Markdown (a list file, a
    /// note). Real lists nest a handful of levels; a list nested 10,000 deep is 20 KB, and reading
    /// it would overflow the stack.
    public static let maximumMarkdownDepth = 100
    /// Mappings and sequences inside one another in YAML (front matter, `linky.yml`, `tags.yml`).
    public static let maximumYAMLDepth = 100
    /// Folders below the content folder (each a category) and below `static/`, and `parent:` links of
    /// one tag in `tags.yml`: each page names every level above it, so a page's size grows with its
    /// depth and a site's with its square.
    public static let maximumFolderDepth = 32

    /// The line where a block longer than `maximumBlockBytes` starts, if the text has one: a
    /// block ends at a blank line and at each line that starts a list item, a heading or a table row.
    public static func oversizedBlock(in text: String) -> Int? {
        var (line, blockLine, blockBytes) = (0, 1, 0)
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            let content = rawLine.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if content.isEmpty || content.allSatisfy({ $0 == UInt8(ascii: "\r") }) {
                (blockLine, blockBytes) = (line + 1, 0)
                continue
            }
            if startsBlock(content) { (blockLine, blockBytes) = (line, 0) }
            blockBytes += rawLine.count + 1
            if blockBytes > maximumBlockBytes { return blockLine }
        }
        return nil
    }

    /// `- `, `* `, `+ `, `1. `, `1) `, `#`, `|`, `>`: a line that starts a block of its own.
    private static func startsBlock(_ line: Substring.UTF8View.SubSequence) -> Bool {
        guard let first = line.first else { return true }
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: "|"), UInt8(ascii: ">"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            let next = line.dropFirst().first
            return next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let marker = line.drop { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.first
            return marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")")
        default: return false
        }
    }

    /// `1 MB`, `256 KB`: a limit as the messages and the README say it.
    public static func shown(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
    }
}
