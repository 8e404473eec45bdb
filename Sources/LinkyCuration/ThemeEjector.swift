import Foundation
import LinkyModel
import LinkyTheme

/// `theme eject`: copies the built-in theme into a site's `templates/`, where it overrides the
/// built-in one file by file. Existing files are kept unless asked otherwise, so a site's own
/// changes are never lost.
public struct ThemeEjector: Sendable {
    public struct Result: Sendable, Equatable {
        /// Paths written, relative to the site folder.
        public var written: [String] = []
        /// Paths that already existed and were left as they were.
        public var kept: [String] = []
    }

    public let siteFolder: URL

    public init(siteFolder: URL) {
        self.siteFolder = siteFolder
    }

    public func eject(overwrite: Bool = false) throws -> Result {
        var result = Result()
        let site = try ConfinedFolder(siteFolder)
        for (path, data) in DefaultTheme.files.sorted(by: { $0.key < $1.key }) {
            let relative = "templates/" + path
            let destination = siteFolder.appending(path: relative)
            if FileManager.default.fileExists(atPath: destination.path), !overwrite {
                result.kept.append(relative)
                continue
            }
            try site.write(data, to: relative)
            result.written.append(relative)
        }
        return result
    }
}
