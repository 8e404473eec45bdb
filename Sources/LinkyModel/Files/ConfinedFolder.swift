import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder that linky-site writes into and deletes from — the site folder, its `links/` and pictures,
/// an output — and that nothing written through it can leave: the one check every command that writes
/// makes before it touches a path.
///
/// A site folder may come from a stranger (a cloned list, a pull request built in CI), so a path inside
/// it is not trusted because it is spelled inside it: `links/imported` may be a symbolic link to
/// `~/.ssh`. `path(_:)` checks the real path of every folder on the way — each one that exists must
/// resolve inside the root's real path — and refuses `..`, absolute paths and names over 255 bytes.
/// Folders that do not exist yet are made by the caller as real folders, so they stay inside.
public struct ConfinedFolder: Sendable, Equatable {
    /// The root as the user gave it: for messages.
    public let shown: String
    /// The root's real path (symbolic links resolved): what everything must stay inside.
    public let real: String

    /// Why a path was refused.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The path as it was asked for, relative to the root.
        public var path: String
        /// What is wrong, in words.
        public var reason: String
        /// The root, as the user gave it.
        public var root: String
        /// The path leads outside the root (rather than a write that failed inside it).
        public var outside = true

        public var description: String {
            outside ? "\(path): \(reason); linky-site writes and deletes only inside \(root)" : "\(path): \(reason)"
        }
    }

    /// Longest name of one file or folder, in bytes, on the file systems linky-site runs on.
    public static let nameLimit = 255

    /// The folder at `url`; it must exist (its real path is what paths are checked against).
    public init(_ url: URL) throws(Failure) {
        let shown = url.path
        guard let resolved = Self.resolve(shown) else {
            throw Failure(path: ".", reason: "the folder does not exist (\(Self.lastError()))", root: shown)
        }
        var status = stat()
        guard stat(resolved, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(path: ".", reason: "it is not a folder", root: shown)
        }
        self.shown = shown
        real = resolved
    }

    /// The absolute path (under the real root) of `relative`, once every folder on the way that exists
    /// is a folder whose real path is inside the root. The last name is not followed: writing by
    /// `rename` replaces a symbolic link there rather than writing through it. Use `target(_:)` for a
    /// path whose symbolic link is to be followed.
    public func path(_ relative: String) throws(Failure) -> String {
        let names = try components(relative)
        var current = real
        for (index, name) in names.enumerated() {
            let next = current + "/" + name
            guard index < names.count - 1 else { return next }
            var status = stat()
            guard lstat(next, &status) == 0 else {
                guard errno == ENOENT else { throw escape(relative, "\(next) cannot be read (\(Self.lastError()))") }
                // Nothing there: the rest is made by the caller, as real folders inside this one.
                return current + "/" + names[index...].joined(separator: "/")
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                current = next
            case S_IFLNK:
                guard let resolved = Self.resolve(next), contains(resolved) else {
                    let to = Self.resolve(next) ?? (Self.linkText(next) ?? "nowhere")
                    throw escape(
                        relative,
                        "\(names[...index].joined(separator: "/")) is a symbolic link to \(to), outside the folder")
                }
                var target = stat()
                guard stat(resolved, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR else {
                    throw escape(relative, "\(names[...index].joined(separator: "/")) is not a folder")
                }
                current = resolved
            default:
                throw escape(relative, "\(names[...index].joined(separator: "/")) is not a folder")
            }
        }
        return current
    }

    /// Like `path(_:)`, but a symbolic link at the last name is followed, and its target must be inside
    /// the root too: for replacing a file whose link the curator keeps.
    public func target(_ relative: String) throws(Failure) -> String {
        let place = try path(relative)
        var status = stat()
        guard lstat(place, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return place }
        guard let resolved = Self.resolve(place), contains(resolved) else {
            throw escape(
                relative, "it is a symbolic link to \(Self.linkText(place) ?? "nowhere"), outside the folder")
        }
        return resolved
    }

    /// The path of `absolute` relative to the real root, when it is inside it (the root itself is `.`).
    public func relative(_ absolute: String) -> String? {
        if absolute == real { return "." }
        guard absolute.hasPrefix(real == "/" ? "/" : real + "/") else { return nil }
        return String(absolute.dropFirst(real == "/" ? 1 : real.count + 1))
    }

    /// Whether a real path is the root or inside it.
    public func contains(_ realPath: String) -> Bool { relative(realPath) != nil }

    /// The folders `relative` needs (each checked by `path(_:)`), made as real folders where missing.
    public func makeFolders(_ relative: String) throws(Failure) {
        let names = try components(relative)
        for count in 1...names.count {
            let folder = try path(names[..<count].joined(separator: "/") + "/.")
            let made = String(folder.dropLast(2))
            if mkdir(made, 0o755) != 0, errno != EEXIST {
                throw Failure(
                    path: relative, reason: "could not create the folder \(made) (\(Self.lastError()))", root: shown,
                    outside: false)
            }
        }
    }

    /// Writes `bytes` to `relative` whole or not at all (a temporary file beside it, then `rename`),
    /// making the folders it needs: the one way linky-site writes a file into a site.
    public func write(_ bytes: some DataProtocol, to relative: String) throws(Failure) {
        let folder = PathText.parent(relative)
        if !folder.isEmpty { try makeFolders(folder) }
        let target = try path(relative)
        let temporary =
            PathText.parent(target) + "/"
            + Self.temporaryName(beside: PathText.lastComponent(target), suffix: "\(getpid())-w")
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
        } catch {
            unlink(temporary)
            throw Failure(path: relative, reason: error.localizedDescription, root: shown, outside: false)
        }
        guard rename(temporary, target) == 0 else {
            let reason = Self.lastError()
            unlink(temporary)
            throw Failure(path: relative, reason: reason, root: shown, outside: false)
        }
    }

    /// Removes the file (not a folder) at `relative`; true when it was there and is gone.
    @discardableResult public func remove(_ relative: String) throws(Failure) -> Bool {
        let target = try path(relative)
        if unlink(target) == 0 { return true }
        guard errno == ENOENT else {
            throw Failure(path: relative, reason: Self.lastError(), root: shown, outside: false)
        }
        return false
    }

    /// A name for a temporary file beside `name`, within the 255-byte limit whatever `name`'s length:
    /// `.NAME.linky-tmp-SUFFIX`, with NAME cut at a character boundary when it would not fit.
    public static func temporaryName(beside name: String, suffix: String) -> String {
        let tail = ".linky-tmp-" + suffix
        return "." + prefix(of: name, bytes: nameLimit - 1 - tail.utf8.count) + tail
    }

    /// `name`'s longest start of at most `bytes` UTF-8 bytes that ends on a character boundary.
    public static func prefix(of name: String, bytes: Int) -> String {
        guard name.utf8.count > bytes else { return name }
        var result = ""
        var count = 0
        for character in name {
            let size = character.utf8.count
            guard count + size <= bytes else { break }
            result.append(character)
            count += size
        }
        return result
    }
}

// MARK: - Private

private extension ConfinedFolder {
    func components(_ relative: String) throws(Failure) -> [String] {
        guard !relative.isEmpty else { throw escape(relative, "an empty path") }
        guard !relative.hasPrefix("/") else { throw escape(relative, "an absolute path") }
        guard !relative.utf8.contains(0) else { throw escape(relative, "a NUL byte in the path") }
        let names = PathText.components(relative)
        var kept: [String] = []
        for (index, name) in names.enumerated() {
            guard name != ".." else { throw escape(relative, "the path goes up (`..`)") }
            guard name.utf8.count <= Self.nameLimit else {
                throw escape(relative, "a name longer than \(Self.nameLimit) bytes")
            }
            // `.` is kept only last, where `makeFolders` uses it to mean "this folder".
            if name == ".", index < names.count - 1 { continue }
            kept.append(name)
        }
        guard !kept.isEmpty else { throw escape(relative, "an empty path") }
        return kept
    }

    func escape(_ path: String, _ reason: String) -> Failure {
        Failure(path: path, reason: reason, root: shown)
    }

    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
