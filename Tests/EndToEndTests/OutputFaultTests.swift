import Foundation
import LinkyTestSupport
import Testing

/// The output under faults a user meets: folders that cannot be written or read, two builds at once, a
/// first build that fails. Permissions are tried as an unprivileged user (root ignores them): the built
/// binary runs under `setpriv` as nobody when the tests run as root, as the test's user otherwise.
@Suite struct OutputFaultTests {
    let cli = CommandLineTests()

    /// Runs the binary as a user whom permissions bind.
    func runUnprivileged(_ arguments: [String]) throws -> CommandLineTests.Run {
        guard getuid() == 0 else { return try cli.run(arguments) }
        return try cli.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", CommandLineTests.binary.path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    /// A site whose files the unprivileged user owns.
    func site(_ files: [String: String]) throws -> URL {
        let site = try cli.temporarySite(files)
        if getuid() == 0 {
            _ = try cli.run(["-R", "65534:65534", site.path], executable: URL(fileURLWithPath: "/bin/chown"))
        }
        return site
    }

    func chmod(_ url: URL, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    /// The names beside `folder` that a build leaves there (`.NAME.linky-*`).
    func leftovers(beside folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(folder.lastPathComponent).linky-") }.sorted()
    }

    static func link(_ title: String, _ url: String) -> String {
        "---\nurl: \(url)\ntitle: \(title)\ndate: 2024-01-01\n---\nA note.\n"
    }

    // MARK: - A build that cannot write

    /// Issue 24 #1: a rebuild whose files cannot all be moved into place (the output, or one category
    /// folder, made read-only) used to exit 0 with the top files old and the pages below new.
    @Test(arguments: ["", "c/reading"])
    func aRebuildThatCannotWriteExits74NamingThePathAndKeepsThePreviousOutput(readOnly: String) throws {
        let site = try site([
            "links/reading/a.md": Self.link("Alpha", "https://a.example/"),
            "links/reading/b.md": Self.link("Beta", "https://b.example/"),
            "links/places/c.md": Self.link("Gamma", "https://c.example/"),
        ])
        let output = site.appending(path: "_site")
        let locked = readOnly.isEmpty ? output : output.appending(path: readOnly)
        defer {
            try? chmod(locked, 0o755)
            try? FileManager.default.removeItem(at: site)
        }
        let first = try runUnprivileged(["build", site.path, "--base-url", "https://example.com/"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Self.files(below: output)
        try chmod(locked, 0o555)
        try Self.link("Alpha renamed", "https://a.example/").write(
            to: site.appending(path: "links/reading/a.md"), atomically: false, encoding: .utf8)
        // Removed too: a removal the update cannot make is undone like a move.
        try FileManager.default.removeItem(at: site.appending(path: "links/reading/b.md"))

        let failed = try runUnprivileged(["build", site.path, "--base-url", "https://example.com/"])
        #expect(failed.status == 74, "\(failed.stderr)")
        #expect(failed.stderr.contains("error[LINKY181]"))
        #expect(failed.stderr.contains(locked.path + "/"))
        #expect(failed.stderr.contains("Permission denied"))
        #expect(failed.stderr.contains("the previous output is unchanged"))
        #expect(try Self.files(below: output) == before)
        #expect(try leftovers(beside: output).allSatisfy { !$0.contains("journal") && !$0.contains("tmp") })

        try chmod(locked, 0o755)
        let again = try runUnprivileged(["build", site.path, "--base-url", "https://example.com/"])
        #expect(again.status == 0, "\(again.stderr)")
        let fresh = site.appending(path: "fresh")
        let control = try runUnprivileged(
            ["build", site.path, "--base-url", "https://example.com/", "--output", fresh.path])
        #expect(control.status == 0)
        #expect(try Self.files(below: output) == (try Self.files(below: fresh)))
    }

    // MARK: - A folder linky-site cannot prove it made

    /// Issue 24 #2: an unreadable non-empty folder given as the output used to be moved aside (rc 0) and
    /// deleted by the next build.
    @Test func anUnreadableOutputFolderIsRefusedAndNeverMoved() throws {
        let site = try site(["links/a.md": Self.link("A", "https://a.example/"), "precious/f": "data\n"])
        let precious = site.appending(path: "precious")
        defer {
            try? chmod(precious, 0o755)
            try? FileManager.default.removeItem(at: site)
        }
        try chmod(precious, 0o000)
        for _ in 0..<2 {
            let result = try runUnprivileged(["build", site.path, "--output", precious.path])
            #expect(result.status == 73, "\(result.stderr)")
            #expect(result.stderr.contains("error[LINKY180]"))
            #expect(result.stderr.contains("cannot be read"))
            #expect(result.stderr.contains("nothing was written"))
        }
        try chmod(precious, 0o755)
        #expect(try String(contentsOf: precious.appending(path: "f"), encoding: .utf8) == "data\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: precious.path) == ["f"])
        #expect(try leftovers(beside: precious) == [])
    }

    // MARK: - A failed first build

    /// Issue 24 #11: a first build that fails said "the previous output is unchanged" though there was
    /// none, and left its parse cache beside the output that was never made.
    @Test func aFailedFirstBuildSaysNothingWasWrittenAndLeavesNothingBehind() throws {
        let site = try site([
            "links/a.md": Self.link("A", "https://a.example/"), "static/secret.txt": "not for the build\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        // A static file the build cannot read: the write fails after the parses are stored.
        try chmod(site.appending(path: "static/secret.txt"), 0o000)
        let result = try runUnprivileged(["build", site.path, "--base-url", "https://example.com/"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(!result.stderr.contains("previous output"))
        #expect(result.stderr.contains("nothing was written"))
        let output = site.appending(path: "_site")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try leftovers(beside: output) == [])
    }

    @Test func aFirstBuildWithContentErrorsLeavesNothingBehind() throws {
        let site = try site(["links/a.md": Self.link("A", "https://a.example/"), "links/b.md": "---\ntitle: B\n---\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try cli.run(["build", site.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("; nothing was written."))
        #expect(try leftovers(beside: site.appending(path: "_site")) == [])
    }

    // MARK: - Two builds at once

    /// Issue 24 #8: a second build of the same output while one runs used to fail with a misleading
    /// "check free disk space", or finish the journal of the build still running.
    @Test func aSecondBuildOfTheSameOutputStopsAndSaysAnotherIsRunning() throws {
        let generated = try GeneratedSite(links: 2_000)
        defer { generated.remove() }
        let output = generated.folder.appending(path: "_site")
        let lock = generated.folder.appending(path: "._site.linky-lock")
        let first = Process()
        first.executableURL = CommandLineTests.binary
        first.arguments = ["build", generated.folder.path, "--quiet"]
        first.standardOutput = FileHandle.nullDevice
        let firstErrors = Pipe()
        first.standardError = firstErrors
        try first.run()
        // The first build holds the lock from before it touches the output until it is done.
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: lock.path), first.isRunning, Date() < deadline { usleep(1_000) }
        #expect(FileManager.default.fileExists(atPath: lock.path), "the first build took no lock")

        let second = try cli.run(["build", generated.folder.path])
        #expect(first.isRunning, "the first build ended before the second was refused: make the site larger")
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.contains("error[LINKY184]: another build is running on \(output.path)"))
        #expect(!second.stderr.contains("disk space"))

        let stderr = firstErrors.fileHandleForReading.readDataToEndOfFile()
        while first.isRunning { usleep(2_000) }
        #expect(first.terminationStatus == 0, "\(String(decoding: stderr, as: UTF8.self))")
        #expect(!FileManager.default.fileExists(atPath: lock.path))
        #expect(try leftovers(beside: output).allSatisfy { !$0.contains("journal") && !$0.contains("tmp") })
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "index.html").path))
        // The kernel drops the lock of a build that ends: the next build goes ahead.
        let third = try cli.run(["build", generated.folder.path, "--quiet"])
        #expect(third.status == 0, "\(third.stderr)")
    }
}

// MARK: - Helpers

private extension OutputFaultTests {
    /// Every file below a folder, by relative path.
    static func files(below folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return files }
        for case let relative as String in walker {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files[relative] = try Data(contentsOf: URL(fileURLWithPath: base + "/" + relative))
            }
        }
        return files
    }
}
