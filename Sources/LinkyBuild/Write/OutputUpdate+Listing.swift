import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension OutputUpdate {
    /// Relative paths of the regular files below `folder`: for the output, what `commit` removes those
    /// the new output lacks from.
    static func filesBelow(_ folder: URL) throws -> [String] {
        try filesBelow(folder, stamping: false).paths
    }

    /// As `filesBelow(_:)`, and with `stamping` the output stamp (`FileStamp.ofOutput`) of each regular
    /// file, taken from its folder as the folder is listed: no path is looked up from the root.
    /// Files in the folders of `unstamped` (the card pictures, copied by name, never rendered) are
    /// listed without stamps.
    static func filesBelow(
        _ folder: URL, stamping: Bool, unstamped: Set<String> = []
    ) throws -> (paths: [String], stamps: [PathKey: FileStamp]) {
        var paths: [String] = []
        var stamps: [PathKey: FileStamp] = [:]
        var pending = [""]
        while let relative = pending.popLast() {
            let stamping = stamping && !unstamped.contains(relative)
            let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
            guard let directory = opendir(path) else { throw FileIO.posixError("read \(path)") }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            while let entry = readdir(directory) {
                let name = FileIO.entryName(entry)
                if name == "." || name == ".." { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                var isFolder = Int32(FileIO.entryType(entry)) == Int32(DT_DIR)
                if Int32(FileIO.entryType(entry)) == Int32(DT_UNKNOWN) {
                    var status = stat()
                    isFolder = lstat(path + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
                }
                if isFolder {
                    pending.append(child)
                    continue
                }
                paths.append(child)
                // Followed if a symbolic link, as `FileStamp.of` follows it.
                var status = stat()
                if stamping, fstatat(descriptor, name, &status, 0) == 0,
                    (status.st_mode & S_IFMT) == S_IFREG
                {
                    stamps[PathKey(child)] = FileStamp(status).withoutChangeTime
                }
            }
        }
        return (paths, stamps)
    }
}
