import Foundation
import LinkyModel
import Testing

@testable import LinkyBuild

/// `host:` in linky.yml and the output's measure: every build reports the files, bytes and largest
/// file it left (checked against the output folder itself, for a first build, a rebuild in place and a
/// build without the cache), and a build whose output its host would refuse fails at the `host:` line
/// and leaves the previous output as it was.
@Suite struct HostLimitTests {
    /// Examples/reading-list in a temporary folder, with `settings` added to its linky.yml.
    static func example(adding settings: String = "") throws -> URL {
        try readingListCopy(adding: settings, prefix: "linky-host")
    }

    /// The output's files as the file system has them: (relative path, bytes), every folder below.
    static func walk(_ output: URL) throws -> (files: [String: Int64], folders: Int) {
        var files: [String: Int64] = [:]
        var folders = 0
        let enumerator = try #require(
            FileManager.default.enumerator(at: output, includingPropertiesForKeys: [.fileSizeKey, .isDirectoryKey]))
        let root = output.resolvingSymlinksInPath().path + "/"
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])
            if values.isDirectory == true {
                folders += 1
            } else if url.lastPathComponent != ".linky-site-output" {  // linky-site's marker, not counted
                let path = String(url.resolvingSymlinksInPath().path.dropFirst(root.count))
                files[path] = Int64(values.fileSize ?? -1)
            }
        }
        return (files, folders)
    }

    static func expectMeasure(_ report: BuildReport, of output: URL, _ comment: Comment) throws {
        let measure = try #require(report.output, "\(comment): \(report.outcome) \(report.diagnostics.prefix(3))")
        let (files, folders) = try walk(output)
        #expect(measure.files == files.count, comment)
        #expect(measure.folders == folders, comment)
        #expect(measure.bytes == files.values.reduce(0, +), comment)
        let largest = try #require(files.max { ($0.value, $1.key) < ($1.value, $0.key) })
        #expect(measure.largest?.path == largest.key && measure.largest?.bytes == largest.value, comment)
        #expect(measure.files > 50 && measure.bytes > 100_000, "the example is a real site: \(comment)")
    }

    @Test func everyBuildMeasuresTheOutputItLeaves() async throws {
        let site = try Self.example()
        defer { try? FileManager.default.removeItem(at: site) }
        let output = site.appending(path: "_site")
        let first = await SiteBuilder().build(BuildOptions(siteFolder: site))
        #expect(first.outcome == .success, "\(first.diagnostics.prefix(3))")
        try Self.expectMeasure(first, of: output, "a first build")

        // A link's description made much longer, and a static file added: the rebuild updates in place.
        let link = try #require(
            FileManager.default.enumerator(atPath: site.appending(path: "links").path)?.allObjects
                .compactMap { $0 as? String }.sorted().first { $0.hasSuffix(".md") && !$0.hasSuffix("_index.md") })
        let file = site.appending(path: "links/\(link)")
        let text = try String(contentsOf: file, encoding: .utf8)
        try (text + "\n\n" + String(repeating: "A longer note. ", count: 400) + "\n").write(
            to: file, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: site.appending(path: "static/files"), withIntermediateDirectories: true)
        try Data(count: 300_000).write(to: site.appending(path: "static/files/big.bin"))
        let second = await SiteBuilder().build(BuildOptions(siteFolder: site))
        #expect(second.outcome == .success && second.updatedInPlace, "\(second.diagnostics.prefix(3))")
        try Self.expectMeasure(second, of: output, "a rebuild in place")
        #expect(second.output?.bytes ?? 0 > first.output?.bytes ?? .max)

        // The static file gone again, with no state to look at.
        try FileManager.default.removeItem(at: site.appending(path: "static/files/big.bin"))
        var options = BuildOptions(siteFolder: site)
        options.reuseState = false
        let third = await SiteBuilder().build(options)
        #expect(third.outcome == .success, "\(third.diagnostics.prefix(3))")
        try Self.expectMeasure(third, of: output, "a build without the cache")
    }

    @Test func anOutputItsHostWouldRefuseFailsAtTheHostLineAndChangesNothing() async throws {
        let site = try Self.example(adding: "host: cloudflare-pages\n")
        defer { try? FileManager.default.removeItem(at: site) }
        let output = site.appending(path: "_site")
        let hostLine =
            try String(contentsOf: site.appending(path: "linky.yml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("host:") }! + 1
        try FileManager.default.createDirectory(
            at: site.appending(path: "static/media"), withIntermediateDirectories: true)
        let big = site.appending(path: "static/media/talk.mp4")
        try Data(count: 26 << 20).write(to: big)

        // A first build: nothing is left where the output goes.
        let refused = await SiteBuilder().build(BuildOptions(siteFolder: site))
        #expect(refused.outcome == .contentErrors)
        let error = try #require(refused.diagnostics.first { $0.code == .outputTooLargeForHost })
        #expect(error.severity == .error)
        #expect(error.location?.path.hasSuffix("linky.yml") == true && error.location?.line == hostLine)
        #expect(error.message == "media/talk.mp4 is 26.0 MiB, more than the 25.0 MiB a file Cloudflare Pages takes")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(refused.outputLeft == .nothing)

        // Without it the site fits; put back, the rebuild fails and the output keeps every byte.
        try FileManager.default.moveItem(at: big, to: site.appending(path: "talk.mp4"))
        let fits = await SiteBuilder().build(BuildOptions(siteFolder: site))
        #expect(fits.outcome == .success, "\(fits.diagnostics.prefix(3))")
        let before = try filesBelow(output)
        try FileManager.default.moveItem(at: site.appending(path: "talk.mp4"), to: big)
        let again = await SiteBuilder().build(BuildOptions(siteFolder: site))
        #expect(again.outcome == .contentErrors)
        #expect(again.diagnostics.contains { $0.code == .outputTooLargeForHost })
        #expect(again.outputLeft == .previousOutput)
        #expect(try filesBelow(output) == before)
        // And the next build, the file gone, finds the output as the last good one left it.
        try FileManager.default.removeItem(at: big)
        let last = await SiteBuilder().build(BuildOptions(siteFolder: site))
        #expect(last.outcome == .success && last.filesWritten == 0, "\(last.filesWritten) written")
    }

    /// A measure of `files` files of `bytes` each, spread over `folders`.
    static func measure(files: Int, bytes: Int64, in folders: [String]) -> OutputMeasure {
        var measure = OutputMeasure()
        for index in 0..<files { measure.add("\(folders[index % folders.count])/\(index)/index.html", bytes: bytes) }
        return measure
    }

    static func config(_ host: StaticHost) -> SiteConfig {
        var config = SiteConfig()
        config.host = host
        config.hostLocation = SourceLocation(path: "linky.yml", line: 7)
        return config
    }

    @Test func eachHostsLimits() {
        // Cloudflare Pages: 20,000 files, not 20,001.
        let cloudflare = HostFit(config: Self.config(.cloudflarePages))
        #expect(cloudflare.problems(Self.measure(files: 20_000, bytes: 10, in: ["l"])).isEmpty)
        let many = cloudflare.problems(Self.measure(files: 20_001, bytes: 10, in: ["l", "sites", "sites"]))
        #expect(many.count == 1)
        #expect(many.first?.message == "the site has 20,001 files, more than the 20,000 Cloudflare Pages takes")
        #expect(many.first?.location == SourceLocation(path: "linky.yml", line: 7))
        // The heaviest folder first, and the setting that leaves it out.
        #expect(many.first?.hint?.hasPrefix("most is in sites/ 13,334 files") == true, "\(many.first?.hint ?? "")")
        #expect(many.first?.hint?.contains("`sites: false`") == true)

        // GitHub Pages: 1 GiB in all, any number of files.
        let github = HostFit(config: Self.config(.githubPages))
        #expect(github.problems(Self.measure(files: 1 << 10, bytes: 1 << 20, in: ["tags"])).isEmpty)
        let heavy = github.problems(Self.measure(files: (1 << 10) + 1, bytes: 1 << 20, in: ["tags"]))
        #expect(
            heavy.map(\.message) == [
                "the site is 1.00 GiB (1,074,790,400 bytes), more than the 1.00 GiB (1,073,741,824 bytes) GitHub Pages publishes"
            ])
        #expect(github.problems(Self.measure(files: 200_000, bytes: 100, in: ["l"])).isEmpty)

        // GitLab Pages counts folders as entries.
        let gitlab = HostFit(config: Self.config(.gitlabPages))
        // 70,000 files, each in a folder of its own below l/: 140,001 entries.
        #expect(gitlab.problems(Self.measure(files: 70_000, bytes: 10, in: ["l"])).isEmpty)
        let entries = gitlab.problems(Self.measure(files: 100_000, bytes: 10, in: ["l"]))
        #expect(
            entries.map(\.message) == [
                "the site has 100,000 files and 100,001 folders, more than the 200,000 GitLab Pages takes"
            ])

        // Any host and Netlify check nothing.
        for host in [StaticHost.any, .netlify] {
            #expect(
                HostFit(config: Self.config(host)).problems(Self.measure(files: 30_000, bytes: 40 << 20, in: ["l"]))
                    .isEmpty)
        }
    }

    @Test func hostIsReadFromLinkyYML() throws {
        func parsed(_ text: String) -> (SiteConfig, [Diagnostic]) {
            let (config, diagnostics, _) = ConfigParser.parse(SourceFile(path: "linky.yml", text: text))
            return (config, diagnostics)
        }
        let (github, none) = parsed("title: T\nhost: GitHub-Pages\n")
        #expect(github.host == .githubPages && none.isEmpty)
        #expect(github.hostLocation?.line == 2)
        let (unknown, warned) = parsed("host: vercel\n")
        #expect(unknown.host == .any)
        #expect(warned.map(\.message) == ["`host` cannot be `vercel`; the default is used"])
        #expect(warned.first?.hint?.contains("`cloudflare-pages`") == true)
        #expect(SiteConfig().host == .any)
    }

    @Test func sizesAreWrittenAsAReaderReadsThem() {
        #expect(OutputMeasure.size(812) == "812 bytes")
        #expect(OutputMeasure.size(1) == "1 byte")
        #expect(OutputMeasure.size(3_277) == "3.2 KiB")
        #expect(OutputMeasure.size(25 << 20) == "25.0 MiB")
        #expect(OutputMeasure.size(1_879_048_192) == "1.75 GiB")
        #expect(HostFit.count(1_234_567) == "1,234,567" && HostFit.count(20_000) == "20,000" && HostFit.count(7) == "7")
    }
}
