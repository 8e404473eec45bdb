import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The state a build leaves beside its output belongs to the program that wrote it, and to no other.
extension CommandLineTests {
    /// `perf record` hard-links the binary it profiles into `~/.debug`, and backup tools do the same:
    /// either moves the file's change time and nothing else. The next build of the same program must
    /// still use what the last one stored.
    @Test func aProgramWhoseFileWasOnlyLinkedOrChmoddedKeepsItsCache() throws {
        let site = try temporarySite([
            "linky.yml": "title: Cache\n",
            "links/a.md": Self.good,
            "links/b.md": "---\nurl: https://example.com/b\ntitle: B\ndate: 2024-01-02\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let program = site.appending(path: "bin/linky-site")
        try FileManager.default.createDirectory(
            at: program.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.binary, to: program)
        // A parse is stored only for a file left alone for a second.
        Thread.sleep(forTimeInterval: 1.2)
        let timings = ["LINKY_TIMINGS": "1"]
        let first = try run(["build", site.path], environment: timings, executable: program)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("2 of 2 content files parsed"), "\(first.stderr)")

        #expect(link(program.path, site.appending(path: "bin/linky-site-again").path) == 0)
        #expect(chmod(program.path, 0o700) == 0 && chmod(program.path, 0o755) == 0)
        let second = try run(["build", site.path], environment: timings, executable: program)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("0 of 2 content files parsed"), "\(second.stderr)")
        #expect(second.stderr.contains("0 removed"), "\(second.stderr)")
    }
}
