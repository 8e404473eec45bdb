import ArgumentParser
import Foundation
import LinkyCuration
import LinkyModel
import LinkyNetwork

/// How `check` prints its report.
enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    /// Compiler-style lines and a summary on standard error.
    case text
    /// One JSON report on standard output (docs/formats.md).
    case json
    /// A Markdown report on standard output, for a GitHub issue or job summary.
    case markdown
    /// GitHub Actions annotations on standard output.
    case github
}

/// Everything `check` found: the site's problems and, with `--links`, what each address answered.
struct CheckOutput {
    struct Links {
        var report: LinkCheckReport
        var seconds: Double
        /// The revision of `--changed-since`.
        var changedSince: String?
        /// With `--changed-since`: the changed files that hold links.
        var changedFileCount: Int
    }

    /// The site's problems, as `build` reports them.
    var diagnostics: [Diagnostic]
    var linkCount: Int
    var links: Links?
    /// With `--projects`: what `projects.json` says of the repositories linked (its warnings are in
    /// `diagnostics`).
    var projects: ProjectCheck.Summary? = nil
    var strict: Bool
    var seconds: Double
    /// Put before site-relative paths so they are relative to the current folder.
    var prefix: String

    func print(_ format: CheckFormat, quiet: Bool, colors: Bool) {
        let all = (diagnostics + (links?.report.diagnostics ?? [])).sorted()
        switch format {
        case .text:
            DiagnosticFormat.text.print(all, prefix: prefix, summary: quiet ? "" : summary, colors: colors)
        case .github:
            DiagnosticFormat.github.print(all, prefix: prefix, summary: quiet ? "" : summary, colors: false)
        case .json:
            Terminal.json(json)
        case .markdown:
            Terminal.write(TerminalText(lines: markdown))
        }
    }
}

// MARK: - Summary

extension CheckOutput {
    var errorCount: Int { diagnostics.count { $0.severity == .error } }
    var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// One line about the site, and one about its links when they were checked.
    var summary: String {
        let problems = "\(count(errorCount, "error")), \(count(warningCount, "warning"))"
        let failed = errorCount > 0 || (strict && warningCount > 0)
        let projectLine = projects.map { "\n" + projectSummary($0) } ?? ""
        guard let links else {
            if projects != nil {
                return
                    "Site: \(count(linkCount, "link")); \(problems)\(failed && errorCount == 0 ? " (--strict)" : "")."
                    + projectLine
            }
            return failed
                ? "Check failed: \(problems)\(strict && errorCount == 0 ? " (--strict)" : "")."
                : String(
                    format: "Checked the files of %@ in %.2f s; %@. Their addresses were not visited: add --links.",
                    count(linkCount, "link"), seconds, problems)
        }
        let site = "Site: \(count(linkCount, "link")); \(problems)\(failed && errorCount == 0 ? " (--strict)" : "")."
        return site + "\n" + linkSummary(links) + projectLine
    }

    func projectSummary(_ projects: ProjectCheck.Summary) -> String {
        guard projects.linked > 0 else { return "Projects: no link points at a repository." }
        var text = "Projects: \(projects.linked) \(projects.linked == 1 ? "repository" : "repositories") linked"
        if let oldest = projects.oldestFetch { text += " (data fetched on or after \(oldest))" }
        text +=
            ": \(projects.archived) archived, \(projects.stale) stale, \(projects.moved) moved, \(projects.missing) deleted"
        if projects.unfetched > 0 {
            text += "; \(projects.unfetched) not fetched yet (run `linky-site fetch --projects-only`)"
        }
        return text + "."
    }

    func linkSummary(_ links: Links) -> String {
        let report = links.report
        var scope = ""
        if let revision = links.changedSince {
            guard !report.results.isEmpty || !report.excluded.isEmpty else {
                return "Links: none in files changed since \(revision)."
            }
            scope = " in \(count(links.changedFileCount, "file")) changed since \(revision)"
        }
        var text = String(
            format: "Checked %@ (%@)%@ in %.2f s: %d ok, %d redirected, %d broken, %d unreachable",
            count(report.results.count, "link"), count(report.useCount, "use"), scope, links.seconds,
            report.count(.ok), report.count(.redirected), report.count(.broken), report.count(.failed))
        var notes: [String] = []
        if report.count(.refused) > 0 { notes.append("\(report.count(.refused)) not checked (not public)") }
        if report.cachedCount > 0 { notes.append("\(report.cachedCount) from the cache") }
        if !report.excluded.isEmpty { notes.append("\(report.excluded.count) excluded") }
        if !notes.isEmpty { text += "; " + notes.joined(separator: ", ") }
        return text + "."
    }

    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}

// MARK: - JSON

extension CheckOutput {
    /// The report documented in docs/formats.md: keys sorted, results sorted by address.
    var json: String {
        struct Report: Encodable {
            var version = 1
            var summary: String
            var errors: Int
            var warnings: Int
            var diagnostics: [DiagnosticJSON]
            var links: Links?
            var projects: [String: Int]?
        }
        struct Links: Encodable {
            var counts: [String: Int]
            var seconds: Double
            var changedSince: String?
            var results: [Result]
            var excluded: [Excluded]

            enum CodingKeys: String, CodingKey {
                case counts, seconds, results, excluded
                case changedSince = "changed_since"
            }
        }
        struct Use: Encodable {
            var file: String
            var line: Int?
            /// Only when the file spells the address differently from the result's `url`.
            var url: String?
        }
        struct Result: Encodable {
            var url: String
            var verdict: String
            var status: Int?
            var message: String
            var redirects: [LinkStatus.Hop]
            var suggestion: String?
            var cached: Bool
            var uses: [Use]
        }
        struct Excluded: Encodable {
            var url: String
            var uses: [Use]
        }
        func uses(_ uses: [LinkCheckReport.Use], of url: LinkURL) -> [Use] {
            uses.map {
                let shown = DiagnosticFormat.displayed($0.source, prefix: prefix)
                return Use(file: shown.path, line: shown.line, url: $0.url == url ? nil : $0.url.absoluteString)
            }
        }
        let links = self.links.map { links in
            let report = links.report
            return Links(
                counts: [
                    "total": report.results.count, "uses": report.useCount, "ok": report.count(.ok),
                    "redirected": report.count(.redirected), "broken": report.count(.broken),
                    "failed": report.count(.failed), "refused": report.count(.refused), "cached": report.cachedCount,
                    "excluded": report.excluded.count,
                ],
                seconds: (links.seconds * 100).rounded() / 100, changedSince: links.changedSince,
                results: report.results.map { result in
                    Result(
                        url: result.url.absoluteString, verdict: result.status.verdict.rawValue,
                        status: result.status.status, message: result.status.message,
                        redirects: result.status.redirects, suggestion: result.status.suggestion,
                        cached: result.status.cached, uses: uses(result.uses, of: result.url))
                },
                excluded: report.excluded.map { Excluded(url: $0.url.absoluteString, uses: uses($0.uses, of: $0.url)) })
        }
        let report = Report(
            summary: summary, errors: errorCount, warnings: warningCount,
            diagnostics: diagnostics.map { DiagnosticJSON($0, prefix: prefix) }, links: links,
            projects: projects.map {
                [
                    "linked": $0.linked, "unfetched": $0.unfetched, "archived": $0.archived, "stale": $0.stale,
                    "moved": $0.moved, "deleted": $0.missing,
                ]
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(report), as: UTF8.self)
        } catch {
            // Strings, numbers and arrays of them always encode.
            preconditionFailure("the check report could not be encoded: \(error)")
        }
    }
}
