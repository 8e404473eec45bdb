import Foundation

/// The pictures `linky-site fetch` downloaded for link cards, made small and kept in the site's
/// `pictures/` folder (committed beside `metadata.json`): for each source address (a page's preview
/// picture or a site's icon, as `metadata.json` or a link file names it), the files made from it.
/// `build` reads it and copies the files the pages use; it never downloads. Sorted, pretty-printed
/// JSON, so a fetch shows as a small diff.
public struct PictureIndex: Sendable, Equatable {
    /// The folder, in the site folder, and the index's name inside it.
    public static let folderName = "pictures"
    public static let fileName = "index.json"
    public static let formatVersion = 1

    /// What a picture is for: a card's preview, or the icon beside its domain.
    public enum Kind: String, Sendable, Hashable, Codable {
        case preview, icon
    }

    /// One file made from a picture, in `pictures/`.
    public struct File: Sendable, Hashable, Codable {
        public var name: String
        public var width: Int
        public var height: Int
        public var bytes: Int

        public init(name: String, width: Int, height: Int, bytes: Int) {
            self.name = name
            self.width = width
            self.height = height
            self.bytes = bytes
        }
    }

    /// The files made from one source picture.
    public struct Entry: Sendable, Hashable, Codable {
        public var kind: Kind
        /// The SHA-256 of the downloaded bytes (hex), which starts each file's name.
        public var sha256: String
        /// The source's own size, in pixels.
        public var width: Int
        public var height: Int
        /// The files, smallest first: WebP for the pages (1×, then 2× when the source was large enough),
        /// then a JPEG (previews) or PNG (icons) for the print page.
        public var files: [File]
        /// The day it was downloaded, `YYYY-MM-DD`.
        public var fetched: String

        /// The files for the pages (WebP), smallest first.
        public var screenFiles: [File] { files.filter { $0.name.hasSuffix(".webp") }.sorted { $0.width < $1.width } }
        /// The file for the print page and its PDF (JPEG or PNG): readers of PDFs may not know WebP.
        public var printFile: File? { files.first { !$0.name.hasSuffix(".webp") } ?? files.first }

        public init(kind: Kind, sha256: String, width: Int, height: Int, files: [File], fetched: String) {
            self.kind = kind
            self.sha256 = sha256
            self.width = width
            self.height = height
            self.files = files
            self.fetched = fetched
        }
    }

    /// Entries by source address, as written in `metadata.json` or a link file.
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// The entry of the picture at `address` made for `kind`, if there is one.
    public func entry(_ address: LinkURL?, kind: Kind) -> Entry? {
        guard let address, let entry = entries[address.absoluteString], entry.kind == kind, !entry.files.isEmpty
        else { return nil }
        return entry
    }

    /// Every file name the entries use.
    public var fileNames: Set<String> { Set(entries.values.flatMap { $0.files.map(\.name) }) }

    // MARK: - The file

    private struct Stored: CommittedJSON {
        var version: Int
        var pictures: [String: Entry]
    }

    /// The index of the site in `siteFolder`; an empty one when there is none yet.
    public static func load(fromSiteFolder siteFolder: URL) throws(MetadataCache.Failure) -> PictureIndex {
        let file = siteFolder.appending(path: folderName).appending(path: fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return PictureIndex() }
        // The tool's own file: a symbolic link there is refused, not read through.
        switch RegularFile.read(file.path, followingSymlinks: false) {
        case .success(let data): return try decode(data)
        case .failure(let failure): throw .unreadable("cannot read \(folderName)/\(fileName): \(failure.reason)")
        }
    }

    public static func decode(_ data: Data) throws(MetadataCache.Failure) -> PictureIndex {
        PictureIndex(entries: try Stored.decoded(data, what: "a picture index", newest: formatVersion).pictures)
    }

    /// The file's bytes: keys sorted, one field per line, a newline at the end.
    public func encoded() -> Data {
        Stored(version: Self.formatVersion, pictures: entries).encoded()
    }
}
