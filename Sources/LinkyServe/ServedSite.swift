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

/// The served site, swapped as a whole under a lock: requests never see half an update.
final class ServedSiteStore: Sendable {
    private let site = Mutex(ServedSite())

    var current: ServedSite { site.withLock { $0 } }

    /// Takes the build's files after an update; `paths` limits the work to what an incremental update
    /// rendered (nil: compare everything).
    func publish(_ build: PreviewBuild, paths: [String]?) {
        let now = Date()
        var next = current
        next.version += 1
        let version = next.version
        func store(_ path: String, _ data: Data) {
            if let old = next.files[path], old.body.readableBytesView.elementsEqual(data) { return }
            next.files[path] = ServedFile(body: ByteBuffer(bytes: data), version: version, modified: now)
        }
        if let paths {
            // A path the build no longer has (a tag's pages when its last link left it) goes.
            for path in paths {
                if let data = build.files[path] { store(path, data) } else { next.files[path] = nil }
            }
        } else {
            for (path, data) in build.files { store(path, data) }
            for path in next.files.keys where build.files[path] == nil { next.files[path] = nil }
        }
        let overlay = build.hasErrors ? ErrorOverlay.html(build.diagnostics) : nil
        if overlay != next.overlay {
            next.overlay = overlay
            next.overlayVersion = version
        }
        next.diagnostics = build.diagnostics
        next.basePath = build.basePath.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        site.withLock { $0 = next }
    }
}
