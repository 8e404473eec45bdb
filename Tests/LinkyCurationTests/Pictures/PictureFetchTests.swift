import Foundation
import LinkyCuration
import LinkyImages
import LinkyModel
import LinkyTestSupport
import Testing

/// `fetch`'s pictures step against the fixture server on 127.0.0.1: real picture files of every format
/// and hostile ones, each named by a link.
@Suite struct PictureFetchTests {
    let server: FixtureServer
    let folder: URL

    init() throws {
        server = try FixtureServer()
        folder = FileManager.default.temporaryDirectory.appending(path: "linky-picture-fetch-\(UUID().uuidString)")
    }

    func write(_ files: [String: String]) throws {
        try writeSiteFiles(files, into: folder)
    }

    /// A link file with `image:` at `picture` (a path on the fixture server).
    func link(_ name: String, picture: String) -> (String, String) {
        (
            "links/\(name).md",
            "---\nurl: https://example.org/\(name)\ntitle: \(name)\nimage: \(server.url(picture))\n---\n"
        )
    }

    func runFetch() async throws -> PictureFetch.Report {
        var metadata = MetadataFetch.Options(siteFolder: folder, today: "2026-11-27")
        metadata.timeout = .seconds(10)
        // The fixture server is on 127.0.0.1.
        metadata.allowPrivateAddresses = true
        let fetch = MetadataFetch(options: metadata)
        _ = try await fetch.fetch(try await fetch.plan())
        var options = PictureFetch.Options(siteFolder: folder, today: "2026-11-27")
        // Generous: the 12 MB download must not time out on a machine running the suite in parallel.
        options.timeout = .seconds(60)
        options.allowPrivateAddresses = true
        let pictures = PictureFetch(options: options)
        return try await pictures.run(try await pictures.plan())
    }

    func pictureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "pictures").path).sorted()
    }

    @Test func everyFormatBecomesSmallLocalFilesAndHostileOnesAreWarnings() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = Dictionary(
            uniqueKeysWithValues: [
                link("jpeg", picture: "/pictures/progressive.jpg"), link("png", picture: "/pictures/alpha.png"),
                link("webp", picture: "/pictures/lossy.webp"), link("gif", picture: "/pictures/animated.gif"),
                // The type comes from the bytes: a PNG served as text/html is a PNG.
                link("mislabelled", picture: "/pictures-as-html/palette.png"),
                link("bomb", picture: "/pictures/bomb.png"), link("cut", picture: "/pictures/truncated.jpg"),
                link("script", picture: "/pictures/script.svg"), link("huge", picture: "/picture-12mb"),
                link("page", picture: "/pictures/page.html"), link("gone", picture: "/pictures/none.png"),
            ])
        // A page whose og:image and icon are found by fetch.
        files["links/card.md"] = "---\nurl: \(server.url("/card"))\ntitle: Card\n---\n"
        try write(files)
        let report = try await runFetch()
        let index = try PictureIndex.load(fromSiteFolder: folder)
        let stored = Set(index.entries.keys)
        for path in [
            "/pictures/progressive.jpg", "/pictures/alpha.png", "/pictures/lossy.webp", "/pictures/animated.gif",
            "/pictures-as-html/palette.png", "/pictures/photo.jpg", "/pictures/icon.ico",
        ] {
            #expect(stored.contains(server.url(path)), "\(path)")
        }
        #expect(index.entries[server.url("/pictures/icon.ico")]?.kind == .icon)
        #expect(report.stored == 7 && report.kept == 0)
        // Each refused picture is a warning at the file of its link, saying why.
        let warned = Dictionary(uniqueKeysWithValues: report.warnings.map { ($0.location?.path ?? "", $0.message) })
        #expect(
            Set(warned.keys) == [
                "links/bomb.md", "links/cut.md", "links/script.md", "links/huge.md", "links/page.md", "links/gone.md",
            ])
        #expect(warned["links/bomb.md"]?.contains("30000 × 30000 pixels") == true)
        #expect(warned["links/cut.md"]?.contains("cut short") == true)
        #expect(warned["links/script.md"]?.contains("SVG pictures are not used") == true)
        #expect(warned["links/huge.md"]?.contains("larger than the 10 MB allowed") == true, "\(warned)")
        #expect(warned["links/page.md"]?.contains("not a picture") == true)
        #expect(warned["links/gone.md"]?.contains("404") == true)
        #expect(report.warnings.allSatisfy { $0.code == .unusablePicture && $0.severity == .warning })
        // Only the store's files: small WebP, JPEG and PNG, nothing of the SVG.
        for name in try pictureNames() where name != "index.json" {
            #expect(name.hasSuffix(".webp") || name.hasSuffix(".jpg") || name.hasSuffix(".png"), "\(name)")
            let bytes = try Data(contentsOf: folder.appending(path: "pictures/\(name)"))
            #expect(bytes.count <= 60 * 1024)
            #expect(!String(decoding: bytes, as: UTF8.self).contains("<script"))
        }
    }

    /// A page (trusted here, as `--allow-private` would) whose og:image and icon are on a private address
    /// (127.0.0.2 standing in for a cloud's metadata service): the pictures step, with its default
    /// options, asks that address nothing and says why at the link; allowed, it downloads them.
    @Test func picturesAtAPrivateAddressAreNotDownloaded() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let metadataService = try FixtureServer(host: "127.0.0.2")
        let image = metadataService.url("/pictures/photo.jpg")
        let icon = metadataService.url("/pictures/icon.ico")
        let query = [("image", image), ("icon", icon)].map {
            "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        }
        try write([
            "links/card.md": "---\nurl: \(server.url("/card-at?" + query.joined(separator: "&")))\ntitle: Card\n---\n"
        ])
        var metadata = MetadataFetch.Options(siteFolder: folder, today: "2026-11-27")
        metadata.timeout = .seconds(10)
        metadata.allowPrivateAddresses = true
        let fetch = MetadataFetch(options: metadata)
        _ = try await fetch.fetch(try await fetch.plan())
        #expect(try metadataService.log() == [])

        let pictures = PictureFetch(options: PictureFetch.Options(siteFolder: folder, today: "2026-11-27"))
        let report = try await pictures.run(try await pictures.plan())
        #expect(report.stored == 0)
        #expect(report.warnings.map(\.code) == [.privateAddress, .privateAddress])
        #expect(
            report.warnings.allSatisfy {
                $0.location?.path == "links/card.md" && $0.hint?.contains("--allow-private") == true
            })
        #expect(
            Set(report.warnings.map(\.message)) == [
                "preview picture \(image): 127.0.0.2 is a loopback address, not a public one: not requested",
                "icon \(icon): 127.0.0.2 is a loopback address, not a public one: not requested",
            ])
        #expect(try metadataService.log() == [])

        var allowed = PictureFetch.Options(siteFolder: folder, today: "2026-11-27")
        allowed.allowPrivateAddresses = true
        let again = PictureFetch(options: allowed)
        #expect(try await again.run(try await again.plan()).stored == 2)
        #expect(Set(try metadataService.log()) == ["GET /pictures/photo.jpg", "GET /pictures/icon.ico"])
    }

    @Test func aSecondFetchKeepsWhatItHasAndDropsWhatNoLinkUses() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            Dictionary(uniqueKeysWithValues: [
                link("a", picture: "/pictures/photo.jpg"), link("b", picture: "/pictures/lossy.webp"),
            ]))
        let first = try await runFetch()
        #expect(first.stored == 2)
        let before = try pictureNames()
        let again = try await runFetch()
        #expect(again.stored == 0 && again.kept == 2 && again.removed.isEmpty)
        #expect(try pictureNames() == before)
        try FileManager.default.removeItem(at: folder.appending(path: "links/b.md"))
        let after = try await runFetch()
        #expect(after.kept == 1 && !after.removed.isEmpty)
        let index = try PictureIndex.load(fromSiteFolder: folder)
        #expect(Array(index.entries.keys) == [server.url("/pictures/photo.jpg")])
        #expect(Set(try pictureNames()) == index.fileNames.union(["index.json"]))
    }

    /// As `add` asks: one link's pictures, the others' entries kept as they were, nothing pruned.
    @Test func onlyTheLinksAskedForAreLookedAt() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Dictionary(uniqueKeysWithValues: [link("a", picture: "/pictures/photo.jpg")]))
        _ = try await runFetch()
        let first = try PictureIndex.load(fromSiteFolder: folder)
        try write(Dictionary(uniqueKeysWithValues: [link("b", picture: "/pictures/lossy.webp")]))
        try FileManager.default.removeItem(at: folder.appending(path: "links/a.md"))
        var options = PictureFetch.Options(siteFolder: folder, today: "2026-11-28")
        options.onlyLinks = [try LinkURL(parsing: "https://example.org/b").comparisonKey]
        options.allowPrivateAddresses = true
        let pictures = PictureFetch(options: options)
        let report = try await pictures.run(try await pictures.plan())
        #expect(report.stored == 1 && report.removed.isEmpty)
        let index = try PictureIndex.load(fromSiteFolder: folder)
        #expect(Set(index.entries.keys) == [server.url("/pictures/photo.jpg"), server.url("/pictures/lossy.webp")])
        #expect(index.entries[server.url("/pictures/photo.jpg")] == first.entries[server.url("/pictures/photo.jpg")])
    }

    /// A picture at the site's own address (below `base_url`) is read from `static/`, not downloaded;
    /// an address that climbs out of `static/` is downloaded like any other (and here fails).
    @Test func aPictureTheSitePublishesIsReadFromStatic() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try Data(contentsOf: Self.fixtures.appending(path: "photo.jpg"))
        try write([
            "linky.yml": "base_url: https://mine.example/links/\n",
            "links/a.md":
                "---\nurl: https://example.org/a\ntitle: A\nimage: https://mine.example/links/covers/%ED%95%9C.jpg\n---\n",
            "links/b.md":
                "---\nurl: https://example.org/b\ntitle: B\nimage: https://mine.example/links/../secret.jpg\n---\n",
        ])
        try FileManager.default.createDirectory(
            at: folder.appending(path: "static/covers"), withIntermediateDirectories: true)
        try photo.write(to: folder.appending(path: "static/covers/한.jpg"))
        try photo.write(to: folder.appending(path: "secret.jpg"))
        var options = PictureFetch.Options(siteFolder: folder, today: "2026-11-27")
        options.timeout = .seconds(2)
        let pictures = PictureFetch(options: options)
        let report = try await pictures.run(try await pictures.plan())
        #expect(report.stored == 1, "\(report.warnings)")
        let index = try PictureIndex.load(fromSiteFolder: folder)
        let entry = try #require(index.entries["https://mine.example/links/covers/%ED%95%9C.jpg"])
        #expect(entry.kind == .preview && entry.files.count >= 2)
        #expect(report.warnings.count == 1 && report.warnings[0].location?.path == "links/b.md")
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "LinkyImagesTests/Fixtures")
}
