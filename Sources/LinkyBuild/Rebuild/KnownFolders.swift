import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// The output's folders as the last build left them, when it can be told which are still so: those
/// whose status-change time is earlier than that of the marker file, which the build touched after its
/// last change to the output. Any later change to a folder's entries (a file added, removed or renamed
/// there, by anyone) gives it a time no earlier than the marker's, so such a folder is listed again;
/// a change within the clock's tick gives it the marker's time, which is not earlier either.
struct KnownFolders: Sendable {
    /// Per folder (a path relative to the output, "" for the output itself): its files, as paths relative
    /// to the output, and its subfolders.
    private var folders: [PathKey: (files: [String], subfolders: [String])] = [:]
    /// The marker's status-change time, in nanoseconds.
    let settledBefore: Int64

    /// Nil unless the marker still has the stamp `previous` recorded and the clock has not gone back
    /// since: otherwise the whole output is listed.
    init?(_ previous: BuildState, output: URL) {
        let marker = output.appending(path: OutputWriter.marker).path
        guard let recorded = previous.marker, FileStamp.of(marker) == recorded, FileStamp.now() >= recorded.changed
        else { return nil }
        self.init(
            files: Array(previous.pages.keys) + previous.others + [OutputWriter.marker], settledBefore: recorded.changed
        )
    }

    /// The folders that hold `files`, paths relative to the output.
    init(files: [String], settledBefore: Int64) {
        self.settledBefore = settledBefore
        folders.reserveCapacity(files.count)
        folders[PathKey("")] = ([], [])
        for path in files { add(path) }
    }

    private mutating func add(_ path: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            folders[PathKey("")]!.files.append(path)
            return
        }
        let folder = path[..<slash]
        if folders[PathKey(folder)] == nil {
            // A new folder: it, and the folders above it it is the first to need.
            var child = folder
            folders[PathKey(child)] = ([], [])
            while true {
                let parent = child.utf8.lastIndex(of: UInt8(ascii: "/")).map { child[..<$0] } ?? ""
                let known = folders[PathKey(parent)] != nil
                folders[PathKey(parent), default: ([], [])].subfolders.append(String(child))
                if known { break }
                child = parent
            }
        }
        folders[PathKey(folder)]!.files.append(path)
    }

    /// The files and subfolders of the folder `relative` (at `path`) when it is as the last build left it.
    func unchanged(_ relative: String, at path: String) -> (files: [String], subfolders: [String])? {
        guard let entry = folders[PathKey(relative[...])] else { return nil }
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR,
            FileStamp(status).changed < settledBefore
        else { return nil }
        return entry
    }
}
