import Foundation

#if canImport(Glibc)
    import Glibc

    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin

    private let systemWrite = Darwin.write
#endif

/// Replaces files so that each one is, at every moment, either wholly old or wholly new: the new
/// bytes go to a temporary file in the same folder, are flushed to disk, and the temporary file is
/// renamed over the original (rename is atomic within a file system). Every temporary file is
/// written before the first rename, so a failure while writing changes nothing.
enum AtomicFileWriter {
    /// Writes every file (`url`, `path` to report, new bytes); symbolic links are followed, so the
    /// file they point to is replaced and the link stays.
    static func replace(_ files: [(url: URL, path: String, bytes: [UInt8])]) throws(TagEditFailure) {
        var prepared: [(temporary: String, target: String, path: String)] = []
        func discard() { for file in prepared { unlink(file.temporary) } }
        for (index, file) in files.enumerated() {
            let target = file.url.resolvingSymlinksInPath().path
            let folder = (target as NSString).deletingLastPathComponent
            let name = (target as NSString).lastPathComponent
            let temporary = folder + "/.\(name).linky-tmp-\(getpid())-\(index)"
            do {
                try write(file.bytes, to: temporary, modeOf: target)
            } catch {
                unlink(temporary)
                discard()
                throw .writeFailed(path: file.path, reason: error.reason, written: [])
            }
            prepared.append((temporary, target, file.path))
        }
        var written: [String] = []
        for (index, file) in prepared.enumerated() {
            guard rename(file.temporary, file.target) == 0 else {
                let reason = String(cString: strerror(errno))
                for rest in prepared[index...] { unlink(rest.temporary) }
                throw .writeFailed(path: file.path, reason: reason, written: written)
            }
            written.append(file.path)
        }
        // Make the renames themselves durable.
        for folder in Set(prepared.map { ($0.target as NSString).deletingLastPathComponent }) {
            let descriptor = open(folder, O_RDONLY)
            if descriptor >= 0 {
                fsync(descriptor)
                close(descriptor)
            }
        }
    }
}

// MARK: - Helpers

private extension AtomicFileWriter {
    struct Failure: Error {
        var reason: String
    }

    /// Creates `path` (which must not exist) with the permissions of `original`, writes `bytes` and
    /// flushes them to disk.
    static func write(_ bytes: [UInt8], to path: String, modeOf original: String) throws(Failure) {
        var status = stat()
        let mode = stat(original, &status) == 0 ? mode_t(status.st_mode & 0o7777) : 0o644
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        // open() applies the umask; the copy must have the original's permissions.
        fchmod(descriptor, mode)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0, errno == EINTR { continue }
                throw Failure(reason: String(cString: strerror(errno)))
            }
            offset += count
        }
        guard fsync(descriptor) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    }
}
