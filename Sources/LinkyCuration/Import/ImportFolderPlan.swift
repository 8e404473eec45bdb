import LinkyImport
import LinkyModel

/// Where the import's folders go: each folder name becomes a slug (Hangul kept, `Swift Tools` →
/// `swift-tools`), distinct among its siblings, below the folder imported into. A folder of the same
/// name as one a previous import made lands in it again.
struct ImportFolderPlan {
    /// Folder names from the top of the import → the slug of the last one.
    private var slugs: [[String]: String] = [:]
    private var descriptions: [[String]: String] = [:]
    /// `["links", "imported"]`.
    private let root: [String]

    init(_ paths: [[String]], descriptions: [ImportedBookmarks.Folder], root: [String]) {
        self.root = root
        var children: [[String]: Set<String>] = [:]
        for path in paths {
            for index in path.indices { children[Array(path[..<index]), default: []].insert(path[index]) }
        }
        let allocator = SlugAllocator()
        for (parent, names) in children {
            let (allocated, _) = allocator.allocate(names.sorted().map { (key: $0, name: $0) })
            for (name, slug) in allocated { slugs[parent + [name]] = slug }
        }
        for folder in descriptions {
            if let description = folder.description { self.descriptions[folder.path] = description }
        }
    }

    /// The folder for `names`, relative to the site folder: `links/imported/swift-tools/한국어`.
    func relativePath(of names: [String]) -> String {
        var components = root
        for index in names.indices {
            components.append(slugs[Array(names[...index])] ?? Slug.make(names[index], fallback: "folder"))
        }
        return components.joined(separator: "/")
    }

    func description(of names: [String]) -> String? {
        descriptions[names]
    }
}
