import Foundation
import LinkyTestSupport
import Testing

/// Link cards with local pictures, as issue 26 accepts them: a site whose pages (on 127.0.0.1) carry
/// JPEG, PNG, WebP and GIF previews, a page with none, and hostile pictures; `fetch`, then `build`.
extension CommandLineTests {
    static let cardPages = [
        "photo": "/card/photo.jpg", "palette": "/card/palette.png", "lossy": "/card/lossy.webp",
        "animated": "/card/animated.gif", "none": "/card-none", "bomb": "/card/bomb.png", "bomb-gif": "/card/bomb.gif",
        "truncated": "/card/truncated.jpg", "script": "/card/script.svg", "big": "/card-12mb",
        "as-html": "/card-as-html/progressive.jpg",
    ]

    @Test func cardsShowLocalPicturesOrAFallbackAndNoPageAsksAnotherSite() throws {
        let server = try FixtureServer()
        var files: [String: String] = ["linky.yml": "title: Cards\nbase_url: https://cards.example/\n"]
        for (name, path) in Self.cardPages {
            files["links/\(name).md"] = "---\nurl: \(server.url(path))\ntitle: \(name)\ntags: [cards]\n---\nA note.\n"
        }
        let site = try temporarySite(files)
        defer { try? FileManager.default.removeItem(at: site) }

        let fetch = try run(["fetch", site.path, "--allow-private"], environment: ["CI": "true"])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        // Five previews and the shared icon stored; each hostile picture is a warning naming its link.
        #expect(fetch.stderr.contains("Pictures: 6 downloaded, 0 kept; 6 could not be used."), "\(fetch.stderr)")
        for name in ["bomb", "bomb-gif", "truncated", "script", "big"] {
            #expect(fetch.stdout.contains("links/\(name).md:1: warning[LINKY210]: preview picture"), "\(name)")
        }
        let pictures = site.appending(path: "pictures")
        let made = try FileManager.default.contentsOfDirectory(atPath: pictures.path)
        #expect(!made.contains { $0.hasSuffix(".svg") })

        let build = try run(["build", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        let output = site.appending(path: "_site")
        let pages = try htmlPages(in: output)
        #expect(pages.count > 10)
        var images = 0
        for page in pages {
            let html = try String(contentsOf: page, encoding: .utf8)
            for source in attribute("src", in: html) + attribute("srcset", in: html).flatMap(srcsetSources) {
                images += 1
                #expect(!source.contains("://"), "\(page.path): \(source) is on another site")
                // The 404 page's addresses start at the site's root (base_url's path is `/`).
                let file =
                    source.hasPrefix("/")
                    ? output.appending(path: String(source.dropFirst()))
                    : page.deletingLastPathComponent().appending(path: source).standardizedFileURL
                #expect(
                    FileManager.default.fileExists(atPath: file.path), "\(page.path): \(source) is not in the output")
            }
        }
        #expect(images > 50)
        // A card with a thumbnail shows it; one without has no picture block, only its icon (or
        // initial) beside its domain.
        let home = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        // Each card's picture is a link to the page too, hidden from the keyboard (the title is the link).
        let cards = home.components(separatedBy: "<a class=\"card-picture\" href=\"").dropFirst().map {
            $0.drop { $0 != ">" }.dropFirst()
        }
        #expect(home.contains("tabindex=\"-1\" aria-hidden=\"true\"><img src=\"pictures/"))
        #expect(cards.count == 5)
        for card in cards { #expect(card.hasPrefix("<img src=\"pictures/")) }
        #expect(!home.contains("card-fallback"))
        // Its site's icon, or the domain's initial that the stylesheet draws from `data-i` on colour `tN`.
        let icons = home.components(separatedBy: "<span class=\"domain").dropFirst()
        #expect(icons.count == Self.cardPages.count)
        let drawn = { (icon: String) in icon.hasPrefix(" t") && icon.contains("data-i=") }
        #expect(icons.allSatisfy { $0.hasPrefix("\"><img class=\"favicon\"") || drawn($0) })
        // Small files, and no trace of the SVG's script anywhere in the output.
        for name in try FileManager.default.contentsOfDirectory(atPath: output.appending(path: "pictures").path) {
            let size =
                try FileManager.default.attributesOfItem(atPath: output.appending(path: "pictures/\(name)").path)[
                    .size] as? Int ?? .max
            #expect(size <= 60_000, "\(name) is \(size) bytes")
            #expect(!name.hasSuffix(".svg"))
        }
        let everything = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        for path in everything where !path.hasSuffix(".js") {
            let data = (try? Data(contentsOf: output.appending(path: path))) ?? Data()
            #expect(data.range(of: Data("alert(".utf8)) == nil, "\(path)")
        }

        // `images: remote` hotlinks as before, for those who want it; nothing is copied.
        try "title: Cards\nimages: remote\n".write(
            to: site.appending(path: "linky.yml"), atomically: true, encoding: .utf8)
        let remote = try run(["build", site.path])
        #expect(remote.status == 0, "\(remote.stderr)")
        let hotlinked = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(hotlinked.contains("src=\"\(server.url("/pictures/photo.jpg"))\""))
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "pictures").path))
    }

    private func htmlPages(in folder: URL) throws -> [URL] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }.map {
            folder.appending(path: $0)
        }
    }

    /// The values of every `name="…"` attribute in `html`.
    private func attribute(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().compactMap { rest in
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    private func srcsetSources(_ srcset: String) -> [String] {
        srcset.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
    }
}
