import ArgumentParser
import Foundation
import LinkyCuration

/// Every command that reads or changes a site first finishes (or undoes) a `tags rename`, `tags
/// merge` or `import` that a killed process left half-done, so it always sees the old files or the new.
enum InterruptedChange {
    /// - Throws: `ExitCode(65)` when the site folder holds a journal linky-site will not apply (one
    ///   from another machine or folder, or naming paths outside the site), after saying so.
    static func recover(site: String) throws {
        let folder = URL(fileURLWithPath: site, isDirectory: true)
        let recovery: SiteTransaction.Recovery?
        do {
            recovery = try SiteTransaction.recover(folder)
        } catch {
            Terminal.error("linky-site: error[LINKY185]: \(error.description)\n  hint: \(error.hint)\n")
            throw ExitCode(65)
        }
        switch recovery {
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
