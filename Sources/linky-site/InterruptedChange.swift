import Foundation
import LinkyCuration

/// Every command that reads or changes a site first finishes (or undoes) a `tags rename`, `tags
/// merge` or `import` that a killed process left half-done, so it always sees the old files or the new.
enum InterruptedChange {
    static func recover(site: String) {
        let folder = URL(fileURLWithPath: site, isDirectory: true)
        switch SiteTransaction.recover(folder) {
        case .rolledForward(let paths):
            let message = "linky-site: note: finished a change that was interrupted (\(paths.count) files)\n"
            FileHandle.standardError.write(Data(message.utf8))
        case .rolledBack:
            FileHandle.standardError.write(
                Data("linky-site: note: undid a change that was interrupted before it was written\n".utf8))
        case nil:
            break
        }
    }
}
