import Foundation
import LinkyModel
import Testing

/// `ConfinedFolder`: the one check every command makes before it writes or deletes in a folder.
@Suite struct ConfinedFolderTests {
    /// A folder `root` with `links/` in it, and a folder `outside` beside it that nothing may reach.
    struct Place {
        let base: URL
        var root: URL { base.appending(path: "root") }
        var outside: URL { base.appending(path: "outside") }

        init() throws {
            base = FileManager.default.temporaryDirectory.appending(path: "linky-confined-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: base.appending(path: "root/links"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: base.appending(path: "outside"), withIntermediateDirectories: true)
            try "secret\n".write(to: base.appending(path: "outside/secret.txt"), atomically: true, encoding: .utf8)
        }

        func link(_ path: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(
                atPath: root.appending(path: path).path, withDestinationPath: destination)
        }

        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    @Test(arguments: [
        "/etc/passwd", "../outside/x", "links/../../outside/x", "", "links/\(String(repeating: "가", count: 86))",
    ])
    func refusesPathsThatLeaveOrCannotBeNamed(path: String) throws {
        let place = try Place()
        defer { place.remove() }
        let folder = try ConfinedFolder(place.root)
        #expect(throws: ConfinedFolder.Failure.self) { try folder.path(path) }
        #expect(throws: ConfinedFolder.Failure.self) { try folder.write(Data("x".utf8), to: path) }
    }

    @Test func refusesAFolderThatIsASymbolicLinkOutside() throws {
        let place = try Place()
        defer { place.remove() }
        try place.link("links/imported", to: place.outside.path)
        try place.link("up", to: "..")
        let folder = try ConfinedFolder(place.root)
        for path in ["links/imported/a.md", "links/imported/new/deeper/a.md", "up/outside/a.md", "up/root/../x"] {
            let failure = #expect(throws: ConfinedFolder.Failure.self) { try folder.write(Data("x".utf8), to: path) }
            #expect(failure?.outside == true)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.outside.path) == ["secret.txt"])
        #expect(throws: ConfinedFolder.Failure.self) { try folder.remove("links/imported/secret.txt") }
        #expect(FileManager.default.fileExists(atPath: place.outside.appending(path: "secret.txt").path))
    }

    @Test func followsSymbolicLinksThatStayInside() throws {
        let place = try Place()
        defer { place.remove() }
        try place.link("alias", to: "links")
        let folder = try ConfinedFolder(place.root)
        try folder.write(Data("a\n".utf8), to: "alias/new/a.md")
        #expect(
            try String(contentsOf: place.root.appending(path: "links/new/a.md"), encoding: .utf8) == "a\n")
        #expect(try folder.path("alias/new/a.md") == folder.real + "/links/new/a.md")
    }

    @Test func aFileThatIsALinkOutsideIsReplacedNotWrittenThrough() throws {
        let place = try Place()
        defer { place.remove() }
        try place.link("metadata.json", to: place.outside.appending(path: "secret.txt").path)
        let folder = try ConfinedFolder(place.root)
        #expect(throws: ConfinedFolder.Failure.self) { try folder.target("metadata.json") }
        try folder.write(Data("{}\n".utf8), to: "metadata.json")
        #expect(try String(contentsOf: place.outside.appending(path: "secret.txt"), encoding: .utf8) == "secret\n")
        #expect(try String(contentsOfFile: place.root.appending(path: "metadata.json").path, encoding: .utf8) == "{}\n")
    }

    @Test func aFileInTheWayOfAFolderIsRefused() throws {
        let place = try Place()
        defer { place.remove() }
        try "x".write(to: place.root.appending(path: "links/a.md"), atomically: true, encoding: .utf8)
        let folder = try ConfinedFolder(place.root)
        #expect(throws: ConfinedFolder.Failure.self) { try folder.write(Data("x".utf8), to: "links/a.md/b.md") }
    }

    @Test(arguments: [1, 200, 250, 255, 400])
    func temporaryNamesFitWhateverTheNameLength(length: Int) {
        // Hangul is three bytes a letter: 85 letters are 255 bytes, a legal file name on ext4.
        let name = String(repeating: "한", count: length / 3) + ".md"
        let temporary = ConfinedFolder.temporaryName(beside: name, suffix: "4194304-99999")
        #expect(temporary.utf8.count <= ConfinedFolder.nameLimit)
        #expect(temporary.hasPrefix("."))
        #expect(temporary.hasSuffix(".linky-tmp-4194304-99999"))
        #expect(String(decoding: Array(temporary.utf8), as: UTF8.self) == temporary, "cut at a character")
    }
}
