import Foundation
import LinkyBuild
import LinkyCuration
import LinkyModel
import Testing

/// A site whose files are written from templates that mark every tag occurrence, so a test knows
/// exactly which bytes an edit may change: `⟦js⟧` is a tag name the edit rewrites, `⟪, js⟫` is text
/// a merge drops. Everything outside the marks must come out byte for byte as it went in.
struct TagFixture {
    let folder: URL
    /// Site-relative path → template.
    let templates: [String: String]

    init(_ templates: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "linky-tags-\(UUID().uuidString)")
        self.templates = templates
        for (path, template) in templates {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Self.before(template).utf8).write(to: url)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A template cut at its marks.
    enum Segment {
        case text(String)
        /// `⟦…⟧`: a tag name the edit rewrites.
        case tag(String)
        /// `⟪…⟫`: text a merge drops.
        case dropped(String)
    }

    static func segments(_ template: String) -> [Segment] {
        var segments: [Segment] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "⟦" || $0 == "⟪" }) {
            segments.append(.text(String(rest[..<open])))
            let close: Character = rest[open] == "⟦" ? "⟧" : "⟫"
            let end = rest[open...].firstIndex(of: close)!
            let inside = String(rest[rest.index(after: open)..<end])
            segments.append(close == "⟧" ? .tag(inside) : .dropped(inside))
            rest = rest[rest.index(after: end)...]
        }
        return segments + [.text(String(rest))]
    }

    /// The file as written: marks removed, their text kept.
    static func before(_ template: String) -> String {
        segments(template).map {
            switch $0 {
            case .text(let text), .tag(let text), .dropped(let text): text
            }
        }.joined()
    }

    /// The file as it must be after the edit: every `⟦…⟧` is `name`, every `⟪…⟫` is gone.
    static func after(_ template: String, name: String) -> String {
        segments(template).map {
            switch $0 {
            case .text(let text): text
            case .tag: name
            case .dropped: ""
            }
        }.joined()
    }

    /// The bytes of `file` with every marked span cut out (`name` nil: the spans hold their original
    /// text; else they hold `name` or nothing), or nil when the file does not fit the template at all.
    /// What is left must be the same before and after an edit.
    static func spliced(_ file: [UInt8], template: String, name: String?) -> [UInt8]? {
        var result: [UInt8] = []
        var offset = 0
        for segment in segments(template) {
            let expected: [UInt8]
            let keep: Bool
            switch segment {
            case .text(let text): (expected, keep) = (Array(text.utf8), true)
            case .tag(let text): (expected, keep) = (Array((name ?? text).utf8), false)
            case .dropped(let text): (expected, keep) = (name == nil ? Array(text.utf8) : [], false)
            }
            guard file.count - offset >= expected.count,
                file[offset..<(offset + expected.count)].elementsEqual(expected)
            else { return nil }
            if keep { result += expected }
            offset += expected.count
        }
        return offset == file.count ? result : nil
    }

    func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appending(path: path)))
    }

    /// Checks every file: byte for byte as the template says, and identical outside the marks.
    func expectRewritten(
        to name: String, except: Set<String> = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        for (path, template) in templates.sorted(by: { $0.key < $1.key }) where !except.contains(path) {
            let actual = try bytes(path)
            let original = Array(Self.before(template).utf8)
            let outside = try #require(Self.spliced(original, template: template, name: nil))
            #expect(
                Self.spliced(actual, template: template, name: name) == outside,
                "\(path): bytes outside the tags changed", sourceLocation: sourceLocation)
            #expect(
                actual == Array(Self.after(template, name: name).utf8),
                "\(path):\n\(String(decoding: actual, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    /// Checks that no file changed.
    func expectUnchanged(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        for (path, template) in templates.sorted(by: { $0.key < $1.key }) {
            #expect(try bytes(path) == Array(Self.before(template).utf8), "\(path)", sourceLocation: sourceLocation)
        }
    }

    func plan(_ edit: TagEdit) async throws(TagEditFailure) -> TagEditPlan {
        try await TagRewriter(siteFolder: folder).plan(edit)
    }

    func apply(_ edit: TagEdit) async throws -> TagEditPlan {
        let plan = try await plan(edit)
        try plan.apply()
        return plan
    }

    /// The problems a refused edit reports.
    func refusal(_ edit: TagEdit) async -> [TagEditProblem] {
        do {
            _ = try await TagRewriter(siteFolder: folder).plan(edit)
        } catch .refused(let problems) {
            return problems
        } catch {
            Issue.record("expected a refusal, got \(error)")
        }
        return []
    }

    /// The site as a build sees it now.
    func site() async throws -> Site {
        var options = BuildOptions(siteFolder: folder)
        options.writeOutput = false
        options.includeDrafts = true
        let report = await SiteBuilder().build(options)
        #expect(!report.diagnostics.containsErrors, "\(report.diagnostics)")
        return try #require(report.site)
    }

    /// Tag names (as shown) with their link counts.
    func tagCounts() async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await site().tags.map { ($0.name, $0.links.count) })
    }
}
