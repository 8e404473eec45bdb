import Foundation

#if canImport(Glibc)
    import Glibc

    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin

    private let systemWrite = Darwin.write
#endif

/// Changes to several files of a site that happen all together or not at all, even if the process
/// is killed half-way (`tags rename`, `tags merge`, `import`).
///
/// A write-ahead journal, as databases keep one: the plan (`.linky-journal.pending`) is written
/// first, then every new file is written in full to a temporary file beside its target and flushed
/// to disk; renaming the plan to `.linky-journal` is the commit point; then the temporary files are
/// moved into place and the journal removed. `recover` — which every linky-site command runs
/// first — rolls a committed journal forward and an uncommitted one back, so a kill at any moment
/// leaves the old files or the new ones once any command has run, never a mix.
public enum SiteTransaction {
    /// One file's new bytes.
    public struct Change: Sendable, Equatable {
        public enum Kind: String, Sendable, Codable {
            /// Over an existing file (its permissions kept; a symbolic link's target is replaced).
            case replace
            /// A new file; the transaction fails rather than overwrite one that appeared meanwhile.
            case create
        }

        /// Relative to the site folder.
        public var path: String
        public var kind: Kind
        public var bytes: [UInt8]

        public init(path: String, kind: Kind, bytes: [UInt8]) {
            self.path = path
            self.kind = kind
            self.bytes = bytes
        }
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// What `recover` did.
    public enum Recovery: Sendable, Equatable {
        /// An interrupted change was completed: these files are now the new ones.
        case rolledForward([String])
        /// An interrupted change had not reached its commit point: it was undone.
        case rolledBack(Int)
    }

    static let journalName = ".linky-journal"
    static let pendingName = ".linky-journal.pending"

    /// Applies every change, all or nothing. Folders the new files need are created.
    public static func commit(_ changes: [Change], in siteFolder: URL) throws(Failure) {
        guard !changes.isEmpty else { return }
        let root = siteFolder.standardizedFileURL.path
        var moves: [Move] = []
        var newFolders: [String] = []
        for (index, change) in changes.enumerated() {
            var target = root + "/" + change.path
            if change.kind == .replace { target = URL(fileURLWithPath: target).resolvingSymlinksInPath().path }
            let folder = (target as NSString).deletingLastPathComponent
            var missing = folder
            var chain: [String] = []
            while !FileManager.default.fileExists(atPath: missing), missing.hasPrefix(root + "/") {
                chain.append(missing)
                missing = (missing as NSString).deletingLastPathComponent
            }
            for created in chain.reversed() where !newFolders.contains(created) { newFolders.append(created) }
            let name = (target as NSString).lastPathComponent
            moves.append(
                Move(
                    temporary: folder + "/.\(name).linky-tmp-\(getpid())-\(index)", target: target, kind: change.kind,
                    path: change.path))
        }
        let journal = Journal(moves: moves, folders: newFolders)
        let pending = root + "/" + pendingName
        try write(journal.encoded(), to: pending, path: pendingName)

        // Preparation: folders and temporary files. Any failure undoes it all.
        do throws(Failure) {
            for folder in newFolders {
                guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw failure(folder, root) }
            }
            for (move, change) in zip(moves, changes) {
                if change.kind == .create, FileManager.default.fileExists(atPath: move.target) {
                    throw Failure(path: change.path, reason: "a file with this name appeared meanwhile")
                }
                var mode: mode_t = 0o644
                var status = stat()
                if change.kind == .replace, stat(move.target, &status) == 0 { mode = mode_t(status.st_mode & 0o7777) }
                try write(change.bytes, to: move.temporary, path: change.path, mode: mode)
            }
            syncFolders(Set(moves.map { ($0.temporary as NSString).deletingLastPathComponent }) + [root])
        } catch {
            rollBack(journal)
            unlink(pending)
            throw error
        }
        // The commit point.
        guard rename(pending, root + "/" + journalName) == 0 else {
            let problem = failure(root + "/" + journalName, root)
            rollBack(journal)
            unlink(pending)
            throw problem
        }
        syncFolders([root])
        rollForward(journal)
        unlink(root + "/" + journalName)
        syncFolders([root])
    }

    /// Finishes or undoes a change a killed process left behind; nil when there was none.
    @discardableResult
    public static func recover(_ siteFolder: URL) -> Recovery? {
        let root = siteFolder.standardizedFileURL.path
        let committed = root + "/" + journalName
        let pending = root + "/" + pendingName
        if let data = FileManager.default.contents(atPath: committed), let journal = Journal.decode(data) {
            rollForward(journal)
            unlink(committed)
            unlink(pending)
            syncFolders([root])
            return .rolledForward(journal.moves.map(\.path))
        }
        guard FileManager.default.fileExists(atPath: pending) else { return nil }
        // A journal cut short while being written had created nothing yet.
        let journal = FileManager.default.contents(atPath: pending).flatMap(Journal.decode)
        if let journal { rollBack(journal) }
        unlink(pending)
        syncFolders([root])
        return .rolledBack(journal?.moves.count ?? 0)
    }
}

// MARK: - Private

private extension SiteTransaction {
    struct Move: Codable, Equatable {
        var temporary: String
        var target: String
        var kind: Change.Kind
        /// For messages: relative to the site.
        var path: String
    }

    struct Journal: Codable {
        var moves: [Move]
        /// Folders the change creates, outermost first.
        var folders: [String]

        func encoded() -> [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do {
                return Array(try encoder.encode(self))
            } catch {
                preconditionFailure("encoding paths as JSON cannot fail: \(error)")
            }
        }

        static func decode(_ data: Data) -> Journal? {
            do {
                return try JSONDecoder().decode(Journal.self, from: data)
            } catch {
                // Cut short by a kill while it was written: nothing it lists exists yet.
                return nil
            }
        }
    }

    /// Moves every prepared file into place; safe to run again after a kill part-way through.
    static func rollForward(_ journal: Journal) {
        for move in journal.moves {
            guard FileManager.default.fileExists(atPath: move.temporary) else { continue }
            switch move.kind {
            case .replace:
                rename(move.temporary, move.target)
            case .create:
                // link() never replaces: a target already there is this move, done before a kill.
                if link(move.temporary, move.target) == 0 || errno == EEXIST { unlink(move.temporary) }
            }
        }
        syncFolders(Set(journal.moves.map { ($0.target as NSString).deletingLastPathComponent }))
    }

    /// Removes every prepared file and the folders made for them (if nothing else went in).
    static func rollBack(_ journal: Journal) {
        for move in journal.moves { unlink(move.temporary) }
        for folder in journal.folders.reversed() { rmdir(folder) }
    }

    static func write(_ bytes: [UInt8], to target: String, path: String, mode: mode_t = 0o644) throws(Failure) {
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        fchmod(descriptor, mode)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0, errno == EINTR { continue }
                throw Failure(path: path, reason: String(cString: strerror(errno)))
            }
            offset += count
        }
        guard fsync(descriptor) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
    }

    static func syncFolders<Folders: Sequence<String>>(_ folders: Folders) {
        for folder in folders {
            let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            fsync(descriptor)
            close(descriptor)
        }
    }

    static func failure(_ absolute: String, _ root: String) -> Failure {
        let relative = absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : absolute
        return Failure(path: relative, reason: String(cString: strerror(errno)))
    }
}
