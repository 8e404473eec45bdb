import Foundation
import LinkyBuild
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches a site folder recursively and reports changed paths in batches, once no change has come
/// for `quiet` (so an editor's write-then-rename, or a `git checkout` touching hundreds of files,
/// is one batch).
///
/// On Linux it uses inotify (folders created later are watched as they appear); elsewhere, or
/// when inotify is unavailable, it compares the tree's modification times every 250 ms.
public final class FileWatcher: Sendable {
    public let root: URL
    /// Top-level folder names not to watch (the output folder).
    let skipped: Set<String>
    let quiet: Duration
    private let stopped = Mutex(false)

    public init(root: URL, skipping skipped: Set<String> = [], quiet: Duration = .milliseconds(50)) {
        self.root = root.standardizedFileURL
        self.skipped = skipped
        self.quiet = quiet
    }

    /// Paths relative to `root` (folders end with `/`; `*` means "anything may have changed").
    /// The stream ends after `stop()`.
    /// The folders are being watched when this returns: a change made afterwards is seen.
    public func changes() -> AsyncStream<Set<String>> {
        let (stream, continuation) = AsyncStream<Set<String>>.makeStream()
        #if os(Linux)
            if let inotify = Inotify(watcher: self) {
                let folders = inotify.watchTree()
                let thread = Thread {
                    inotify.run(continuation, folders: folders)
                    continuation.finish()
                }
                thread.name = "linky-site file watcher"
                thread.start()
                return stream
            }
        #endif
        let poller = TreePoller(watcher: self)
        let first = poller.scan()
        let thread = Thread {
            poller.run(continuation, from: first)
            continuation.finish()
        }
        thread.name = "linky-site file watcher"
        thread.start()
        return stream
    }

    public func stop() { stopped.withLock { $0 = true } }

    var isStopped: Bool { stopped.withLock { $0 } }

    /// Whether a folder (relative to root) is worth watching.
    func watches(folder relative: String) -> Bool {
        let components = relative.split(separator: "/")
        if components.contains(where: { $0.hasPrefix(".") }) { return false }
        if let first = components.first, skipped.contains(String(first)) { return false }
        return true
    }

    var quietMilliseconds: Int {
        let (seconds, attoseconds) = quiet.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

/// Collects paths and says when a batch is due: `quiet` after the last change, at most a second
/// after the first.
struct ChangeBatch {
    var paths: Set<String> = []
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?
    let quiet: Duration

    init(quiet: Duration) { self.quiet = quiet }

    mutating func add(_ path: String) {
        let now = ContinuousClock.now
        if first == nil { first = now }
        last = now
        paths.insert(path)
    }

    /// Milliseconds to wait before the batch is due; nil when there is nothing pending.
    func wait() -> Int? {
        guard let first, let last else { return nil }
        let due = min(last + quiet, first + .seconds(1))
        let remaining = ContinuousClock.now.duration(to: due)
        let (seconds, attoseconds) = remaining.components
        return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    mutating func take() -> Set<String> {
        defer {
            paths = []
            first = nil
            last = nil
        }
        return paths
    }
}

#if os(Linux)
    /// inotify on every watched folder; new folders are added as they appear.
    private struct Inotify: Sendable {
        let watcher: FileWatcher
        let descriptor: Int32

        init?(watcher: FileWatcher) {
            let descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
            guard descriptor >= 0 else { return nil }
            self.watcher = watcher
            self.descriptor = descriptor
        }

        static let mask: UInt32 =
            UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_FROM)
            | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

        /// Watches every folder; the map from watch descriptors to folders.
        func watchTree() -> [Int32: String] {
            var folders: [Int32: String] = [:]
            addTree("", &folders)
            return folders
        }

        func run(_ continuation: AsyncStream<Set<String>>.Continuation, folders: [Int32: String]) {
            defer { close(descriptor) }
            var folders = folders
            var batch = ChangeBatch(quiet: watcher.quiet)
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while !watcher.isStopped {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let timeout = batch.wait().map { min($0, 200) } ?? 200
                let ready = poll(&poller, 1, Int32(timeout))
                if ready > 0 {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count > 0 { handle(buffer, count: count, &folders, &batch) }
                }
                if let wait = batch.wait(), wait == 0 { continuation.yield(batch.take()) }
            }
        }

        private func handle(_ buffer: [UInt8], count: Int, _ folders: inout [Int32: String], _ batch: inout ChangeBatch)
        {
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + headerSize)..<min(offset + headerSize + length, count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += headerSize + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    batch.add(PreviewChange.everything)
                    continue
                }
                guard let folder = folders[wd] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    folders[wd] = nil
                    continue
                }
                if name.isEmpty {
                    // The watched folder itself went away or moved.
                    if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0, !folder.isEmpty {
                        batch.add(folder + "/")
                    }
                    continue
                }
                let path = folder.isEmpty ? name : folder + "/" + name
                let isFolder = mask & UInt32(IN_ISDIR) != 0
                if isFolder {
                    if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 { addTree(path, &folders) }
                    batch.add(path + "/")
                } else {
                    batch.add(path)
                }
            }
        }

        /// Watches `relative` and every folder below it.
        private func addTree(_ relative: String, _ folders: inout [Int32: String]) {
            guard watcher.watches(folder: relative) else { return }
            let url = relative.isEmpty ? watcher.root : watcher.root.appending(path: relative)
            let wd = inotify_add_watch(descriptor, url.path, Self.mask)
            guard wd >= 0 else { return }
            folders[wd] = relative
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() {
                var isFolder: ObjCBool = false
                let child = relative.isEmpty ? name : relative + "/" + name
                guard FileManager.default.fileExists(atPath: url.appending(path: name).path, isDirectory: &isFolder),
                    isFolder.boolValue
                else { continue }
                addTree(child, &folders)
            }
        }
    }
#endif

/// The portable fallback: a listing of modification times and sizes, compared every 250 ms.
private struct TreePoller: Sendable {
    let watcher: FileWatcher

    struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    func run(_ continuation: AsyncStream<Set<String>>.Continuation, from first: [String: Stamp]) {
        var previous = first
        var batch = ChangeBatch(quiet: watcher.quiet)
        while !watcher.isStopped {
            Thread.sleep(forTimeInterval: 0.25)
            let current = scan()
            for (path, stamp) in current where previous[path] != stamp { batch.add(path) }
            for path in previous.keys where current[path] == nil { batch.add(path) }
            previous = current
            if let wait = batch.wait(), wait == 0 { continuation.yield(batch.take()) }
        }
    }

    func scan() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let manager = FileManager.default
        var pending = [""]
        while let relative = pending.popLast() {
            let url = relative.isEmpty ? watcher.root : watcher.root.appending(path: relative)
            for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                let attributes = try? manager.attributesOfItem(atPath: url.appending(path: name).path)
                if attributes?[.type] as? FileAttributeType == .typeDirectory {
                    if watcher.watches(folder: child) {
                        stamps[child + "/"] = Stamp()
                        pending.append(child)
                    }
                } else {
                    stamps[child] = Stamp(
                        modified: attributes?[.modificationDate] as? Date,
                        size: (attributes?[.size] as? NSNumber)?.intValue)
                }
            }
        }
        return stamps
    }
}
