import Foundation
import LinkyBuild

/// The files of a folder in a git repository that changed since a revision: what was committed
/// since it (measured from where the current branch left it, as a pull request counts), what is
/// staged or changed and not staged, and files git does not track yet (ignored files excepted).
///
/// `check --links --changed-since origin/main` uses it to check only the links a branch touches.
public struct GitChanges: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `git` is not installed.
        case gitMissing
        /// The folder is not inside a git working tree.
        case notARepository(String)
        /// The revision does not name a commit in the repository.
        case unknownRevision(String)
        /// git failed for another reason; its message.
        case gitFailed(String)

        public var description: String {
            switch self {
            case .gitMissing: "git is not installed"
            case .notARepository(let folder): "\(folder) is not in a git repository"
            case .unknownRevision(let revision): "\"\(revision)\" is not a commit in this repository"
            case .gitFailed(let message): "git failed: \(message)"
            }
        }
    }

    /// The folder whose files are listed; paths are relative to it.
    public let folder: URL
    /// The git program; found on the `PATH` unless given.
    public let git: String

    public init(folder: URL, git: String = "git") {
        self.folder = folder
        self.git = git
    }

    /// Paths relative to `folder` (NFC, `/`-separated) of the files under it that changed since
    /// `revision`, including deleted ones.
    public func files(since revision: String) throws(Failure) -> Set<String> {
        let inside = try run(["rev-parse", "--is-inside-work-tree"])
        guard inside.status == 0 else {
            // Other refusals (e.g. "detected dubious ownership") say what to do better than we could.
            throw inside.error.contains("not a git repository")
                ? .notARepository(folder.path) : .gitFailed(inside.error)
        }
        guard inside.text.hasPrefix("true") else { throw .notARepository(folder.path) }
        // A revision starting with "-" would be read as an option.
        guard !revision.hasPrefix("-"),
            try run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]).status == 0
        else { throw .unknownRevision(revision) }

        let listings = [
            // Committed on this branch since it left `revision` (the merge base, as `A...B` means).
            ["diff", "--name-only", "-z", "--no-renames", "--relative", "\(revision)...HEAD", "--", "."],
            // Staged and not staged.
            ["diff", "--name-only", "-z", "--no-renames", "--relative", "HEAD", "--", "."],
            // Not tracked yet.
            ["ls-files", "--others", "--exclude-standard", "-z", "--", "."],
        ]
        var paths: Set<String> = []
        for arguments in listings {
            let result = try run(arguments)
            guard result.status == 0 else { throw .gitFailed(result.error.isEmpty ? result.text : result.error) }
            for path in result.output.split(separator: 0) where !path.isEmpty {
                paths.insert(String(decoding: path, as: UTF8.self).precomposedStringWithCanonicalMapping)
            }
        }
        return paths
    }
}

// MARK: - Private

private extension GitChanges {
    typealias Run = GitCommand.Run

    func run(_ arguments: [String]) throws(Failure) -> Run {
        do {
            return try GitCommand(folder: folder, git: git).run(arguments)
        } catch {
            throw .gitMissing
        }
    }
}

extension GitCommand.Run {
    var text: String { String(decoding: output, as: UTF8.self) }
}
