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

    /// The pictures `site`'s pages use (with `images: local`), from the site's `pictures/`: the WebP
    /// files of each preview and icon, and the JPEG of a preview that a link page names as its Open
    /// Graph picture (with a `base_url`). The print page, and WeasyPrint making its PDF, read WebP.
    static func pictures(of site: Site, siteFolder: URL) -> CopiedFiles {
        guard site.config.images == .local else { return .none }
        let links = site.links
        let sharing = site.config.baseURL != nil
        var items = Set<Item>()
        items.reserveCapacity(links.count * 3)
        for id in links.indices {
            if let preview = links[id].preview {
                for file in preview.screenFiles { items.insert(Item(name: file.name, bytes: file.bytes)) }
                if sharing, links[id].hasPage, let file = preview.printFile {
                    items.insert(Item(name: file.name, bytes: file.bytes))
                }
            }
            for file in links[id].icon?.screenFiles ?? [] { items.insert(Item(name: file.name, bytes: file.bytes)) }
        }
        return CopiedFiles(
            source: siteFolder.appending(path: PictureIndex.folderName), folder: PictureIndex.folderName,
            items: items.sorted { $0.name < $1.name })
    }

    func outputPath(_ item: Item) -> String { folder + "/" + item.name }

    /// Puts every file into `root` (a new output), in two tasks: as a hard link to the site's file
    /// where the file system allows it (the output on the same one), else as a copy. Writing 20,000
    /// pictures anew doubled a fresh build of 10,000 links; a link costs no data. linky-site never
    /// writes into a file of an output: a build replaces files, so the site's picture stays as it was.
    func copy(into root: String) async throws {
        guard !items.isEmpty else { return }
        try FileIO.makeFolder(root + "/" + folder)
        let (items, source, folder) = (items, source.path, folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for part in 0..<2 {
                group.addTask {
                    for index in stride(from: part, to: items.count, by: 2) {
                        let name = items[index].name
                        // `fetch` writes pictures as files: a symbolic link there (to `~/.ssh/id_rsa`…) is
                        // neither linked into the output nor read.
                        try FileIO.linkOrCopyRegularFile(
                            source + "/" + name, to: root + "/" + folder + "/" + name, followingSymlinks: false)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Stages into `update` each file the output does not have; keeps the others. With the output's
    /// files `listed` (a rebuild listed them while the site resolved), a file of that name is the
    /// same file: its name comes from its bytes, and this program only ever puts it there whole (the
    /// update's journal). Without a listing, each file is looked at: same name and size.
    func stage(into update: OutputUpdate, listed: Set<String>? = nil) throws {
        guard !items.isEmpty else { return }
        var kept: [String] = []
        kept.reserveCapacity(items.count)
        let output = update.output.path
        for item in items {
            let path = outputPath(item)
            if update.compares, let listed {
                if listed.contains(path) {
                    kept.append(path)
                } else {
                    try update.stageCopy(of: source.appending(path: item.name), as: path, followingSymlinks: false)
                }
                continue
            }
            var status = stat()
            if update.compares, stat(output + "/" + path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                status.st_size == item.bytes
            {
                kept.append(path)
            } else {
                try update.stageCopy(of: source.appending(path: item.name), as: path, followingSymlinks: false)
            }
        }
        update.keep(kept)
    }
}
