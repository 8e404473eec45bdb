import Foundation
import LinkyModel

/// Reads when each address landed in each content file from the git repository the site is in (the
/// site may be a sub-folder of it): the branch's first-parent history of the site's Markdown files,
/// merges counted from the day they were merged, committer dates.
///
/// Given what an earlier build read (`previous`), only the commits after the one it read to are walked,
/// when that commit is on the branch's first-parent line; otherwise the whole history is. A site outside
/// git, or a machine without git, has no history and builds as it would without it.
struct GitHistory {
    let siteFolder: URL
    var git = "git"

    /// What reading found.
    struct Outcome: Sendable {
        var dates: HistoryDates?
        var diagnostics: [Diagnostic] = []
        /// Commits walked by this read (0 when the previous read was still true).
        var commitsRead = 0
    }

    func read(previous: HistoryDates?) -> Outcome {
        // Outside a repository nothing is started at all (most builds of a test suite, a site in a
        // downloaded archive); `GIT_DIR` names a repository from anywhere.
        guard Self.inRepository(siteFolder) || ProcessInfo.processInfo.environment["GIT_DIR"] != nil else {
            return Outcome()
        }
        let command = GitCommand(folder: siteFolder, git: git)
        do {
            let probe = try command.run(["rev-parse", "--is-inside-work-tree", "--is-shallow-repository"])
            guard probe.status == 0 else {
                // Outside a repository the site simply has no history; any other refusal (a repository
                // of another user: "detected dubious ownership") is git's to explain.
                if probe.error.contains("not a git repository") { return Outcome() }
                return Outcome(diagnostics: [Self.unreadable(probe.error)])
            }
            let answers = String(decoding: probe.output, as: UTF8.self).split(separator: "\n")
            guard answers.first == "true" else { return Outcome() }
            let shallow = answers.count > 1 && answers[1] == "true"
            let headRun = try command.run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
            // A repository without a commit yet: nothing has landed.
            guard headRun.status == 0 else { return Outcome() }
            let head = String(decoding: headRun.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)

            var start = HistoryDates(head: head)
            start.shallow = shallow
            var range = ["HEAD"]
            if let previous, !shallow, !previous.shallow {
                if previous.head == head { return Outcome(dates: previous) }
                if try follows(previous.head, command) {
                    start = previous
                    range = ["\(previous.head)..HEAD"]
                }
            }
            let log = try command.run(Self.logArguments + range + ["--"] + Self.pathspecs)
            guard log.status == 0 else { return Outcome(diagnostics: [Self.unreadable(log.error)]) }
            var walk = HistoryWalk(continuing: start)
            walk.read(log.output)
            var dates = walk.dates
            dates.head = head
            var outcome = Outcome(dates: dates, commitsRead: log.output.count { $0 == 0x01 })
            if shallow { outcome.diagnostics.append(Self.shallowWarning(dates.boundary)) }
            return outcome
        } catch {
            // No git, in a repository whose dates it then cannot read.
            return Outcome(diagnostics: [
                .warning(
                    .historyUnreadable, at: nil,
                    "git is not installed, so the links of this repository that have no `date:` have no date",
                    hint: "install git where the site is built, or set `dates_from_history: false`")
            ])
        }
    }

    /// `git log`'s arguments for `HistoryWalk`: the first-parent line oldest first, each commit's
    /// diff against its first parent (a merge's is what it brought), no context, renames found, paths
    /// relative to the site folder and unquoted, whatever the user's git settings say.
    static let logArguments = [
        "-c", "core.quotePath=false", "-c", "diff.renames=true", "-c", "log.showSignature=false",
        "log", "--first-parent", "--diff-merges=first-parent", "--reverse", "--patch", "--unified=0",
        "--find-renames", "--relative", "--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/",
        "--dst-prefix=b/", "--format=%x01%H%x00%P%x00%cI",
    ]

    /// The content files' names, as `SiteLoader` takes them.
    static let pathspecs = ["*.md", "*.markdown"]
}

// MARK: - Private

private extension GitHistory {
    /// Whether `commit` is on HEAD's first-parent line: the oldest commit after it there has it as its
    /// first parent.
    func follows(_ commit: String, _ command: GitCommand) throws(GitCommand.Missing) -> Bool {
        guard commit.allSatisfy({ $0.isHexDigit }), !commit.isEmpty else { return false }
        let run = try command.run(["rev-list", "--first-parent", "--parents", "--reverse", "\(commit)..HEAD"])
        guard run.status == 0, let first = run.output.split(separator: 0x0A).first else { return false }
        let fields = first.split(separator: 0x20)
        return fields.count >= 2 && String(decoding: fields[1], as: UTF8.self) == commit
    }

    /// Whether `folder` or a folder above it holds `.git`.
    static func inRepository(_ folder: URL) -> Bool {
        var current = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: current.appending(path: ".git").path) { return true }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return false }
            current = parent
        }
    }

    static func unreadable(_ message: String) -> Diagnostic {
        .warning(
            .historyUnreadable, at: nil,
            "git could not read the site's history, so links without `date:` have no date: \(message)",
            hint: "run the build where git can read the repository (as its owner), or set `dates_from_history: false`")
    }

    static func shallowWarning(_ boundary: HistoryDates.Stamp?) -> Diagnostic {
        let since = boundary.map { " before \($0.date.isoDay), where its history starts," } ?? ""
        return .warning(
            .shallowHistory, at: nil,
            "this clone of the repository is shallow, so links without `date:` that were added\(since) have no date",
            hint:
                "fetch the whole history: `git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout's `with:`"
        )
    }
}
