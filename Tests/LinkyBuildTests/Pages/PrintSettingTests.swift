import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// `print: auto | true | false`, on Examples/reading-list built into a temporary folder: `auto` writes
/// the print page up to `FileLimits.printAutoLinks` links (10,000; lowered here below the example's
/// count) and leaves it, and every link to it, out past that; `true` writes it whatever the size;
/// `false` never. `--pdf` without a print page is an error naming the setting.
@Suite struct PrintSettingTests {
    struct Built {
        var report: BuildReport
        var files: [String: Data]

        func page(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }
    }

    static func build(adding settings: String, autoLimit: Int? = nil, pdf: Bool = false) async throws -> Built {
        let folder = try readingListCopy(adding: settings, prefix: "linky-print")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = BuildOptions(siteFolder: folder)
        if let autoLimit { options.limits.printAutoLinks = autoLimit }
        options.pdf = pdf
        let report = await SiteBuilder().build(options)
        return Built(report: report, files: try filesBelow(folder.appending(path: "_site")))
    }

    /// The header's and the footer's links to the print page, on the home page.
    static func printLinks(_ page: String) -> Int { page.components(separatedBy: "print/index.html\"").count - 1 }

    @Test func autoWritesThePrintPageForAnOrdinaryCollection() async throws {
        let built = try await Self.build(adding: "")
        #expect(built.report.outcome == .success, "\(built.report.diagnostics.prefix(3))")
        let print = try #require(built.page("print/index.html"))
        #expect(print.contains("class=\"print-"))
        #expect(Self.printLinks(try #require(built.page("index.html"))) == 2)
    }

    @Test func autoLeavesItOutPastTheLimitAndTrueKeepsIt() async throws {
        let auto = try await Self.build(adding: "print: auto\n", autoLimit: 3)
        #expect(auto.report.outcome == .success, "\(auto.report.diagnostics.prefix(3))")
        #expect(!auto.files.keys.contains { $0.hasPrefix("print/") })
        for (path, data) in auto.files where path.hasSuffix(".html") {
            #expect(!String(decoding: data, as: UTF8.self).contains("print/index.html"), "\(path)")
        }
        #expect(!(try #require(auto.page("sitemap.xml"))).contains("/print/"))
        let always = try await Self.build(adding: "print: true\n", autoLimit: 3)
        #expect(always.page("print/index.html") != nil)
        #expect(Self.printLinks(try #require(always.page("index.html"))) == 2)
    }

    @Test func falseLeavesItOutAndPdfSaysWhy() async throws {
        let off = try await Self.build(adding: "print: false\n")
        #expect(off.report.outcome == .success)
        #expect(off.page("print/index.html") == nil)
        #expect(Self.printLinks(try #require(off.page("index.html"))) == 0)
        let pdf = try await Self.build(adding: "print: false\n", pdf: true)
        #expect(pdf.report.outcome == .contentErrors)
        let error = try #require(pdf.report.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("`print: false`"))
        #expect(error.location?.path == "linky.yml")
    }

    @Test func aValueThatIsNoneOfTheThreeIsALocatedWarning() async throws {
        let built = try await Self.build(adding: "print: sometimes\n")
        #expect(built.report.outcome == .success)
        let warning = try #require(built.report.diagnostics.first { $0.message.contains("`print`") })
        #expect(warning.location?.path == "linky.yml")
        #expect(built.page("print/index.html") != nil)
    }
}
