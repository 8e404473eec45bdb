import Foundation
import LinkyBuild
import LinkyModel
import NIOCore
import Synchronization

/// One rendered file as the server holds it.
struct ServedFile: Sendable {
    var body: ByteBuffer
    /// Bumped whenever the bytes change: the ETag.
    var version: Int
    /// When the bytes last changed, for `Last-Modified`.
    var modified: Date
}

/// What the server answers from: the rendered site and its current problems.
struct ServedSite: Sendable {
    var files: [String: ServedFile] = [:]
    var diagnostics: [Diagnostic] = []
    /// The overlay to put on HTML pages, when the site has errors.
    var overlay: String?
    /// Bumped when the overlay changes, so HTML ETags change with it.
    var overlayVersion = 0
    /// Bumped on every update.
    var version = 0
    /// The segments of `base_url`'s path (`["links"]`): the site is also answered under it.
    var basePath: [String] = []
}

/// The served site, updated as a whole under a lock: requests never see half an update.
final class ServedSiteStore: Sendable {
    private let site = Mutex(ServedSite())

    var current: ServedSite { site.withLock { $0 } }

    /// Takes the build's files after an update; `paths` limits the work to what an incremental update
    /// rendered (nil: compare everything). Called by one task at a time (the server's update loop).
    ///
    /// The changes are worked out on a snapshot and applied in place under the lock: replacing the
    /// whole site copied its dictionary of 8,000 files at every update (a fifth of a 10k site's reload).
    func publish(_ build: PreviewBuild, paths: [String]?) {
        let now = Date()
        let (version, changes) = changes(build, paths: paths)
        let overlay = build.hasErrors ? ErrorOverlay.html(build.diagnostics) : nil
        let basePath = build.basePath.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        site.withLock { site in
            site.version = version
            for (path, body) in changes {
                site.files[path] = body.map { ServedFile(body: $0, version: version, modified: now) }
            }
            if overlay != site.overlay {
                site.overlay = overlay
                site.overlayVersion = version
            }
            site.diagnostics = build.diagnostics
            site.basePath = basePath
        }
    }

    /// The next version, and each path whose bytes change with its new body (nil: the file goes).
    private func changes(_ build: PreviewBuild, paths: [String]?) -> (Int, [(String, ByteBuffer?)]) {
        let served = current
        var changes: [(String, ByteBuffer?)] = []
        func store(_ path: String, _ data: Data) {
            if let old = served.files[path], old.body.readableBytesView.elementsEqual(data) { return }
            changes.append((path, ByteBuffer(bytes: data)))
        }
        if let paths {
            // A path the build no longer has (a tag's pages when its last link left it) goes.
            for path in paths {
                if let data = build.files[path] { store(path, data) } else { changes.append((path, nil)) }
            }
        } else {
            for (path, data) in build.files { store(path, data) }
            for path in served.files.keys where build.files[path] == nil { changes.append((path, nil)) }
        }
        return (served.version + 1, changes)
    }
}
