import Foundation
import LinkyModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A rebuild into an existing output: each rendered file is compared with the one already there, and
/// only files whose bytes differ are written, only files the site no longer has are removed.
///
/// It is a write-ahead journal, so a killed build loses nothing: changed files are first written to a
/// staging folder next to the output (`.NAME.linky-tmp-PID/`), then the list of moves and removals
/// is written as `.NAME.linky-journal.pending` and renamed to `.NAME.linky-journal` — the commit
/// point — and only then applied. Before the commit the output is untouched; after it, the next
/// build (`OutputUpdate.recover`, which every build runs first) finishes an interrupted apply.
///
/// Render tasks stage their files as they finish them, in parallel: comparing with the file already
/// there is most of a rebuild's work.
final class OutputUpdate: Sendable {
    let output: URL
    private let staging: URL
    private let journal: String
    private let pending: String
    private let state = Mutex(State())

    private struct State {
        var moves: [Move] = []
        var unchanged = 0
        /// Every path the new output has, to find what to remove.
        var keep = Set<PathKey>()
        /// The bytes of each file staged or compared (not of those kept unseen, `keep(_:)`).
        var sizes: [PathKey: Int64] = [:]
    }

    struct Move: Codable, Equatable {
        /// The staged file's name in the staging folder.
        let staged: String
        /// Its place in the output.
        let path: String
    }

    struct Plan: Codable {
        /// The machine and output folder it was written for: a journal from elsewhere is never applied.
        var owner: JournalOwner
        /// The staging folder's name, beside the output.
        var staging: String
        var moves: [Move]
        var removals: [String]
    }

    /// Files written, left as they were and removed.
    struct Counts: Sendable, Equatable {
        var written = 0
        var unchanged = 0
        var removed = 0
        /// An existing output was updated, rather than a new one written and swapped in.
        var inPlace = false
        /// The new output's files and bytes.
        var measure: OutputMeasure?
    }

    private let stamps: StampLog?
    /// Whether a file is compared with the output's before it is written.
    let compares: Bool

    init(output: URL, stamps: StampLog? = nil, layers: CacheLayers = .all) {
        compares = layers.contains(.compare)
        self.output = output
        self.stamps = stamps
        staging = OutputWriter.sibling(of: output, "linky-tmp-\(ProcessInfo.processInfo.processIdentifier)")
        (journal, pending) = Self.journalPaths(output)
    }

    static func journalPaths(_ output: URL) -> (committed: String, pending: String) {
        let base = OutputWriter.sibling(of: output, "linky-journal").path
        return (base, base + ".pending")
    }

    /// Starts an update: an empty staging folder.
    func begin() throws {
        try? FileManager.default.removeItem(at: staging)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    }

    /// Compares `contents` with the output's file at `path` and stages it when they differ. Safe to
    /// call from several tasks at once.
    func stage(_ path: String, _ contents: some ContiguousBytes) throws {
        let bytes = Int64(contents.withUnsafeBytes { $0.count })
        if compares, let stamp = Self.stampIfEqual(output.path + "/" + path, contents) {
            stamps?.record(path, stamp)
            state.withLock {
                $0.keep.insert(PathKey(path))
                $0.sizes[PathKey(path)] = bytes
                $0.unchanged += 1
            }
            return
        }
        let name = state.withLock { state -> String in
            state.keep.insert(PathKey(path))
            state.sizes[PathKey(path)] = bytes
            let name = String(state.moves.count)
            state.moves.append(Move(staged: name, path: path))
            return name
        }
        // Listed before it is written: the journal is written only after every file is staged.
        // Moving it into the output keeps its stamp.
        let destination = staging.path + "/" + name
        let stamp = try FileIO.writeFile(destination, contents)
        stamps?.record(path, stamp)
    }

    /// Files of the output kept as they are without being compared: a rebuild found them up to date.
    func keep(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        state.withLock {
            $0.keep.formUnion(paths.lazy.map(PathKey.init))
            $0.unchanged += paths.count
        }
    }

    /// The output as the commit would leave it: every file staged, compared or kept (the marker aside,
    /// as `OutputMeasure` counts).
    /// `size` gives the size of a kept file where the caller knows it (the rebuild's look at the
    /// output); the others are looked up.
    func measure(size: (PathKey) -> Int64?) -> OutputMeasure {
        let (keep, sizes) = state.withLock { ($0.keep, $0.sizes) }
        var measure = OutputMeasure()
        var status = stat()
        for key in keep {
            var bytes = sizes[key] ?? size(key)
            if bytes == nil, stat(output.path + "/" + key.path, &status) == 0 { bytes = Int64(status.st_size) }
            measure.add(key.path, bytes: bytes ?? 0)
        }
        return measure
    }

    /// Stages a copy of a file (a static file) under `path`.
    func stageCopy(of source: URL, as path: String, followingSymlinks: Bool = true) throws {
        try stage(path, try FileIO.contents(of: source.path, followingSymlinks: followingSymlinks))
    }

    /// Writes the journal, commits it and applies it; returns what changed. `existing` lists the
    /// output's files (`filesBelow`), when the caller listed them already.
    ///
    /// When a move or removal fails (a folder of the output is not writable, say), the update is undone
    /// and the error names the path: the output is left as the previous build made it. When even that
    /// fails, the journal stays, and the next build finishes or undoes the update (`recover`).
    func commit(existing: [String]? = nil) throws -> Counts {
        let plan = try writeJournal(existing: existing)
        do {
            // The same check as a journal found on disk gets: every path on its real path inside the output.
            try Self.validate(plan, journal: journal, output: output)
            try Self.apply(plan, staging: staging, output: output)
        } catch {
            guard Self.undo(plan, staging: staging, output: output) else {
                throw Failure.interrupted(error)
            }
            try Self.endJournal(journal)
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        try Self.endJournal(journal)
        // Left behind, it holds only the replaced files; the next build removes it.
        try? FileManager.default.removeItem(at: staging)
        let unchanged = state.withLock { $0.unchanged }
        return Counts(
            written: plan.moves.count, unchanged: unchanged, removed: plan.removals.count, inPlace: true)
    }

    /// The commit point: after it, the update happens even if this process dies (see `recover`).
    func writeJournal(existing: [String]? = nil) throws -> Plan {
        let (moves, keep) = state.withLock { ($0.moves, $0.keep) }
        let removals = try (existing ?? Self.filesBelow(output)).filter {
            !keep.contains(PathKey($0)) && $0 != OutputWriter.marker
        }
        guard let owner = JournalOwner.current(for: output.path) else { throw FileIO.posixError("read \(output.path)") }
        let plan = Plan(owner: owner, staging: staging.lastPathComponent, moves: moves, removals: removals.sorted())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // On disk before it is committed: a journal that names files must be whole.
        try FileIO.writeFile(pending, try encoder.encode(plan), durable: true)
        guard rename(pending, journal) == 0 else { throw FileIO.posixError("commit \(journal)") }
        return plan
    }

    /// Drops the staged files, when the output was not touched: after the commit point they are the
    /// journal's, for `recover`.
    func abandon() {
        unlink(pending)
        guard access(journal, F_OK) != 0 else { return }
        try? FileManager.default.removeItem(at: staging)
    }

    /// Finishes an update that a killed build committed, or drops one it had not: afterwards the
    /// output is wholly the old build or wholly the new one. True when an update was finished.
    ///
    /// An update that cannot be finished (the output is not writable) is undone; one that can be
    /// neither finished nor undone throws, and its journal stays for the next build.
    @discardableResult static func recover(_ output: URL) throws -> Bool {
        let (journal, pending) = journalPaths(output)
        guard unlink(pending) == 0 || errno == ENOENT else { throw FileIO.posixError("remove \(pending)") }
        guard let data = FileManager.default.contents(atPath: journal) else {
            guard access(journal, F_OK) != 0 else { throw FileIO.posixError("read \(journal)") }
            return false
        }
        // A journal is written whole before it is committed: one that cannot be read was never ours.
        let plan: Plan
        do {
            plan = try JSONDecoder().decode(Plan.self, from: data)
        } catch {
            throw Refusal(journal: journal, reason: "it is not a journal linky-site wrote")
        }
        try validate(plan, journal: journal, output: output)
        let staging = output.deletingLastPathComponent().appending(path: plan.staging)
        var finished = true
        do {
            try apply(plan, staging: staging, output: output)
        } catch {
            guard undo(plan, staging: staging, output: output) else { throw Failure.interrupted(error) }
            finished = false
        }
        try endJournal(journal)
        try? FileManager.default.removeItem(at: staging)
        return finished
    }

    /// A journal beside the output that linky-site will not apply; nothing was touched.
    struct Refusal: Error, LocalizedError {
        var journal: String
        var reason: String
        var errorDescription: String? {
            "the journal \(journal) of an interrupted build is not applied: \(reason); nothing was changed"
        }
    }

    /// Checks a journal read from disk before anything it names is touched: it is this machine's, for
    /// this very output folder (`JournalOwner`); its staging folder is a real folder beside the output
    /// with the tool's own name; its staged files are numbers in it; every path it moves to or removes
    /// is inside the output on its real path (`ConfinedFolder`).
    static func validate(_ plan: Plan, journal: String, output: URL) throws(Refusal) {
        func refuse(_ reason: String) -> Refusal { Refusal(journal: journal, reason: reason) }
        guard let owner = JournalOwner.current(for: output.path), owner == plan.owner else {
            throw refuse("it was written on another machine or for another output folder (copied or cloned?)")
        }
        let prefix = OutputWriter.siblingPrefix(of: output) + "linky-tmp-"
        let staging = output.deletingLastPathComponent().path + "/" + plan.staging
        var status = stat()
        guard plan.staging.hasPrefix(prefix),
            !plan.staging.contains("/"), plan.staging != "." && plan.staging != "..",
            lstat(staging, &status) != 0 || (status.st_mode & S_IFMT) == S_IFDIR
        else { throw refuse("its staging folder \(plan.staging) is not one linky-site makes beside the output") }
        for move in plan.moves where move.staged.isEmpty || !move.staged.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            throw refuse("the staged file \(move.staged) is not one linky-site names")
        }
        let folder: ConfinedFolder
        do {
            folder = try ConfinedFolder(output)
        } catch {
            throw refuse(error.reason)
        }
        var checked = Set<String>()
        for path in plan.moves.map(\.path) + plan.removals {
            let parent = (path as NSString).deletingLastPathComponent
            guard !checked.contains(parent) || parent.isEmpty else {
                // The folder is known to be inside; the name must still be a plain one.
                let name = (path as NSString).lastPathComponent
                guard name != "..", name != ".", !name.isEmpty else { throw refuse("it names \(path)") }
                continue
            }
            do {
                _ = try folder.path(path)
            } catch {
                throw refuse("it names \(path) (\(error.reason))")
            }
            checked.insert(parent)
        }
    }

    /// Why an update failed.
    enum Failure: Error, LocalizedError {
        /// A move or removal failed, and undoing the moves made failed too: the journal stays.
        case interrupted(any Error)

        var errorDescription: String? {
            switch self {
            case .interrupted(let error): error.systemReason
            }
        }
    }
}

// MARK: - Helpers

private extension OutputUpdate {
    /// Moves every staged file into place (a move already made is skipped) and moves aside what the
    /// new output does not have, then removes the folders that left empty; throws at the first move
    /// or removal that fails, naming its path.
    ///
    /// Nothing it replaces or removes is lost until the staging folder goes: a file replaced is first
    /// linked into it as `N.previous`, a file removed is moved into it as `removed-N`, so `undo` can put
    /// them back. Both can be run again, and after each other, as often as a killed build needs.
    static func apply(_ plan: Plan, staging: URL, output: URL) throws {
        let root = output.path
        for move in plan.moves {
            let source = staging.path + "/" + move.staged
            guard access(source, F_OK) == 0 else { continue }
            let destination = root + "/" + move.path
            if link(destination, source + ".previous") != 0, errno != ENOENT, errno != EEXIST {
                throw FileIO.posixError("keep the previous \(destination)")
            }
            if rename(source, destination) != 0 {
                guard errno == ENOENT else { throw FileIO.posixError("move the new file into \(destination)") }
                try FileIO.makeFolder((destination as NSString).deletingLastPathComponent)
                guard rename(source, destination) == 0 else {
                    throw FileIO.posixError("move the new file into \(destination)")
                }
            }
        }
        var emptied = Set<String>()
        for (index, path) in plan.removals.enumerated() {
            if rename(root + "/" + path, staging.path + "/removed-\(index)") != 0, errno != ENOENT {
                throw FileIO.posixError("remove \(root + "/" + path)")
            }
            var folder = path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                emptied.insert(folder)
            }
        }
        // Deepest first, so a folder whose only content was a folder goes too; rmdir keeps non-empty ones.
        for folder in emptied.sorted(by: { $0.count > $1.count }) { rmdir(root + "/" + folder) }
    }

    /// Undoes what `apply` did of `plan`: files removed are put back, new files taken out again, the
    /// files they replaced put back. False when something could not be put back.
    static func undo(_ plan: Plan, staging: URL, output: URL) -> Bool {
        let root = output.path
        var complete = true
        for (index, path) in plan.removals.enumerated().reversed() {
            let aside = staging.path + "/removed-\(index)"
            guard access(aside, F_OK) == 0 else { continue }
            if !moveBack(aside, to: root + "/" + path) { complete = false }
        }
        var added = Set<String>()
        for move in plan.moves.reversed() {
            let source = staging.path + "/" + move.staged
            let destination = root + "/" + move.path
            // Moved in: taken out again, which also makes this step safe to repeat.
            if access(source, F_OK) != 0, rename(destination, source) != 0, errno != ENOENT {
                complete = false
                continue
            }
            let previous = source + ".previous"
            if access(previous, F_OK) == 0 {
                // Still in place when the move never happened: the two names are one file.
                if !sameFile(previous, destination), rename(previous, destination) != 0 { complete = false }
            } else if let slash = move.path.lastIndex(of: "/") {
                added.insert(String(move.path[..<slash]))
            }
        }
        // Folders the moves made for new files, deepest first; rmdir keeps the non-empty ones.
        var folders = Set<String>()
        for var folder in added {
            folders.insert(folder)
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                folders.insert(folder)
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(root + "/" + folder) }
        return complete
    }

    /// Renames `source` to `destination`, making the folder it goes in when that is gone.
    static func moveBack(_ source: String, to destination: String) -> Bool {
        if rename(source, destination) == 0 { return true }
        guard errno == ENOENT else { return false }
        do {
            try FileIO.makeFolder((destination as NSString).deletingLastPathComponent)
        } catch {
            return false
        }
        return rename(source, destination) == 0
    }

    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        return lstat(first, &a) == 0 && lstat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Removes a journal whose update is finished or undone.
    static func endJournal(_ journal: String) throws {
        guard unlink(journal) == 0 || errno == ENOENT else { throw FileIO.posixError("remove \(journal)") }
    }

    /// The file's stamp when its bytes are `contents`, else nil.
    static func stampIfEqual(_ path: String, _ contents: some ContiguousBytes) -> FileStamp? {
        contents.withUnsafeBytes { stampIfEqual(path, $0) }
    }

    private static func stampIfEqual(_ path: String, _ expected: UnsafeRawBufferPointer) -> FileStamp? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) == expected.count,
            (status.st_mode & S_IFMT) == S_IFREG
        else { return nil }
        func equal() -> Bool {
            var buffer = [UInt8](repeating: 0, count: min(max(expected.count, 1), 1 << 20))
            var offset = 0
            while offset < expected.count {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0, offset + count <= expected.count else { return false }
                let same = buffer.withUnsafeBytes {
                    memcmp($0.baseAddress!, expected.baseAddress! + offset, count) == 0
                }
                guard same else { return false }
                offset += count
            }
            return true
        }
        return equal() ? FileStamp(status).withoutChangeTime : nil
    }

}
