import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way a site's files are opened for reading: content, settings, caches, templates, static
/// files and pictures.
///
/// A site folder may come from a stranger, so only regular files are read. The file is opened
/// without blocking (a FIFO would otherwise hang the command until something writes to it) and its
/// type is taken from the opened descriptor (`fstat`), never from an earlier `stat` of the path,
/// which a file swapped in meanwhile would fool. Where a symbolic link is refused outright (the
/// tool's own caches: `pictures/`), the open itself refuses it (`O_NOFOLLOW`).
public enum RegularFile {
    /// Why a file was not read.
    public enum Failure: LocalizedError, Equatable, Sendable {
        /// The system refused (`errno`): missing, no permission…
        case system(Int32)
        /// A FIFO, socket, device or folder: never read.
        case notAFile(kind: String)
        /// A symbolic link where `followingSymlinks` was false.
        case symbolicLink
        /// More than the limit's bytes.
        case tooLarge
        /// Read as text, but not UTF-8.
        case notUTF8

        /// What happened, for a message: "it is a FIFO (named pipe), not a regular file".
        public var reason: String {
            switch self {
            case .system(let code): String(cString: strerror(code))
            case .notAFile(let kind): "it is \(kind), not a regular file"
            case .symbolicLink: "it is a symbolic link"
            case .tooLarge: "it is too large"
            case .notUTF8: "it is not UTF-8 text"
            }
        }

        public var errorDescription: String? { reason }
    }

    /// Opens a regular file for reading; the caller closes the descriptor. `status` is the opened
    /// file's. With `followingSymlinks: false`, a symbolic link (the last part of the path) is refused.
    public static func open(
        _ path: String, followingSymlinks: Bool = true
    ) -> Result<(descriptor: Int32, status: stat), Failure> {
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        if !followingSymlinks { flags |= O_NOFOLLOW }
        let descriptor = systemOpen(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(!followingSymlinks && code == ELOOP && isSymbolicLink(path) ? .symbolicLink : .system(code))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.system(code))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .failure(.notAFile(kind: kind(of: status.st_mode)))
        }
        return .success((descriptor, status))
    }

    /// A regular file's bytes, at most `limit` of them: the size is checked before reading, and the
    /// read stops after `limit` bytes, so a file that grows meanwhile is refused too, never read whole.
    public static func read(
        _ path: String, limit: Int = .max, followingSymlinks: Bool = true
    ) -> Result<Data, Failure> {
        let opened: (descriptor: Int32, status: stat)
        switch open(path, followingSymlinks: followingSymlinks) {
        case .success(let value): opened = value
        case .failure(let failure): return .failure(failure)
        }
        defer { close(opened.descriptor) }
        return read(descriptor: opened.descriptor, size: Int(opened.status.st_size), limit: limit)
    }

    /// A regular file's bytes, or why not.
    public static func data(at url: URL) throws(Failure) -> Data {
        try read(url.path).get()
    }

    /// A regular file's UTF-8 text, or why not.
    public static func text(at url: URL) throws(Failure) -> String {
        guard let text = String(data: try data(at: url), encoding: .utf8) else { throw .notUTF8 }
        return text
    }

    /// The rest of an open file's bytes (`size` as `fstat` gave it), at most `limit` of them.
    public static func read(descriptor: Int32, size: Int, limit: Int = .max) -> Result<Data, Failure> {
        guard size <= limit else { return .failure(.tooLarge) }
        var data = Data(count: size + 1)
        var filled = 0
        while true {
            if filled == data.count {
                guard data.count <= limit else { return .failure(.tooLarge) }
                data.count = min(data.count * 2, limit == .max ? .max : limit + 1)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            filled += count
        }
        guard filled <= limit else { return .failure(.tooLarge) }
        data.count = filled
        return .success(data)
    }

    /// What a file that is not a regular one is, for a message.
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}

// MARK: - Helpers

private extension RegularFile {
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags)
        #else
            Darwin.open(path, flags)
        #endif
    }

    static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }
}
