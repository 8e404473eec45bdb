import Foundation
import LinkyCuration
import Testing

/// The files `check --links --changed-since` looks at, in a real git repository made for each test.
@Suite final class GitChangesTests {
    let repository: URL
    var site: URL { repository.appending(path: "site") }

    init() throws {
        repository = FileManager.default.temporaryDirectory.appending(path: "linky-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try git("init", "-q", "-b", "main")
        try write(".gitignore", "*.ignored\n")
        for name in ["a", "c", "z"] { try write("site/links/\(name).md", "\(name)\n") }
        try write("elsewhere.md", "outside the site\n")
        try commit("base")
    }

    deinit {
        try? FileManager.default.removeItem(at: repository)
    }

    @Test func committedStagedUnstagedAndUntrackedFilesUnderTheSiteFolder() throws {
        try write("site/links/a.md", "changed and committed\n")
        try commit("change a")
        try write("site/links/b.md", "new and staged\n")
        try git("add", "site/links/b.md")
        try write("site/links/c.md", "changed, not staged\n")
        try write("site/links/d.md", "not tracked\n")
        try write("site/links/e.ignored", "ignored\n")
        try write("elsewhere.md", "changed outside the site\n")
        let changed = try GitChanges(folder: site).files(since: "HEAD~1")
        #expect(changed == ["links/a.md", "links/b.md", "links/c.md", "links/d.md"])
        #expect(try GitChanges(folder: site).files(since: "HEAD") == ["links/b.md", "links/c.md", "links/d.md"])
    }

    @Test func aBranchIsComparedFromWhereItLeftTheRevision() throws {
        try git("checkout", "-q", "-b", "feature")
        try write("site/links/a.md", "on the branch\n")
        try commit("branch work")
        try git("checkout", "-q", "main")
        try write("site/links/z.md", "main moved on\n")
        try commit("main work")
        try git("checkout", "-q", "feature")
        #expect(try GitChanges(folder: site).files(since: "main") == ["links/a.md"])
    }

    @Test func deletedFilesAndDecomposedNamesAreListed() throws {
        try FileManager.default.removeItem(at: site.appending(path: "links/z.md"))
        // 맛집 as macOS writes file names: decomposed jamo.
        try write("site/links/\("맛집".decomposedStringWithCanonicalMapping).md", "new\n")
        let changed = try GitChanges(folder: site).files(since: "HEAD")
        #expect(changed == ["links/z.md", "links/맛집.md"])
    }

    @Test func unknownRevisionsAndFoldersOutsideGitAreRefused() throws {
        #expect(throws: GitChanges.Failure.unknownRevision("no-such-branch")) {
            try GitChanges(folder: site).files(since: "no-such-branch")
        }
        #expect(throws: GitChanges.Failure.unknownRevision("--all")) {
            try GitChanges(folder: site).files(since: "--all")
        }
        let outside = FileManager.default.temporaryDirectory.appending(path: "linky-no-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        #expect(throws: GitChanges.Failure.notARepository(outside.path)) {
            try GitChanges(folder: outside).files(since: "HEAD")
        }
        #expect(throws: GitChanges.Failure.gitMissing) {
            try GitChanges(folder: site, git: "no-such-git-program").files(since: "HEAD")
        }
    }
}

// MARK: - Helpers

extension GitChangesTests {
    func write(_ path: String, _ text: String) throws {
        let url = repository.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func commit(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
    }

    /// Runs git in the repository, with an identity and without the user's configuration.
    func git(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", repository.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        ]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        // Not `waitUntilExit`: from a test's thread it spins.
        while process.isRunning { usleep(2_000) }
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .executableLoad,
                userInfo: [NSLocalizedDescriptionKey: "git \(arguments): \(String(decoding: message, as: UTF8.self))"])
        }
    }
}
