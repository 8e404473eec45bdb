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
/// - `ADD_DATE` (else `LAST_MODIFIED`) is Unix time in seconds, milliseconds or microseconds; 0 is no date.
/// - `TAGS="a,b"` are tags, `PRIVATE="1"` makes a draft, `TOREAD="1"` keeps `toread: "true"`,
///   `FEEDURL` keeps `feed` (and is the address of a feed bookmark without `HREF`); `ICON` and
///   `ICON_URI` are ignored. linkding's `[linkding-notes]…[/linkding-notes]` in a `<DD>` is the note.
public enum NetscapeBookmarkReader {
    /// Reads the file's bytes (its charset is found as browsers find it: BOM, `<META>` charset, else
    /// UTF-8 or Windows-1252); `path` is how problems name the file.
    public static func read(_ bytes: [UInt8], path: String) throws(ImportReadFailure) -> ImportedBookmarks {
        let text = Charset.detect(bytes: bytes, contentType: nil).decode(bytes)
        let document = HTMLDocument.parse(text)
        let anchors = document.descendants(named: "a")
        let hasDoctype = text.prefix(4096).range(of: "NETSCAPE-Bookmark-file", options: .caseInsensitive) != nil
        guard hasDoctype || document.descendants(named: "dt").contains(where: { !$0.elements.isEmpty }) else {
            throw .notInFormat(
                path: path, line: nil, message: "the file is not a Netscape bookmark file (no <DT> entries)",
                hint: "export the bookmarks as HTML from the browser, or pick the format with --from pinboard|markdown")
        }
        var walker = Walker(lines: Self.anchorLines(in: text, expected: anchors.count))
        walker.walk(document)
        return ImportedBookmarks(entries: walker.entries, folders: walker.folders)
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
        var entries: [ImportedBookmarks.Entry] = []
        var folders: [ImportedBookmarks.Folder] = []
        var stack: [Frame] = []
        var pending: Header?
        var previous = Previous.none
        var anchorIndex = 0

        init(lines: [Int]?) {
            self.lines = lines
        }

        var path: [String] { stack.last?.path ?? [] }

        mutating func walk(_ node: HTMLNode) {
            switch node.name {
            case nil:
                return
            case "head", "title", "meta", "style", "script", "h1":
                skip(node)
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
                for child in node.children { walk(child) }
                stack.removeLast()
                previous = .none
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
            case "a":
                pending = nil
                let line = lines.flatMap { anchorIndex < $0.count ? $0[anchorIndex] : nil }
                anchorIndex += 1
                node.children.forEach { skip($0) }
                entries.append(entry(node, line: line))
                previous = .link(entries.count - 1)
            case "dd":
                describePrevious(with: NetscapeBookmarkReader.inlineText(of: node))
                previous = .none
                for child in node.children {
                    if NetscapeBookmarkReader.structural.contains(child.name ?? "") { walk(child) } else { skip(child) }
                }
            default:
                for child in node.children { walk(child) }
            }
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

        func entry(_ anchor: HTMLNode, line: Int?) -> ImportedBookmarks.Entry {
            let href = anchor.attribute("href").flatMap { $0.isEmpty ? nil : $0 }
            let feed = anchor.attribute("feedurl").flatMap { $0.isEmpty ? nil : $0 }
            var extra: [ImportedBookmarks.Entry.Extra] = []
            if anchor.attribute("toread") == "1" || stack.last?.isReadingList == true {
                extra.append(.init(key: "toread", value: "true"))
            }
            if let feed { extra.append(.init(key: "feed", value: feed)) }
            let seconds =
                BookmarkTimestamp.seconds(anchor.attribute("add_date"))
                ?? BookmarkTimestamp.seconds(anchor.attribute("last_modified"))
            let tags = (anchor.attribute("tags") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return ImportedBookmarks.Entry(
                line: line, folders: path, url: href ?? feed, title: anchor.textContent.collapsingWhitespace,
                tags: tags.filter { !$0.isEmpty }, date: seconds.map { LinkDate.day(ofInstant: $0).isoDay },
                draft: anchor.attribute("private") == "1", extra: extra)
        }
    }

    /// A `<DD>`'s own text: its text and inline markup, not the folders and bookmarks the parser
    /// nested inside it.
    static func inlineText(of node: HTMLNode) -> String {
        node.children.map { child in
            if child.name == "br" { return "\n" }
            return structural.contains(child.name ?? "") ? "" : child.textContent
        }.joined()
    }

    /// linkding writes a bookmark's notes after its description, as `[linkding-notes]…[/linkding-notes]`.
    static func linkdingNotes(in text: String) -> (description: String, note: String)? {
        guard let open = text.range(of: "[linkding-notes]"),
            let close = text.range(of: "[/linkding-notes]", range: open.upperBound..<text.endIndex)
        else { return nil }
        let note = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        return (String(text[..<open.lowerBound]) + String(text[close.upperBound...]), note)
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
