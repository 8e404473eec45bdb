import Foundation
import LinkyCuration
import Testing

@Suite struct SiteTransactionTests {
    func site() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linky-transaction-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "links"), withIntermediateDirectories: true)
        try "old\n".write(to: folder.appending(path: "links/a.md"), atomically: true, encoding: .utf8)
        return folder
    }

    func listing(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func replacesAndCreatesTogetherWithNewFolders() throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        try SiteTransaction.commit(
            [
                .init(path: "links/a.md", kind: .replace, bytes: Array("new\n".utf8)),
                .init(path: "links/new/deeper/b.md", kind: .create, bytes: Array("b\n".utf8)),
            ], in: folder)
        #expect(try String(contentsOf: folder.appending(path: "links/a.md"), encoding: .utf8) == "new\n")
        #expect(try String(contentsOf: folder.appending(path: "links/new/deeper/b.md"), encoding: .utf8) == "b\n")
        #expect(listing(folder) == ["links", "links/a.md", "links/new", "links/new/deeper", "links/new/deeper/b.md"])
        #expect(try SiteTransaction.recover(folder) == nil)
    }

    @Test func aFailureLeavesEverythingAsItWas() throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = listing(folder)
        #expect(throws: SiteTransaction.Failure.self) {
            try SiteTransaction.commit(
                [
                    .init(path: "links/a.md", kind: .replace, bytes: Array("new\n".utf8)),
                    .init(path: "links/new/b.md", kind: .create, bytes: Array("b\n".utf8)),
                    // Exists already: a create never overwrites, so the whole change is refused.
                    .init(path: "links/a.md", kind: .create, bytes: Array("clash\n".utf8)),
                ], in: folder)
        }
        #expect(listing(folder) == before, "no temporary file, journal or new folder is left")
        #expect(try String(contentsOf: folder.appending(path: "links/a.md"), encoding: .utf8) == "old\n")
    }

    @Test func permissionsAndSymbolicLinksAreKept() throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appending(path: "links/a.md")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "links/alias.md").path, withDestinationPath: "a.md")
        try SiteTransaction.commit(
            [.init(path: "links/alias.md", kind: .replace, bytes: Array("via link\n".utf8))], in: folder)
        #expect(try String(contentsOf: real, encoding: .utf8) == "via link\n")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder.appending(path: "links/alias.md").path)
                == "a.md")
        let mode = try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
