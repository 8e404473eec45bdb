import Foundation
import LinkyCuration
import LinkyImages
import LinkyModel
import Testing

/// `PictureStore` on a site folder: the files it makes from downloaded bytes, the index, and pruning.
@Suite struct PictureStoreTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "linky-pictures-\(UUID().uuidString)")

    /// A smooth `width` × `height` picture as JPEG bytes, as a page's preview would be.
    static func photo(width: Int, height: Int, shade: UInt8 = 40) throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), shade, 255] }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels).jpeg(quality: 90)
    }

    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "pictures").path).sorted()
    }

    /// A store on a site folder that exists, as every site's does.
    func makeStore() throws -> PictureStore {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return PictureStore(siteFolder: folder)
    }

    @Test func aPicturesFolderLinkedElsewhereIsNeitherWrittenNorPruned() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try makeStore()
        let elsewhere = folder.appendingPathExtension("elsewhere")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // Named as the store names its files, so pruning would take it.
        let victim = elsewhere.appending(path: "0123456789abcdef01234567-400w.webp")
        try Data("victim".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "pictures").path, withDestinationPath: elsewhere.path)
        #expect(throws: PictureStore.Failure.self) {
            try store.store(try Self.photo(width: 64, height: 64), kind: .icon, fetched: "2026-11-27")
        }
        #expect(throws: PictureStore.Failure.self) { try store.save(PictureIndex(entries: [:])) }
        #expect(store.prune(keeping: PictureIndex(entries: [:])).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [victim.lastPathComponent])
    }

    @Test func aPreviewBecomesSmallFilesNamedByItsBytes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try makeStore()
        let bytes = try Self.photo(width: 1200, height: 630)
        let entry = try store.store(bytes, kind: .preview, fetched: "2026-11-27")
        #expect(entry.width == 1200 && entry.height == 630 && entry.sha256.count == 64)
        #expect(entry.files.map(\.width) == [400, 800, 400])
        let key = String(entry.sha256.prefix(24))
        #expect(try names() == ["\(key)-400w.jpg", "\(key)-400w.webp", "\(key)-800w.webp"])
        for file in entry.files {
            let written = try Data(contentsOf: folder.appending(path: "pictures/\(file.name)"))
            #expect(written.count == file.bytes && file.bytes <= 60 * 1024)
            let decoded = try RGBAImage.decode(Array(written))
            #expect(decoded.width == file.width && decoded.height == file.height)
        }
        // The same bytes again (another page's picture): the same names, nothing new.
        #expect(try store.store(bytes, kind: .preview, fetched: "2026-11-28").files == entry.files)
        #expect(try names().count == 3)
    }

    @Test func whatIsNotAPictureIsRefusedAndWritesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try makeStore()
        #expect(throws: PictureStore.Failure.picture(.notAPicture)) {
            try store.store(Array("<html>not found</html>".utf8), kind: .preview, fetched: "2026-11-27")
        }
        let svg = Array("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".utf8)
        #expect(throws: PictureStore.Failure.picture(.unsupported(.svg))) {
            try store.store(svg, kind: .icon, fetched: "2026-11-27")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "pictures").path))
    }

    @Test func theIndexRoundTripsAndPruningKeepsWhatIsUsedAndTheSitesOwnFiles() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try makeStore()
        let kept = try store.store(try Self.photo(width: 64, height: 64), kind: .icon, fetched: "2026-11-27")
        let dropped = try store.store(
            try Self.photo(width: 500, height: 300, shade: 200), kind: .preview, fetched: "2026-11-27")
        #expect(kept.files.map(\.name).allSatisfy { $0.hasPrefix(String(kept.sha256.prefix(24))) })
        // A file of the site's own in the folder.
        try Data("mine".utf8).write(to: folder.appending(path: "pictures/README.txt"))
        let index = PictureIndex(entries: ["https://example.org/favicon.png": kept])
        try store.save(index)
        #expect(try PictureIndex.load(fromSiteFolder: folder) == index)
        let removed = store.prune(keeping: index)
        #expect(removed == dropped.files.map(\.name).sorted())
        #expect(try names() == (kept.files.map(\.name) + ["README.txt", "index.json"]).sorted())
    }
}
