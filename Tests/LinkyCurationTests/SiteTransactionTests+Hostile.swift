import Foundation
import LinkyCuration
import LinkyModel
import Testing

/// Journals found in a site folder, as a stranger could write them: none is applied, nothing outside
/// the site is touched, and the journal stays for the user to look at.
extension SiteTransactionTests {
    /// A victim folder beside the site, with a file and an empty folder in it.
    func victim(beside site: URL) throws -> URL {
        let victim = site.deletingLastPathComponent().appending(path: site.lastPathComponent + "-victim")
        try FileManager.default.createDirectory(at: victim.appending(path: "empty"), withIntermediateDirectories: true)
        try "x\n".write(to: victim.appending(path: "a.txt"), atomically: true, encoding: .utf8)
        return victim
    }

    /// A journal that claims this machine and this folder, so only its paths can refuse it.
    func owned(_ site: URL, folders: [String], moves: [[String: String]]) throws -> String {
        let owner = try #require(JournalOwner.current(for: site.path))
        let object: [String: Any] = [
            "owner": ["machine": owner.machine, "folder": owner.folder], "folders": folders, "moves": moves,
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test(arguments: [".linky-journal", ".linky-journal.pending"])
    func theIssuesJournalsAreRefused(name: String) throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = try victim(beside: folder)
        defer { try? FileManager.default.removeItem(at: victim) }
        try "echo pwned\n".write(to: folder.appending(path: "payload"), atomically: true, encoding: .utf8)
        let journals = [
            // As the issue wrote them: no owner.
            #"{"folders":["VICTIM/empty"],"moves":[{"kind":"replace","path":"x","target":"VICTIM/z","temporary":"VICTIM/a.txt"}]}"#,
            #"{"folders":[],"moves":[{"kind":"create","path":"x","target":"VICTIM/dropped.sh","temporary":"payload"}]}"#,
            // Owned, and naming paths outside, up, or not the tool's own temporary files.
            try owned(
                folder, folders: [victim.path + "/empty"],
                moves: [
                    ["kind": "replace", "path": "x", "target": "links/a.md", "temporary": "links/.a.md.linky-tmp-1-0"]
                ]),
            try owned(
                folder, folders: [],
                moves: [
                    [
                        "kind": "create", "path": "x", "target": "../\(victim.lastPathComponent)/dropped.sh",
                        "temporary": "../\(victim.lastPathComponent)/.dropped.sh.linky-tmp-1-0",
                    ]
                ]),
            try owned(
                folder, folders: [],
                moves: [["kind": "create", "path": "x", "target": "links/dropped.sh", "temporary": "payload"]]),
            try owned(
                folder, folders: [],
                moves: [
                    [
                        "kind": "replace", "path": "x", "target": victim.path + "/a.txt",
                        "temporary": "links/.a.md.linky-tmp-1-0",
                    ]
                ]),
        ]
        for text in journals {
            let journal = folder.appending(path: name)
            try text.replacingOccurrences(of: "VICTIM", with: victim.path).write(
                to: journal, atomically: true, encoding: .utf8)
            let before = listing(folder)
            do {
                _ = try SiteTransaction.recover(folder)
                // Only a pending journal that is not one of ours at all may be taken for one cut short:
                // removed, and nothing else touched.
                #expect(name == ".linky-journal.pending" && !text.contains("owner"), "applied: \(text)")
            } catch {
                #expect(error.journal.hasSuffix(name))
                #expect(listing(folder) == before, "nothing in the site was touched")
            }
            #expect(listing(victim) == ["a.txt", "empty"])
            #expect(try String(contentsOf: victim.appending(path: "a.txt"), encoding: .utf8) == "x\n")
            #expect(try String(contentsOf: folder.appending(path: "links/a.md"), encoding: .utf8) == "old\n")
            try? FileManager.default.removeItem(at: journal)
        }
    }

    @Test func aSymbolicLinkedFolderInAnOwnedJournalIsRefused() throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = try victim(beside: folder)
        defer { try? FileManager.default.removeItem(at: victim) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "links/out").path, withDestinationPath: victim.path)
        try "payload\n".write(to: victim.appending(path: ".a.txt.linky-tmp-1-0"), atomically: true, encoding: .utf8)
        try owned(
            folder, folders: [],
            moves: [
                [
                    "kind": "replace", "path": "x", "target": "links/out/a.txt",
                    "temporary": "links/out/.a.txt.linky-tmp-1-0",
                ]
            ]
        ).write(to: folder.appending(path: ".linky-journal"), atomically: true, encoding: .utf8)
        #expect(throws: SiteTransaction.Refusal.self) { try SiteTransaction.recover(folder) }
        #expect(try String(contentsOf: victim.appending(path: "a.txt"), encoding: .utf8) == "x\n")
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: ".linky-journal").path))
    }

    @Test func anOwnedJournalOfTheToolsOwnFilesIsFinished() throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "new\n".write(to: folder.appending(path: "links/.a.md.linky-tmp-7-0"), atomically: true, encoding: .utf8)
        try owned(
            folder, folders: [],
            moves: [
                [
                    "kind": "replace", "path": "links/a.md", "target": "links/a.md",
                    "temporary": "links/.a.md.linky-tmp-7-0",
                ]
            ]
        ).write(to: folder.appending(path: ".linky-journal"), atomically: true, encoding: .utf8)
        #expect(try SiteTransaction.recover(folder) == .rolledForward(["links/a.md"]))
        #expect(try String(contentsOf: folder.appending(path: "links/a.md"), encoding: .utf8) == "new\n")
        #expect(listing(folder) == ["links", "links/a.md"])
    }

    @Test func aJournalOfAnotherFolderIsRefused() throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "new\n".write(to: folder.appending(path: "links/.a.md.linky-tmp-7-0"), atomically: true, encoding: .utf8)
        // As a clone carries it: right paths, but written for the folder it was cloned from.
        var text = try owned(
            folder, folders: [],
            moves: [
                [
                    "kind": "replace", "path": "links/a.md", "target": "links/a.md",
                    "temporary": "links/.a.md.linky-tmp-7-0",
                ]
            ])
        let owner = try #require(JournalOwner.current(for: folder.path))
        text = text.replacingOccurrences(of: owner.folder, with: "1:2")
        try text.write(to: folder.appending(path: ".linky-journal"), atomically: true, encoding: .utf8)
        let refusal = #expect(throws: SiteTransaction.Refusal.self) { try SiteTransaction.recover(folder) }
        #expect(refusal?.reason.contains("another machine or for another folder") == true)
        #expect(try String(contentsOf: folder.appending(path: "links/a.md"), encoding: .utf8) == "old\n")
    }

    @Test func aChangeThroughASymbolicLinkedFolderFailsAndWritesNothing() throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = try victim(beside: folder)
        defer { try? FileManager.default.removeItem(at: victim) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "links/imported").path, withDestinationPath: victim.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "links/b.md").path, withDestinationPath: victim.path + "/a.txt")
        for change in [
            SiteTransaction.Change(path: "links/imported/new.md", kind: .create, bytes: Array("x\n".utf8)),
            SiteTransaction.Change(path: "links/imported/a.txt", kind: .replace, bytes: Array("x\n".utf8)),
            SiteTransaction.Change(path: "links/b.md", kind: .replace, bytes: Array("overwritten\n".utf8)),
        ] {
            #expect(throws: SiteTransaction.Failure.self) { try SiteTransaction.commit([change], in: folder) }
        }
        #expect(listing(victim) == ["a.txt", "empty"])
        #expect(try String(contentsOf: victim.appending(path: "a.txt"), encoding: .utf8) == "x\n")
    }

    @Test func aNameOf255BytesIsReplaced() throws {
        let folder = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "한", count: 83) + ".md"  // 252 bytes
        try "old\n".write(to: folder.appending(path: "links/" + name), atomically: false, encoding: .utf8)
        try SiteTransaction.commit(
            [.init(path: "links/" + name, kind: .replace, bytes: Array("new\n".utf8))], in: folder)
        #expect(try String(contentsOf: folder.appending(path: "links/" + name), encoding: .utf8) == "new\n")
    }
}
