import Foundation
import LinkyBuild
import LinkyModel

/// `linky-site add`: where a new link goes and what it says, checked against the collection
/// before anything is fetched or written.
public struct LinkAddition: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalidURL(String, message: String, hint: String)
        case duplicate(url: String, existing: SourceLocation)
        case invalidCategory(String, reason: String)
        case invalidDate(String)
        case tagNotWritable(String, reason: String)
        case write(String)

        public var description: String {
            switch self {
            case .invalidURL(let url, let message, _): "\(url): \(message)"
            case .duplicate(let url, let existing):
                "\(url) is already in the collection: \(existing.path)\(existing.line.map { ":\($0)" } ?? "")"
            case .invalidCategory(let category, let reason): "the category \"\(category)\" cannot be used: \(reason)"
            case .invalidDate(let date): "\"\(date)\" is not a date"
            case .tagNotWritable(let tag, let reason): "the tag \"\(tag)\" cannot be written: \(reason)"
            case .write(let message): message
            }
        }

        public var hint: String {
            switch self {
            case .invalidURL(_, _, let hint): hint
            case .duplicate: "edit that file instead, or pass --force to add the link a second time"
            case .invalidCategory: "give a folder path inside the content folder, e.g. --category reading/swift"
            case .invalidDate: "write the day as YYYY-MM-DD, e.g. --date 2024-05-01"
            case .tagNotWritable:
                "list files write tags as #words: use a tag without spaces, or add to a folder category"
            case .write: "check the folder's permissions and free space"
            }
        }
    }

    /// What the user asked for on the command line.
    public struct Request: Sendable {
        public var url: String
        public var category: String?
        public var tags: [String] = []
        public var title: String?
        public var description: String?
        public var note: String?
        /// `YYYY-MM-DD` or ISO 8601; nil means `today`.
        public var date: String?
        public var favorite = false
        public var draft = false
        /// Add even when the collection already has the URL.
        public var force = false

        public init(url: String) {
            self.url = url
        }
    }

    /// Where the link will be written.
    public enum Destination: Sendable, Equatable {
        /// A new link file in this folder (relative to the site), created with its `_index.md`
        /// (carrying `title`) when the folder is new and its name had to be made a slug.
        case folder(path: String, newTitles: [String: String])
        /// A new item in this list file (relative to the site): at the end of the section under
        /// these headings, or of the part before the first heading when there are none.
        case listFile(path: String, section: [String])
    }

    /// A request checked against the site: ready to fetch metadata for and write.
    public struct Plan: Sendable {
        public var url: LinkURL
        public var destination: Destination
        public var request: Request
        public var date: String
        /// Content errors in other files, reported but not in the way.
        public var siteErrorCount: Int
    }

    public let siteFolder: URL

    public init(siteFolder: URL) {
        self.siteFolder = siteFolder.standardizedFileURL
    }

    /// Validates the URL, refuses a duplicate (unless forced), and finds the category.
    public func plan(_ request: Request, today: String) async throws(Failure) -> Plan {
        var options = BuildOptions(siteFolder: siteFolder)
        options.writeOutput = false
        options.includeDrafts = true
        let report = await SiteBuilder().build(options)
        let config = report.site?.config ?? SiteConfig()
        let url: LinkURL
        do {
            url = try LinkURL(parsing: request.url, allowedSchemes: config.allowedSchemes)
        } catch {
            throw .invalidURL(request.url, message: error.message, hint: error.hint)
        }
        if !request.force, let existing = report.site?.links.first(where: { $0.url.comparisonKey == url.comparisonKey })
        {
            throw .duplicate(url: url.displayString, existing: existing.urlSource)
        }
        if let date = request.date, LinkDate(parsing: date) == nil { throw .invalidDate(date) }
        let listFiles = report.site?.listFilePaths ?? []
        let destination = try destination(for: request.category, contentDir: config.contentDir, listFiles: listFiles)
        if case .listFile = destination {
            for tag in request.tags where tag.contains(where: \.isWhitespace) || tag.contains("#") {
                throw .tagNotWritable(tag, reason: "a list file's #tag is one word")
            }
        }
        let errors = report.diagnostics.filter { $0.severity == .error && $0.code != .missingContentFolder }
        return Plan(
            url: url, destination: destination, request: request, date: request.date ?? today,
            siteErrorCount: errors.count)
    }

    /// Writes the link: what the user gave wins over what the page says.
    ///
    /// - Returns: the file written or appended to, relative to the site folder.
    public func write(_ plan: Plan, fetched: MetadataCache.Entry?) throws(Failure) -> String {
        let request = plan.request
        let title = [request.title, fetched?.title].compactMap { $0?.collapsingWhitespace }.first { !$0.isEmpty }
        let link = NewLink(
            url: plan.url, title: title ?? plan.url.fallbackTitle, tags: request.tags, date: plan.date,
            description: request.description ?? fetched?.description,
            image: LinkURL(stored: fetched?.image), favorite: request.favorite,
            draft: request.draft, note: request.note)
        // The new folders' `_index.md` and the link file, or the list file, in one `SiteTransaction`.
        var changes: [SiteTransaction.Change] = []
        let written: String
        switch plan.destination {
        case .folder(let path, let newTitles):
            for (folder, title) in newTitles.sorted(by: { $0.key < $1.key }) {
                let text = CategoryIndexFile.text(title: title, description: nil)
                changes.append(
                    .init(path: folder + "/" + CategoryIndexFile.name, kind: .create, bytes: Array(text.utf8)))
            }
            var taken: Set<String> = []
            written = LinkFileWriter.availablePath(
                for: LinkFileWriter.fileName(for: link), in: path, siteFolder: siteFolder, taken: &taken)
            changes.append(.init(path: written, kind: .create, bytes: Array(LinkFileWriter.text(for: link).utf8)))
        case .listFile(let path, let section):
            let original: String
            do {
                original = try RegularFile.text(at: siteFolder.appending(path: path))
            } catch {
                throw .write("cannot read \(path): \(error.systemReason)")
            }
            let updated = try ListFileAppender.inserting(
                ListFileAppender.item(for: link), into: original, section: section,
                file: (path as NSString).lastPathComponent)
            changes.append(.init(path: path, kind: .replace, bytes: Array(updated.utf8)))
            written = path
        }
        do {
            try SiteTransaction.commit(changes, in: siteFolder)
        } catch {
            throw .write("cannot write \(error.path): \(error.reason)")
        }
        return written
    }
}

// MARK: - Private

private extension LinkAddition {
    /// `reading/swift` → an existing folder matched by name or slug (`Reading` finds `reading/`),
    /// a list file matched the same way (`places-to-eat`), or a new folder named by slug.
    func destination(for category: String?, contentDir: String, listFiles: Set<String>) throws(Failure) -> Destination {
        guard let category, !category.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .folder(path: contentDir, newTitles: [:])
        }
        let components: [String]
        do {
            components = try CategoryPath.components(category)
        } catch {
            throw .invalidCategory(category, reason: error.reason)
        }
        var path = contentDir
        var newTitles: [String: String] = [:]
        var creating = false
        for (index, component) in components.enumerated() {
            let folder = siteFolder.appending(path: path)
            var entries: [String] = []
            if !creating, isFolder(folder) {
                do {
                    entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                } catch {
                    throw .write("cannot read the folder \(path): \(error.systemReason)")
                }
            }
            let wanted = Slug.make(component)
            if let match = entries.sorted().first(where: {
                isFolder(folder.appending(path: $0)) && matches($0, component)
            }) {
                path += "/" + match
                continue
            }
            if let list = entries.sorted().first(where: { name in
                name.hasSuffix(".md") && listFiles.contains(path + "/" + name)
                    && matches(String(name.dropLast(3)), component)
            }) {
                return .listFile(path: path + "/" + list, section: Array(components[(index + 1)...]))
            }
            creating = true
            path += "/" + wanted
            if wanted != component { newTitles[path] = component }
        }
        return .folder(path: path, newTitles: newTitles)
    }

    func matches(_ name: String, _ wanted: String) -> Bool {
        name.nfc == wanted || name.nfc.lowercased() == wanted.lowercased() || Slug.make(name) == Slug.make(wanted)
    }

    func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
