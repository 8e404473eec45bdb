import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file's inode, size and times: what tells, without reading it, that a file is the one seen before.
struct FileStamp: Hashable, Sendable {
    var inode: UInt64
    var size: Int64
    /// Modification and status-change times, in nanoseconds.
    var modified: Int64
    var changed: Int64

    /// The stamp of the file at `path` (symbolic links followed), nil when there is none.
    static func of(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(status)
    }

    /// An output file's stamp leaves out the change time, which moving the file into place changes.
    static func ofOutput(_ path: String) -> FileStamp? { of(path)?.withoutChangeTime }

    init(_ status: stat) {
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    }

    init(inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    var withoutChangeTime: FileStamp {
        var copy = self
        copy.changed = 0
        return copy
    }

    /// Last touched a second or more before `instant`: a later change gives it a later time.
    func isSettled(before instant: Int64) -> Bool {
        max(modified, changed) < instant - 1_000_000_000
    }

    /// Now, in the nanoseconds of file times.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
