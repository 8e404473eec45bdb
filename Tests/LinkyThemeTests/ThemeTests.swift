import Foundation
import LinkyModel
import LinkyTemplates
import Testing

@testable import LinkyTheme

@Suite struct ThemeTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "linky-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func builtInThemeIsCompleteAndMatchesTheRepository() throws {
        let (theme, diagnostics) = Theme.load(overrides: nil)
        #expect(diagnostics.isEmpty)
        for name in Theme.requiredTemplates { #expect(theme.hasTemplate(name)) }
        #expect(theme.assets["style.css"] != nil)
        #expect(theme.assets["search.js"] != nil)
        // The compiled-in copy is the repository's Templates/default, byte for byte.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Templates/default")
        for (path, data) in DefaultTheme.files {
            #expect(try Data(contentsOf: folder.appending(path: path)) == data, "\(path)")
        }
    }

    @Test func siteTemplatesOverrideByName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<p>custom {{site.title}}</p>".write(
            to: folder.appending(path: "404.mustache"), atomically: true, encoding: .utf8)
        let (theme, diagnostics) = Theme.load(overrides: folder)
        #expect(diagnostics.isEmpty)
        let page = try theme.render("404", ["site": ["title": "X & Y"]])
        #expect(String(decoding: page, as: UTF8.self) == "<p>custom X &amp; Y</p>")
        #expect(theme.templateOrigins["404"] == "templates/404.mustache")
    }

    @Test func aMissingPartialIsAnErrorWithItsLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "line one\n{{> partials/nope }}\n".write(
            to: folder.appending(path: "tag.mustache"), atomically: true, encoding: .utf8)
        let (_, diagnostics) = Theme.load(overrides: folder)
        let problem = try #require(diagnostics.first { $0.code == .missingPartial })
        #expect(problem.location == SourceLocation(path: "templates/tag.mustache", line: 2))
        #expect(problem.message.contains("partials/nope"))
    }

    @Test func aTemplateThatDoesNotParseIsAnError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "ok\n{{#links}}never closed\n".write(
            to: folder.appending(path: "home.mustache"), atomically: true, encoding: .utf8)
        let (_, diagnostics) = Theme.load(overrides: folder)
        let problem = try #require(diagnostics.first { $0.code == .invalidTemplate })
        #expect(problem.location?.path == "templates/home.mustache")
        #expect(problem.message.contains("{{#links}} is never closed"))
    }

    @Test func unsupportedMustacheIsRefusedWithItsLineWhenTheThemeLoads() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "ok\nstill ok\n  {{#first(links)}}x{{/first(links)}}\n".write(
            to: folder.appending(path: "home.mustache"), atomically: true, encoding: .utf8)
        try "{{<parent}}{{/parent}}".write(
            to: folder.appending(path: "tag.mustache"), atomically: true, encoding: .utf8)
        let (_, diagnostics) = Theme.load(overrides: folder)
        let transform = try #require(diagnostics.first { $0.location?.path == "templates/home.mustache" })
        #expect(transform.code == .invalidTemplate)
        #expect(transform.location?.line == 3)
        #expect(transform.message.contains("transforms"))
        let inheritance = try #require(diagnostics.first { $0.location?.path == "templates/tag.mustache" })
        #expect(inheritance.message.contains("inheritance"))
    }
}
