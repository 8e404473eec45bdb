import Foundation
import LinkyModel

extension SiteScaffold {
    /// What `new --force` did to a folder that already had files.
    public struct Adoption: Sendable, Equatable {
        /// Files written, relative to the folder.
        public var written: [String] = []
        /// Files that were there and are left as they were.
        public var kept: [String] = []
        /// `.gitignore` lines added to an existing `.gitignore`.
        public var ignoredLines: [String] = []
    }

    /// The files `adopt` adds to a folder that has its own content: no example links, no README.
    static let adoptedFiles = ["linky.yml", ".gitignore", ".github/workflows/pages.yml"]

    /// `new --force`: makes an existing folder (an awesome list's repository, say) a site without
    /// touching any file it has: writes `linky.yml` and the workflow where there are none, adds the
    /// missing lines to `.gitignore`, and, given `listFrom` (a Markdown file in the folder, its README),
    /// copies it as a list file into the content folder, its first `# heading` as the list's title.
    public func adopt(title: String? = nil, release: String? = nil, listFrom: String? = nil) throws -> Adoption {
        let manager = FileManager.default
        var adoption = Adoption()
        var list: (path: String, text: String, title: String?, from: String)?
        if let listFrom {
            let source = folder.appending(path: listFrom)
            guard let data = manager.contents(atPath: source.path) else { throw Failure.unreadable(listFrom) }
            let (listTitle, body) = Self.splitTitle(String(decoding: data, as: UTF8.self))
            let name = Slug.make(listTitle ?? folder.lastPathComponent)
            list = ("links/\(name.isEmpty ? "list" : name).md", body, listTitle, listFrom)
        }
        let siteTitle = title ?? list?.title
        for path in Self.adoptedFiles {
            let destination = folder.appending(path: path)
            var contents = Self.scaffoldText(path, title: siteTitle, release: release)
            if path == "linky.yml" {
                // The example's address and author are not this site's: left for the owner to fill in.
                contents = contents.replacingOccurrences(
                    of: "base_url: https://example.com/links/\n", with: "# base_url: https://example.com/links/\n"
                ).replacingOccurrences(of: "author: Your Name\n", with: "# author: Your Name\n")
                    .replacingOccurrences(
                        of: "description: Links worth keeping — 다시 볼 만한 링크 모음.\n", with: "# description: …\n")
            }
            if path == ".github/workflows/pages.yml" {
                // A list written for GitHub (its README) may hold what a site cannot show (a link in
                // its License section): that is a warning, and the first publish should not fail on it.
                contents = contents.replacingOccurrences(
                    of: "          strict: true\n",
                    with: "          # strict: true   (fails on warnings too; `linky-site check` lists them)\n")
            }
            if path == ".gitignore", let existing = manager.contents(atPath: destination.path) {
                let text = String(decoding: existing, as: UTF8.self)
                let lines = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
                let missing = contents.split(separator: "\n").map(String.init).filter { !lines.contains($0) }
                adoption.ignoredLines = missing
                guard !missing.isEmpty else {
                    adoption.kept.append(path)
                    continue
                }
                let joined =
                    (text.isEmpty || text.hasSuffix("\n") ? text : text + "\n") + missing.joined(separator: "\n")
                try ConfinedFolder(folder).write(Data((joined + "\n").utf8), to: path)
                adoption.written.append(path)
                continue
            }
            if manager.fileExists(atPath: destination.path) {
                adoption.kept.append(path)
                continue
            }
            try write(contents, to: path)
            adoption.written.append(path)
        }
        if let list {
            if manager.fileExists(atPath: folder.appending(path: list.path).path) {
                adoption.kept.append(list.path)
            } else {
                // `dates_from`: its items are dated by when they landed in the README, not in the copy.
                let frontMatter =
                    "---\ntitle: \(Self.yamlQuoted(list.title ?? folder.lastPathComponent))\n"
                    + "dates_from: \(Self.yamlQuoted(list.from))\n---\n"
                try write(frontMatter + list.text, to: list.path)
                adoption.written.append(list.path)
            }
        }
        return adoption
    }

    /// The README to read the list from when `new --force` is given no `--list-from`: a folder with no
    /// site of its own (no `linky.yml`, no `links/`) whose README holds at least three list items with
    /// web links — an awesome list's repository. Adopting it without the list would give a site that
    /// does not build (no content folder).
    public func readmeList() -> String? {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: folder.appending(path: "linky.yml").path),
            !manager.fileExists(atPath: folder.appending(path: "links").path),
            let names = try? manager.contentsOfDirectory(atPath: folder.path)
        else { return nil }
        for name in names.sorted() where name.lowercased() == "readme.md" {
            guard let file = try? RegularFile.data(at: folder.appending(path: name)) else {
                continue
            }
            var items = 0
            for line in String(decoding: file, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
                let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == ">" }
                guard let marker = trimmed.first, "-*+".contains(marker) || trimmed.hasPrefix("<li") else { continue }
                if trimmed.contains("](http") || trimmed.contains("href=\"http") { items += 1 }
                if items >= 3 { return name }
            }
        }
        return nil
    }

    /// A Markdown text's first `# heading` (ATX, level 1, outside code) and the text without it.
    static func splitTitle(_ text: String) -> (String?, String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var fenced = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { fenced.toggle() }
            guard !fenced, line.hasPrefix("# ") else { continue }
            let title = plainText(String(line.dropFirst(2)))
            lines.remove(at: index)
            if index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
                lines.remove(at: index)
            }
            return (title.isEmpty ? nil : title, lines.joined(separator: "\n"))
        }
        return (nil, text)
    }

    /// A heading's words: badges (images, linked or not) dropped, links' text kept, emphasis and code
    /// marks removed: `Awesome Rust [![lint](…)](…)` is `Awesome Rust`.
    static func plainText(_ markdown: String) -> String {
        var text = markdown
        let rules: [(Regex<Substring>, String)] = [
            (try! Regex(#"\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)"#), ""),  // a linked badge
            (try! Regex(#"!\[[^\]]*\]\([^)]*\)"#), ""),  // an image
            (try! Regex(#"<[^>]+>"#), ""),  // inline HTML
        ]
        for (pattern, replacement) in rules { text = text.replacing(pattern, with: replacement) }
        text = text.replacing(try! Regex(#"\[([^\]]*)\]\([^)]*\)"#)) { String($0.output[1].substring ?? "") }
        text = text.filter { !"*_`".contains($0) }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func write(_ text: String, to path: String) throws {
        let site = try ConfinedFolder(folder)
        // Never over a file (or a link) already there.
        var status = stat()
        guard lstat(try site.path(path), &status) != 0 else {
            throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: folder.appending(path: path).path])
        }
        try site.write(Data(text.utf8), to: path)
    }
}
