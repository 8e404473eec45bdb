import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// Files a build copies as they are from a folder of the site into a folder of the output: the link
/// cards' pictures, from `pictures/` to `pictures/`. Their names come from their contents (`fetch`
/// names each after the SHA-256 of the picture it was made from), so an output file of the same name
/// and size is the same file: an update keeps it without reading either.
struct CopiedFiles: Sendable {
    struct Item: Sendable, Hashable {
        var name: String
        var bytes: Int
    }

    /// The site's folder they are copied from.
    var source: URL
    /// The output's folder they are copied to (relative to the output).
    var folder: String
    /// Sorted by name, each once.
    var items: [Item]

    static let none = CopiedFiles(source: URL(filePath: "/"), folder: "", items: [])

    /// The pictures `site`'s pages use (with `images: local`), from the site's `pictures/`.
    static func pictures(of site: Site, siteFolder: URL) -> CopiedFiles {
        guard site.config.images == .local else { return .none }
        var items = Set<Item>()
        for id in site.links.indices {
            for entry in [site.links[id].preview, site.links[id].icon] {
                for file in entry?.files ?? [] { items.insert(Item(name: file.name, bytes: file.bytes)) }
            }
        }
        return CopiedFiles(
            source: siteFolder.appending(path: PictureIndex.folderName), folder: PictureIndex.folderName,
            items: items.sorted { $0.name < $1.name })
    }

    func outputPath(_ item: Item) -> String { folder + "/" + item.name }

    /// Copies every file into `root` (a new output), in two tasks.
    func copy(into root: String) async throws {
        guard !items.isEmpty else { return }
        try FileIO.makeFolder(root + "/" + folder)
        let (items, source, folder) = (items, source.path, folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for part in 0..<2 {
                group.addTask {
                    for index in stride(from: part, to: items.count, by: 2) {
                        let name = items[index].name
                        let data = try Data(contentsOf: URL(filePath: source + "/" + name))
                        try FileIO.writeFile(root + "/" + folder + "/" + name, data)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Stages into `update` each file the output does not have at its size; keeps the others.
    func stage(into update: OutputUpdate) throws {
        guard !items.isEmpty else { return }
        var kept: [String] = []
        kept.reserveCapacity(items.count)
        let output = update.output.path
        for item in items {
            let path = outputPath(item)
            var status = stat()
            if update.compares, stat(output + "/" + path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                status.st_size == item.bytes
            {
                kept.append(path)
            } else {
                try update.stageCopy(of: source.appending(path: item.name), as: path)
            }
        }
        update.keep(kept)
    }
}
