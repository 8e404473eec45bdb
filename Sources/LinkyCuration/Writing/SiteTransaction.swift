import Foundation
import LinkyModel

#if canImport(Glibc)
    import Glibc

    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin

    private let systemWrite = Darwin.write
#endif

/// Changes to several files of a site that happen all together or not at all, even if the process
/// is killed half-way (`tags rename`, `tags merge`, `import`, and a sync's `--prune`, which deletes).
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
            /// The file is deleted (a symbolic link itself, not its target); no bytes.
            case remove
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
        /// The change would have written outside the site folder (through a symbolic link, say).
        public var outside = false
        /// What to do, for the end of a message.
        public var hint: String {
            outside
                ? "replace the symbolic link with a real folder inside the site, or move what it points to into the site"
                : "check the folder's permissions and free space"
        }
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

    /// A journal in the site folder that linky-site will not apply: written elsewhere (cloned or copied
    /// with the site), or naming paths that are not the tool's own temporary files inside the site.
    /// Nothing was changed.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        /// The journal file.
        public var journal: String
        public var reason: String
        public var description: String {
            "\(journal): this journal of an interrupted change is not applied: \(reason); nothing was changed"
        }
        /// What the user can do.
        public var hint: String {
            "if no linky-site command was interrupted in this folder on this machine, the file came from elsewhere: remove it (`rm \(journal)`) and run the command again"
        }
    }

    /// Applies every change, all or nothing. Folders the new files need are created. Every path is
    /// checked on its real path (`ConfinedFolder`): a change that would write outside the site folder,
    /// through a symbolic link, say, fails before anything is written.
    public static func commit(_ changes: [Change], in siteFolder: URL) throws(Failure) {
        guard !changes.isEmpty else { return }
        let site: ConfinedFolder
        do {
            site = try ConfinedFolder(siteFolder)
        } catch {
            throw Failure(path: ".", reason: error.reason)
        }
        guard let owner = JournalOwner.current(for: site.real) else {
            throw Failure(path: ".", reason: String(cString: strerror(errno)))
        }
        let root = site.real
        var moves: [Move] = []
        var newFolders: [String] = []
        for (index, change) in changes.enumerated() {
            let target: String
            do {
                target = change.kind == .replace ? try site.target(change.path) : try site.path(change.path)
            } catch {
                throw Failure(
                    path: change.path, reason: error.reason + "; linky-site writes only inside the site folder",
                    outside: error.outside)
            }
            let folder = PathText.parent(target)
            var missing = folder
            var chain: [String] = []
            while missing != root, access(missing, F_OK) != 0, site.contains(missing) {
                chain.append(missing)
                missing = PathText.parent(missing)
            }
            for created in chain.reversed() where !newFolders.contains(created) { newFolders.append(created) }
            let name = PathText.lastComponent(target)
            let temporary = ConfinedFolder.temporaryName(beside: name, suffix: "\(getpid())-\(index)")
            moves.append(
                Move(
                    temporary: relative(folder + "/" + temporary, site), target: relative(target, site),
                    kind: change.kind, path: change.path))
        }
        let journal = Journal(owner: owner, moves: moves, folders: newFolders.map { relative($0, site) })
        let pending = root + "/" + pendingName
        try write(journal.encoded(), to: pending, path: pendingName)

        // Preparation: folders and temporary files. Any failure undoes it all.
        do throws(Failure) {
            for folder in newFolders {
                guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw failure(folder, root) }
            }
            for (move, change) in zip(moves, changes) where change.kind != .remove {
                let target = root + "/" + move.target
                if change.kind == .create, FileManager.default.fileExists(atPath: target) {
                    throw Failure(path: change.path, reason: "a file with this name appeared meanwhile")
                }
                var mode: mode_t = 0o644
                var status = stat()
                if change.kind == .replace, stat(target, &status) == 0 { mode = mode_t(status.st_mode & 0o7777) }
                try write(change.bytes, to: root + "/" + move.temporary, path: change.path, mode: mode)
            }
            syncFolders(Set(moves.map { PathText.parent(root + "/" + $0.temporary) }) + [root])
        } catch {
            rollBack(journal, root)
            unlink(pending)
            throw error
        }
        // The commit point.
        guard rename(pending, root + "/" + journalName) == 0 else {
            let problem = failure(root + "/" + journalName, root)
            rollBack(journal, root)
            unlink(pending)
            throw problem
        }
        syncFolders([root])
        rollForward(journal, root)
        unlink(root + "/" + journalName)
        syncFolders([root])
    }

    /// Finishes or undoes a change a killed process left behind; nil when there was none.
    ///
    /// A journal is applied only when it is this machine's, for this very folder (`JournalOwner`), and
    /// names only relative paths inside the site, on their real paths, whose temporary files have the
    /// tool's own names and are regular files. Anything else throws `Refusal`, and nothing is touched:
    /// a site folder from a stranger cannot make linky-site move, write or delete a file.
    @discardableResult
    public static func recover(_ siteFolder: URL) throws(Refusal) -> Recovery? {
        let shownRoot = siteFolder.path
        let committed = shownRoot + "/" + journalName
        let pending = shownRoot + "/" + pendingName
        var status = stat()
        let hasCommitted = lstat(committed, &status) == 0
        let hasPending = lstat(pending, &status) == 0
        guard hasCommitted || hasPending else { return nil }
        let site: ConfinedFolder
        do {
            site = try ConfinedFolder(siteFolder)
        } catch {
            throw Refusal(journal: hasCommitted ? committed : pending, reason: error.reason)
        }
        if hasCommitted {
            let journal = try load(committed, in: site, cutShortIsEmpty: false)!
            rollForward(journal, site.real)
            unlink(site.real + "/" + journalName)
            unlink(site.real + "/" + pendingName)
            syncFolders([site.real])
            return .rolledForward(journal.moves.map(\.path))
        }
        // A journal cut short while being written had created nothing yet.
        let journal = try load(pending, in: site, cutShortIsEmpty: true)
        if let journal { rollBack(journal, site.real) }
        unlink(site.real + "/" + pendingName)
        syncFolders([site.real])
        return .rolledBack(journal?.moves.count ?? 0)
    }
}

// MARK: - Private

private extension SiteTransaction {
    /// Paths relative to the site folder's real path.
    struct Move: Codable, Equatable {
        var temporary: String
        var target: String
        var kind: Change.Kind
        /// For messages: as the change named it.
        var path: String
    }

    struct Journal: Codable {
        var owner: JournalOwner
        var moves: [Move]
        /// Folders the change creates, outermost first, relative to the site folder's real path.
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
    }

    static func relative(_ absolute: String, _ site: ConfinedFolder) -> String {
        guard let relative = site.relative(absolute) else {
            preconditionFailure("\(absolute) was checked to be inside \(site.real)")
        }
        return relative
    }

    /// The journal at `file`, once it is shown to be this machine's for this folder and to name only
    /// the tool's own files inside the site. A pending journal that cannot be decoded was cut short
    /// while being written, before anything it names was made: nil when `cutShortIsEmpty`.
    static func load(_ file: String, in site: ConfinedFolder, cutShortIsEmpty: Bool) throws(Refusal) -> Journal? {
        func refuse(_ reason: String) -> Refusal { Refusal(journal: file, reason: reason) }
        var status = stat()
        guard lstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw refuse("it is not a regular file")
        }
        guard status.st_size <= 64 << 20, let data = FileManager.default.contents(atPath: file) else {
            throw refuse("it cannot be read, or is larger than any journal linky-site writes")
        }
        let journal: Journal
        do {
            journal = try JSONDecoder().decode(Journal.self, from: data)
        } catch {
            if cutShortIsEmpty { return nil }
            throw refuse("it is not a journal linky-site wrote")
        }
        guard let owner = JournalOwner.current(for: site.real), journal.owner == owner else {
            throw refuse("it was written on another machine or for another folder (copied or cloned with the site)")
        }
        for folder in journal.folders {
            do {
                _ = try site.path(folder)
            } catch {
                throw refuse("it names the folder \(folder) (\(error.reason))")
            }
        }
        for move in journal.moves {
            let targetFolder = PathText.parent(move.target)
            let temporaryFolder = PathText.parent(move.temporary)
            let name = PathText.lastComponent(move.temporary)
            guard temporaryFolder == targetFolder, isTemporaryName(name) else {
                throw refuse("\(move.temporary) is not a temporary file linky-site names beside \(move.target)")
            }
            let temporary: String
            do {
                _ = try site.path(move.target)
                temporary = try site.path(move.temporary)
            } catch {
                throw refuse("it names \(error.path) (\(error.reason))")
            }
            if lstat(temporary, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
                throw refuse("\(move.temporary) is not a regular file")
            }
        }
        return journal
    }

    /// `.NAME.linky-tmp-PID-INDEX`, as `ConfinedFolder.temporaryName` makes them.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".linky-tmp-", options: .backwards) else {
            return false
        }
        let numbers = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        return numbers.count == 2 && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
    }

    /// Moves every prepared file into place; safe to run again after a kill part-way through.
    static func rollForward(_ journal: Journal, _ root: String) {
        for move in journal.moves {
            let temporary = root + "/" + move.temporary
            let target = root + "/" + move.target
            if move.kind == .remove {
                // Gone already is this move, done before a kill.
                unlink(target)
                continue
            }
            guard FileManager.default.fileExists(atPath: temporary) else { continue }
            switch move.kind {
            case .replace:
                rename(temporary, target)
            case .create:
                // link() never replaces: a target already there is this move, done before a kill.
                if link(temporary, target) == 0 || errno == EEXIST { unlink(temporary) }
            case .remove:
                break
            }
        }
        syncFolders(Set(journal.moves.map { PathText.parent(root + "/" + $0.target) }))
    }

    /// Removes every prepared file and the folders made for them (if nothing else went in).
    static func rollBack(_ journal: Journal, _ root: String) {
        for move in journal.moves { unlink(root + "/" + move.temporary) }
        for folder in journal.folders.reversed() { rmdir(root + "/" + folder) }
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
