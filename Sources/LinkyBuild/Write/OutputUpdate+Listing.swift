import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension OutputUpdate {
    /// Relative paths of the regular files below `folder`: for the output, what `commit` removes those
    /// the new output lacks from.
    static func filesBelow(_ folder: URL) throws -> [String] {
        var paths: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
            guard let directory = opendir(path) else { throw FileIO.posixError("read \(path)") }
            defer { closedir(directory) }
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
                } else {
                    paths.append(child)
                }
            }
        }
        return paths
    }
}
