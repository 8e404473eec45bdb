import Foundation
import LinkyHTML
import LinkyModel

/// Reads Netscape bookmark files (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`), as Chrome, Edge, Firefox,
/// Safari, Pinboard, linkding and linky-site's own `bookmarks.html` write them.
///
/// The file is parsed with libxml2's forgiving HTML parser, which nests the format's unclosed `<DT>`,
/// `<DD>` and `<p>` in ways that differ from exporter to exporter (a folder's `<DL>` can end up inside
/// the `<DD>` of its description). So the tree is not read as a tree: it is walked in document order
/// as a stream of events — `<H3>` names the folder that the next `<DL>` opens, `</DL>` closes it,
/// `<A>` is a bookmark in the innermost open folder, and a `<DD>` describes the item just before it.
///
/// - Top-level browser containers (the folder marked `PERSONAL_TOOLBAR_FOLDER` or
///   `UNFILED_BOOKMARKS_FOLDER`, and top-level folders named like "Bookmarks bar", "Bookmarks
///   Toolbar", "Favorites bar", "Other bookmarks", "Bookmarks Menu") are not folders of their own:
///   their bookmarks and sub-folders go to the top of the import.
/// - Safari's Reading List (`ID="com.apple.ReadingList"`) stays a folder; its bookmarks get `toread`.
/// - `ADD_DATE` (else `LAST_MODIFIED`) in any form `BookmarkTimestamp` reads; 0 is no date, and an
///   unreadable one a located warning.
/// - `TAGS` (also `TAG`, `LABELS`) are split as shaarli/netscape-bookmark-parser splits them: on
///   commas when there is one (`a, b c` → `a`, `b c`), else on whitespace (`private secret` → two).
///   linkding's `linkding:bookmarks.archived` is no tag but `archived: "true"`.
/// - `PRIVATE="1"` (or `true`, `yes`…) makes a draft, `TOREAD="1"` keeps `toread: "true"`, `FEEDURL`
///   keeps `feed` (and is the address of a feed bookmark without `HREF`); `ICON` and `ICON_URI` are
///   ignored.
/// - The description is the `<DD>` after the `<A>` — or, in a `<DT>` whose `<DD>` comes before its
///   `<A>`, that `<DD>` — else a `DESCRIPTION` or `NOTE` attribute (Scuttle's). An `<A>` inside a
///   description (Shaarli's thumbnail) is part of it, not a bookmark. linkding's
///   `[linkding-notes]…[/linkding-notes]` (the closing tag may be missing) is the note.
/// - A file without the DOCTYPE line (Google Bookmarks' export) is read when it has `<DT>` entries.
public enum NetscapeBookmarkReader {
    /// Reads the file's bytes (its charset is found as browsers find it: BOM, `<META>` charset, else
    /// UTF-8 or Windows-1252); `path` is how problems name the file.
    public static func read(_ bytes: [UInt8], path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        let text = Charset.detect(bytes: bytes, contentType: nil).decode(bytes)
        let document = HTMLDocument.parse(text)
        let anchors = document.descendants(named: "a")
        let hasDoctype = text.prefix(4096).range(of: "NETSCAPE-Bookmark-file", options: .caseInsensitive) != nil
        // Google Bookmarks wrote no DOCTYPE (its file starts with <META>, <TITLE> or <H1>): a file
        // whose bookmarks are `<DT><A HREF>` is one whatever its first line.
        let hasEntries = document.descendants(named: "dt").contains { entry in
            entry.descendants(named: "a").contains { $0.attribute("href") != nil } || !entry.elements.isEmpty
        }
        guard hasDoctype || hasEntries else {
            throw .notInFormat(
                path: path, line: nil, message: "the file is not a Netscape bookmark file (no <DT> entries)",
                hint: "export the bookmarks as HTML from the browser, or pick the format with --from pinboard|markdown")
        }
        var walker = Walker(lines: Self.anchorLines(in: text, expected: anchors.count), path: path)
        walker.walk(document)
        return ImportedBookmarks(entries: walker.entries, folders: walker.folders, problems: walker.problems)
    }
}

// MARK: - Walking

private extension NetscapeBookmarkReader {
    /// Elements that hold bookmarks or folders: inside a `<DD>` they are walked, not read as its text.
    static let structural: Set<String> = ["dl", "dt", "dd", "h3", "a", "p", "h1"]

    /// Top-level folders that are a browser's containers rather than the user's folders.
    static let containerNames: Set<String> = [
        "bookmarks bar", "bookmarks toolbar", "bookmarks menu", "favorites bar", "favourites bar", "favorites",
        "other bookmarks", "other favorites", "mobile bookmarks", "북마크바", "북마크 바", "북마크 메뉴", "기타 북마크",
        "모바일 북마크", "즐겨찾기 표시줄", "기타 즐겨찾기",
    ]

    struct Frame {
        /// The folder this `<DL>` belongs to, or nil for a `<DL>` no `<H3>` named (the outermost).
        var isFolder: Bool
        var path: [String]
        var isReadingList: Bool
    }

    struct Header {
        var name: String
        var flattened: Bool
        var isReadingList: Bool
    }

    enum Previous {
        case none
        case link(Int)
        case folder([String])
    }

    struct Walker {
        let lines: [Int]?
        let file: String
        var entries: [ImportedBookmarks.Entry] = []
        var folders: [ImportedBookmarks.Folder] = []
        var problems: [Diagnostic] = []
        var stack: [Frame] = []
        var pending: Header?
        var previous = Previous.none
        var anchorIndex = 0
        /// A `<DD>` that came before any `<A>` of its `<DT>` (linkding reads it as the next one's).
        var held: String?
        /// Inside a `<DD>` that describes an item: an `<A>` here is part of the text (a thumbnail).
        var inDescription = false

        init(lines: [Int]?, path: String) {
            self.lines = lines
            self.file = path
        }

        var path: [String] { stack.last?.path ?? [] }

        mutating func walk(_ node: HTMLNode) {
            switch node.name {
            case nil:
                return
            case "style", "script":
                skip(node)
            case "head", "title", "meta", "h1":
                // Not bookmarks; but in a file without a DOCTYPE (Google Bookmarks' export) the
                // parser, adding no <html> or <body>, can nest the rest of the file inside them.
                for child in node.children {
                    if ["dl", "dt", "dd", "p"].contains(child.name ?? "") { walk(child) } else { skip(child) }
                }
            case "dl":
                let parent = stack.last ?? Frame(isFolder: false, path: [], isReadingList: false)
                if let header = pending {
                    stack.append(
                        Frame(
                            isFolder: true, path: header.flattened ? parent.path : parent.path + [header.name],
                            isReadingList: parent.isReadingList || header.isReadingList))
                } else {
                    stack.append(Frame(isFolder: false, path: parent.path, isReadingList: parent.isReadingList))
                }
                pending = nil
                previous = .none
                held = nil
                walkChildren(of: node, inDescription: false)
                stack.removeLast()
                previous = .none
                held = nil
            case "dt":
                // A new item: a `<DD>` before its `<A>` or `<H3>` describes nothing earlier.
                previous = .none
                held = nil
                walkChildren(of: node, inDescription: false)
            case "h3":
                let name = node.textContent.collapsingWhitespace
                let topLevel = !stack.contains { $0.isFolder }
                let marked =
                    node.attribute("personal_toolbar_folder") == "true"
                    || node.attribute("unfiled_bookmarks_folder") == "true"
                let flattened =
                    topLevel && (marked || NetscapeBookmarkReader.containerNames.contains(name.lowercased()))
                let header = Header(
                    name: name.isEmpty ? "Untitled folder" : name, flattened: flattened,
                    isReadingList: node.attribute("id") == "com.apple.ReadingList")
                pending = header
                skip(node)
                previous = flattened ? .none : .folder(path + [header.name])
            case "a" where inDescription:
                skip(node)
            case "a":
                pending = nil
                let line = lines.flatMap { anchorIndex < $0.count ? $0[anchorIndex] : nil }
                anchorIndex += 1
                node.children.forEach { skip($0) }
                entries.append(entry(node, line: line))
                previous = .link(entries.count - 1)
                if let text = held {
                    held = nil
                    describePrevious(with: text)
                }
            case "dd":
                let describes: Bool
                if case .none = previous { describes = false } else { describes = true }
                if describes {
                    describePrevious(with: NetscapeBookmarkReader.inlineText(of: node, anchorsAreText: true))
                } else {
                    let text = NetscapeBookmarkReader.inlineText(of: node, anchorsAreText: false)
                    if !text.collapsingWhitespace.isEmpty { held = text }
                }
                previous = .none
                walkChildren(of: node, inDescription: describes, onlyStructural: true)
            default:
                for child in node.children { walk(child) }
            }
        }

        /// Walks `node`'s children with `inDescription` set as given, then as it was; with
        /// `onlyStructural`, children that hold no items (a `<DD>`'s text) are skipped.
        mutating func walkChildren(of node: HTMLNode, inDescription within: Bool, onlyStructural: Bool = false) {
            let outer = inDescription
            inDescription = within
            for child in node.children {
                if !onlyStructural || NetscapeBookmarkReader.structural.contains(child.name ?? "") {
                    walk(child)
                } else {
                    skip(child)
                }
            }
            inDescription = outer
        }

        /// A part of the tree that holds no bookmarks: its `<A>`s still count, to keep lines in step.
        mutating func skip(_ node: HTMLNode) {
            anchorIndex += node.descendants(named: "a").count + (node.name == "a" ? 1 : 0)
        }

        mutating func describePrevious(with text: String) {
            switch previous {
            case .none:
                return
            case .link(let index):
                var description = text
                if let notes = NetscapeBookmarkReader.linkdingNotes(in: description) {
                    description = notes.description
                    entries[index].note = notes.note
                }
                let collapsed = description.collapsingWhitespace
                if !collapsed.isEmpty { entries[index].description = collapsed }
            case .folder(let path):
                let collapsed = text.collapsingWhitespace
                if !collapsed.isEmpty { folders.append(.init(path: path, description: collapsed)) }
            }
        }

        mutating func entry(_ anchor: HTMLNode, line: Int?) -> ImportedBookmarks.Entry {
            let href = anchor.attribute("href").flatMap { $0.isEmpty ? nil : $0 }
            let feed = anchor.attribute("feedurl").flatMap { $0.isEmpty ? nil : $0 }
            var extra: [ImportedBookmarks.Entry.Extra] = []
            if anchor.attribute("toread") == "1" || stack.last?.isReadingList == true {
                extra.append(.init(key: "toread", value: "true"))
            }
            if let feed { extra.append(.init(key: "feed", value: feed)) }
            let location = SourceLocation(path: file, line: line)
            let date =
                BookmarkTimestamp.day(
                    anchor.attribute("add_date"), field: "ADD_DATE", at: location, problems: &problems)
                ?? BookmarkTimestamp.day(
                    anchor.attribute("last_modified"), field: "LAST_MODIFIED", at: location, problems: &problems)
            var tags = NetscapeBookmarkReader.tags(
                anchor.attribute("tags") ?? anchor.attribute("tag") ?? anchor.attribute("labels") ?? "")
            if let archived = tags.firstIndex(of: "linkding:bookmarks.archived") {
                tags.remove(at: archived)
                extra.append(.init(key: "archived", value: "true"))
            }
            return ImportedBookmarks.Entry(
                line: line, folders: path, url: href ?? feed, title: anchor.textContent.collapsingWhitespace,
                tags: tags, date: date,
                description: (anchor.attribute("description") ?? anchor.attribute("note"))?.collapsingWhitespace
                    .nilIfEmpty,
                draft: anchor.attribute("private").map(NetscapeBookmarkReader.isTrue) ?? false, extra: extra)
        }
    }

    /// A `<DD>`'s own text: its text and inline markup, not the folders and bookmarks the parser
    /// nested inside it; with `anchorsAreText`, the text of its `<A>`s too (they are its links).
    static func inlineText(of node: HTMLNode, anchorsAreText: Bool) -> String {
        node.children.map { child in
            if child.name == "br" { return "\n" }
            if child.name == "a" && anchorsAreText { return child.textContent }
            return structural.contains(child.name ?? "") ? "" : child.textContent
        }.joined()
    }

    /// linkding writes a bookmark's notes after its description, as `[linkding-notes]…[/linkding-notes]`;
    /// a missing closing tag ends the notes with the text, as linkding reads it.
    static func linkdingNotes(in text: String) -> (description: String, note: String)? {
        guard let open = text.range(of: "[linkding-notes]") else { return nil }
        let close =
            text.range(of: "[/linkding-notes]", range: open.upperBound..<text.endIndex)
            ?? text.endIndex..<text.endIndex
        let note = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        return (String(text[..<open.lowerBound]) + String(text[close.upperBound...]), note)
    }

    /// `TAGS` split as shaarli/netscape-bookmark-parser does: on commas when the value has one, else
    /// on whitespace.
    static func tags(_ value: String) -> [String] {
        let parts =
            value.contains(",")
            ? value.split(separator: ",").map(String.init)
            : value.split(whereSeparator: \.isWhitespace).map(String.init)
        return parts.map(\.collapsingWhitespace).filter { !$0.isEmpty }
    }

    /// `PRIVATE="1"`, and the other spellings of yes that bookmark files use.
    static func isTrue(_ value: String) -> Bool {
        ["1", "true", "yes", "y", "on", "t"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The line of each `<A` start tag, in document order (comments skipped): the parsed tree has no
    /// line numbers. Nil when the count disagrees with the parser's, so no entry gets a wrong line.
    static func anchorLines(in text: String, expected: Int) -> [Int]? {
        let bytes = Array(text.utf8)
        var lines: [Int] = []
        var line = 1
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
            } else if byte == UInt8(ascii: "<"), index + 1 < count {
                if bytes[(index + 1)...].starts(with: Array("!--".utf8)) {
                    index += 4
                    while index < count, !bytes[index...].starts(with: Array("-->".utf8)) {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                    index += 3
                    continue
                }
                let next = bytes[index + 1] | 0x20
                let after = index + 2 < count ? bytes[index + 2] : UInt8(ascii: ">")
                if next == UInt8(ascii: "a"), [UInt8(ascii: " "), 9, 10, 13, UInt8(ascii: ">")].contains(after) {
                    lines.append(line)
                }
            }
            index += 1
        }
        return lines.count == expected ? lines : nil
    }
}
