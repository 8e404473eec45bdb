import Foundation
import Synchronization

/// The parts of the files made from every link as the last build wrote them (`PreviousParts`), for a
/// rebuild to copy: a link's part is handed back when its part key (`PageFingerprints.partKeys`: the
/// site's shape, the link, its place) is the one the last build wrote it under, and the file is as that
/// build left it (its stamp). A file is mapped, and its parts indexed by link, when first asked for:
/// the archive years a rebuild does not render cost nothing.
final class PreviousLinkParts: PreviousParts {
    private let keys: [Fingerprint]
    private let previous: BuildState
    private let root: String
    /// Each file asked for: mapped, with each link's part in it by id; nil when it cannot be used.
    private let opened = Mutex<[String: (file: MappedFile, parts: [Range<Int>?])?]>([:])

    /// Nil when the last build left no parts.
    init?(previous: BuildState, keys: [Fingerprint], output: URL) {
        guard !previous.parts.isEmpty else { return nil }
        self.keys = keys
        self.previous = previous
        root = output.path
    }

    func part(of path: String, link id: Int) -> UnsafeRawBufferPointer? {
        guard id < keys.count, id < previous.linkKeys.count, keys[id] == previous.linkKeys[id],
            let (file, parts) = open(path), let range = parts[id], range.upperBound <= file.count
        else { return nil }
        return UnsafeRawBufferPointer(rebasing: file.bytes[range])
    }

    /// The file at `path` mapped with its parts by link, when the last build recorded parts for it and
    /// it still has the stamp that build left it with.
    private func open(_ path: String) -> (file: MappedFile, parts: [Range<Int>?])? {
        opened.withLock { opened in
            if let found = opened[path] { return found }
            var entry: (file: MappedFile, parts: [Range<Int>?])?
            if let recorded = previous.parts[path], let stamp = previous.pages[PathKey(path)]?.stamp,
                let file = MappedFile(root + "/" + path), file.stamp.withoutChangeTime == stamp.withoutChangeTime
            {
                var parts = [Range<Int>?](repeating: nil, count: previous.linkKeys.count)
                for part in recorded where parts.indices.contains(part.link) { parts[part.link] = part.range }
                entry = (file, parts)
            }
            opened[path] = entry
            return entry
        }
    }
}

/// The parts of the files a build stored (`OutputFile.parts`), for the state. A file that names a link
/// twice (a site's template showing a list twice) keeps none: which part is the link's is not known.
final class PartLog: Sendable {
    private let parts = Mutex<[String: [LinkPart]]>([:])

    init() {}

    func record(_ files: [OutputFile]) {
        for file in files where !file.parts.isEmpty {
            guard Set(file.parts.map(\.link)).count == file.parts.count else { continue }
            parts.withLock { $0[file.path] = file.parts }
        }
    }

    var all: [String: [LinkPart]] { parts.withLock { $0 } }
}
