import LinkyModel

/// What a reader found in an import file, in the file's order, before anything is checked against
/// the site: every format (Netscape bookmarks, Pinboard JSON, Markdown lists) reads into this.
public struct ImportedBookmarks: Sendable {
    /// One bookmark as the file states it. The URL is kept as written: the importer checks it.
    public struct Entry: Sendable, Equatable {
        /// Where the entry starts in the import file, when known.
        public var line: Int?
        /// The folder names from the top of the import down, as written (Hangul, spaces and all).
        public var folders: [String]
        /// The address as written; nil when the entry has none.
        public var url: String?
        public var title: String
        public var tags: [String]
        /// The day it was saved, `YYYY-MM-DD` (UTC).
        public var date: String?
        public var description: String?
        /// Markdown for the link file's body.
        public var note: String?
        public var draft: Bool
        /// A favourite (`favorite: true`): Raindrop's, Instapaper's starred, Karakeep's favourited.
        public var favorite = false
        /// Kept as `extra.<key>`: `toread`, `feed`.
        public var extra: [Extra]

        public struct Extra: Sendable, Equatable {
            public var key: String
            public var value: String

            public init(key: String, value: String) {
                self.key = key
                self.value = value
            }
        }

        public init(
            line: Int?, folders: [String] = [], url: String?, title: String, tags: [String] = [],
            date: String? = nil, description: String? = nil, note: String? = nil, draft: Bool = false,
            extra: [Extra] = []
        ) {
            self.line = line
            self.folders = folders
            self.url = url
            self.title = title
            self.tags = tags
            self.date = date
            self.description = description
            self.note = note
            self.draft = draft
            self.extra = extra
        }
    }

    /// A folder's own text: its description (a bookmark file's `<DD>` after `<H3>`).
    public struct Folder: Sendable, Equatable {
        public var path: [String]
        public var description: String?

        public init(path: [String], description: String?) {
            self.path = path
            self.description = description
        }
    }

    public var entries: [Entry]
    /// Folders that have a description, by path.
    public var folders: [Folder]
    /// Entries the reader itself could not use (e.g. a list item whose link is broken), already
    /// diagnosed with their line.
    public var problems: [Diagnostic]

    public init(entries: [Entry], folders: [Folder] = [], problems: [Diagnostic] = []) {
        self.entries = entries
        self.folders = folders
        self.problems = problems
    }
}

/// Why an import file could not be read at all.
public enum ImportReadFailure: Error, Equatable, CustomStringConvertible {
    /// The bytes are not in the format asked for (e.g. not JSON, or no bookmarks at all).
    case notInFormat(path: String, line: Int?, message: String, hint: String)

    public var description: String {
        switch self {
        case .notInFormat(let path, let line, let message, _):
            "\(SourceLocation(path: path, line: line)): \(message)"
        }
    }

    /// The failure as a diagnostic (`LINKY193`).
    public var diagnostic: Diagnostic {
        switch self {
        case .notInFormat(let path, let line, let message, let hint):
            .error(.importUnreadableFile, at: SourceLocation(path: path, line: line), message, hint: hint)
        }
    }
}
