import LinkyModel

/// What a changed path (relative to the site folder; folders end with `/`) means for the preview.
public enum PreviewChange: Equatable, Sendable {
    /// Not something the site is made from: hidden files, editor backups, the output folder.
    case ignored
    /// Below `static/`: served from disk as it is.
    case staticFile
    /// A Markdown file of the content folder.
    case contentFile
    /// Config, tags, metadata, templates, folders, `_index.md`: the whole site is rebuilt.
    case structural

    /// The watcher's word for "too much happened to say what" (its event queue overflowed).
    public static let everything = "*"

    /// Whether a change to `path` changes what content files parse to: the settings and the metadata
    /// cache are read by every parse (see `ParseStore.key`).
    static func changesParses(_ path: String) -> Bool {
        path == everything || ["linky.yml", "linky.yaml", MetadataCache.fileName].contains(path)
    }

    static func classify(_ path: String, contentDir: String) -> PreviewChange {
        if path == everything { return .structural }
        let isFolder = path.hasSuffix("/")
        let components = path.split(separator: "/").map(String.init)
        guard let first = components.first, !components.contains(where: { $0.hasPrefix(".") }) else { return .ignored }
        if components.count == 1, !isFolder {
            let rootFiles = [
                "linky.yml", "linky.yaml", "tags.yml", "tags.yaml", "metadata.json", "link-status.json",
                "projects.json",
            ]
            return rootFiles.contains(first) ? .structural : .ignored
        }
        if first == "templates" { return .structural }
        // The picture cache: which pictures links have (the files themselves are served from there).
        if first == PictureIndex.folderName { return components.count == 2 ? .structural : .ignored }
        if first == "static" { return .staticFile }
        let content = contentDir.split(separator: "/").map(String.init)
        if components.starts(with: content) {
            if isFolder { return .structural }
            let name = components.last!
            if name == "_index.md" { return .structural }
            guard !name.hasPrefix("_"), !components.dropLast().contains(where: { $0.hasPrefix("_") }),
                name.hasSuffix(".md") || name.hasSuffix(".markdown")
            else { return .ignored }
            return .contentFile
        }
        // A folder above the content folder (its parent renamed, say).
        if isFolder, content.starts(with: components) { return .structural }
        return .ignored
    }
}
