import Foundation
import Synchronization

/// The parts of the files made from every link as the last build wrote them (`PreviousParts`), for a
/// rebuild to copy: a link's part is handed back when its part key (`PageFingerprints.partKeys`: the
/// site's shape, the link, its place) is the one the last build wrote it under, and the file is as that
/// build left it (its stamp). A file is mapped when first asked for, not read.
final class PreviousLinkParts: PreviousParts {
    private let keys: [Fingerprint]
    private let previousKeys: [Fingerprint]
    /// Each file's stamp as the last build left it, and each link's part in it, by id.
    private let files: [String: (stamp: FileStamp, parts: [Range<Int>?])]
    private let root: String
    private let mapped = Mutex<[String: MappedFile?]>([:])

    /// Nil when the last build left no parts.
    init?(previous: BuildState, keys: [Fingerprint], output: URL) {
        var files: [String: (stamp: FileStamp, parts: [Range<Int>?])] = [:]
        for (path, parts) in previous.parts {
            guard let stamp = previous.pages[PathKey(path)]?.stamp else { continue }
            var byLink = [Range<Int>?](repeating: nil, count: previous.linkKeys.count)
            for part in parts where byLink.indices.contains(part.link) { byLink[part.link] = part.range }
            files[path] = (stamp.withoutChangeTime, byLink)
        }
        guard !files.isEmpty else { return nil }
        self.keys = keys
        self.previousKeys = previous.linkKeys
        self.files = files
        root = output.path
    }

    func part(of path: String, link id: Int) -> UnsafeRawBufferPointer? {
        guard id < keys.count, id < previousKeys.count, keys[id] == previousKeys[id], let file = files[path],
            let range = file.parts[id], let mapping = mapping(path, stamp: file.stamp),
            range.upperBound <= mapping.count
        else { return nil }
        return UnsafeRawBufferPointer(rebasing: mapping.bytes[range])
    }

    /// The file at `path` mapped, when it still has the stamp the last build left it with.
    private func mapping(_ path: String, stamp: FileStamp) -> MappedFile? {
        mapped.withLock { mapped in
            if let found = mapped[path] { return found }
            var file = MappedFile(root + "/" + path)
            if file?.stamp.withoutChangeTime != stamp { file = nil }
            mapped[path] = file
            return file
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
