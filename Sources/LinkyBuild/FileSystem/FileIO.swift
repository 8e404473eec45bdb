import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc
#endif

/// The system calls the build reads and writes files with, each checked: one place for the POSIX
/// details that loading, writing and the rebuild's state files share.
enum FileIO {
    /// A path with every symbolic link resolved, as `realpath(3)` gives it; nil when nothing is there.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The real path of a folder that may not exist yet (its standardized path then).
    static func realPath(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// mkdir -p: a folder and the parents it lacks; one that exists (another task made it) is fine.
    static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/") else { throw posixError("create folder \(path)") }
        try makeFolder(String(path[..<slash]))
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw posixError("create folder \(path)") }
    }

    /// open/write/close: Foundation's `Data.write` fsyncs every file, which costs more than the rest of
    /// the build on some disks. Safety against a killed build comes from the atomic swap, not from fsync;
    /// only a `durable` file (the journal, whose commit must not outrun its bytes) is synced.
    /// Returns the file's stamp as written (moving it into place keeps it; see `FileStamp.ofOutput`).
    /// Every call is checked: `close` too, which is where some file systems report a full disk.
    @discardableResult static func writeFile(
        _ path: String, _ contents: some ContiguousBytes, durable: Bool = false
    ) throws -> FileStamp {
        try contents.withUnsafeBytes { try writeFile(path, $0, durable: durable) }
    }

    @discardableResult static func writeFile(
        _ path: String, _ buffer: UnsafeRawBufferPointer, durable: Bool = false
    ) throws -> FileStamp {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw posixError("create \(path)") }
        var status = stat()
        do {
            try writeAll(descriptor, buffer, path: path)
            if durable, fsync(descriptor) != 0 { throw posixError("write \(path) to disk") }
            guard fstat(descriptor, &status) == 0 else { throw posixError("read the status of \(path)") }
        } catch {
            close(descriptor)
            throw error
        }
        // After close the descriptor is gone whatever it returns; EINTR is not a failure of the write.
        guard close(descriptor) == 0 || errno == EINTR else { throw posixError("write \(path)") }
        return FileStamp(status).withoutChangeTime
    }

    /// A regular file's bytes, opened as `RegularFile.open` does (a FIFO, socket or device is refused,
    /// never waited on; with `followingSymlinks: false`, so is a symbolic link).
    static func contents(of path: String, followingSymlinks: Bool = true) throws -> Data {
        switch RegularFile.read(path, followingSymlinks: followingSymlinks) {
        case .success(let data): return data
        case .failure(let failure): throw refusal(path, failure)
        }
    }

    /// Puts a regular file's bytes at `destination` (a new name), as a hard link to the very file opened
    /// where the file system allows it (the output on the same one), else as a copy. The link is made
    /// from the open descriptor, so what is linked is what was checked, not whatever the name holds by
    /// then; with `followingSymlinks: false`, a symbolic link is refused, not linked or read through.
    static func linkOrCopyRegularFile(_ source: String, to destination: String, followingSymlinks: Bool) throws {
        let opened: (descriptor: Int32, status: stat)
        switch RegularFile.open(source, followingSymlinks: followingSymlinks) {
        case .success(let value): opened = value
        case .failure(let failure): throw refusal(source, failure)
        }
        defer { close(opened.descriptor) }
        if linkat(AT_FDCWD, "/proc/self/fd/\(opened.descriptor)", AT_FDCWD, destination, AT_SYMLINK_FOLLOW) == 0 {
            return
        }
        switch RegularFile.read(descriptor: opened.descriptor, size: Int(opened.status.st_size)) {
        case .success(let data): try writeFile(destination, data)
        case .failure(let failure): throw refusal(source, failure)
        }
    }

    static func refusal(_ path: String, _ failure: RegularFile.Failure) -> NSError {
        NSError(
            domain: NSPOSIXErrorDomain, code: Int(EINVAL),
            userInfo: [NSLocalizedDescriptionKey: "could not read \(path): \(failure.reason)"])
    }

    /// Writes all of `buffer` to an open file (`write` may take less than it is given).
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw posixError("write \(path)")
            }
            offset += written
        }
    }

    /// A directory entry's name, read where it lies: `readdir` packs entries as long as their names,
    /// so copying the whole `d_name` field (256 bytes) can read past the last one into unmapped memory.
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }

    /// A directory entry's `d_type`, read in place for the same reason.
    static func entryType(_ entry: UnsafeMutablePointer<dirent>) -> UInt8 {
        (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_type)!).load(as: UInt8.self)
    }

    static func posixError(_ action: String) -> NSError {
        let code = errno
        return NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSLocalizedDescriptionKey: "could not \(action): \(String(cString: strerror(code)))"])
    }
}
