/// How large a source file and a note may be.
///
/// Markdown is rendered by cmark-gfm, whose time grows with the square of a paragraph's length
/// (1 MB of one paragraph: 0.8 s; 4 MB: 15 s; 50 MB: minutes), so a file or note beyond these is
/// refused, with an error naming it, before it is parsed. Both are far above real ones: a long
/// note is a few kilobytes, the largest awesome lists about 300 KB.
public enum ContentLimits {
    /// Bytes of one file the build reads: a link file, a list file, `_index.md`, `linky.yml`, `tags.yml`.
    public static let maximumFileBytes = 1 << 20
    /// Bytes of one note: a link file's Markdown body.
    public static let maximumNoteBytes = 256 << 10

    /// `1 MB`, `256 KB`: a limit as the messages and the README say it.
    public static func shown(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
    }
}
