import LinkyModel
import LinkyNetwork

/// The Markdown report, in the manner of lychee's: a summary table, then the broken links and the
/// redirects grouped by file, then the site's own problems. Made for `$GITHUB_STEP_SUMMARY` and
/// for the body of an issue.
extension CheckOutput {
    var markdown: String {
        var lines: [String] = []
        lines.append(links == nil ? "# Site check" : "# Link check")
        lines.append("")
        lines.append(escaped(summary).replacingOccurrences(of: "\n", with: "  \n"))
        if let links {
            let report = links.report
            lines += [
                "", "| Status | Count |", "| --- | ---: |",
                "| 🔍 Total | \(report.results.count) |",
                "| ✅ OK | \(report.count(.ok)) |",
                "| 🔀 Redirected | \(report.count(.redirected)) |",
                "| 🚫 Broken | \(report.count(.broken)) |",
                "| ⛔ Unreachable | \(report.count(.failed)) |",
                "| 🔒 Not public, not checked | \(report.count(.refused)) |",
                "| 👻 Excluded | \(report.excluded.count) |",
                "| 💾 From the cache | \(report.cachedCount) |",
            ]
            lines += section(
                "Errors per file", report: report, where: \.verdict.isError,
                line: { result, use, line in
                    let status = result.status.status.map { "[\($0)]" } ?? "[ERR]"
                    let verdict = result.status.verdict == .failed ? "could not be reached: " : ""
                    return
                        "* \(status) <\(use.url.absoluteString)> (line \(line)) | \(verdict)\(escaped(result.status.message))"
                })
            lines += section(
                "Redirects per file", report: report, where: { $0.verdict == .redirected },
                line: { result, use, line in
                    let hops = result.status.redirects.map { String($0.status) }.joined(separator: ", ")
                    let target = result.status.suggestion.map { "<\($0)>" } ?? "another address"
                    return "* [\(hops)] <\(use.url.absoluteString)> (line \(line)) → \(target)"
                })
        }
        if !diagnostics.isEmpty {
            lines += ["", "## Problems in the site", ""]
            for diagnostic in diagnostics.sorted() {
                let location = diagnostic.location.map { "`\(DiagnosticFormat.displayed($0, prefix: prefix))` " } ?? ""
                var line =
                    "* \(location)**\(diagnostic.severity.rawValue)** \(diagnostic.code.rawValue): \(escaped(diagnostic.message))"
                if let hint = diagnostic.hint { line += " — \(escaped(hint))" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - Private

private extension CheckOutput {
    /// `## title`, then a `### file` per file with a line per use of a result that `where` selects.
    func section(
        _ title: String, report: LinkCheckReport, where selected: (LinkStatus) -> Bool,
        line: (LinkCheckReport.Result, LinkCheckReport.Use, String) -> String
    ) -> [String] {
        var byFile: [String: [(line: Int, text: String)]] = [:]
        for result in report.results where selected(result.status) {
            for use in result.uses {
                let shown = DiagnosticFormat.displayed(use.source, prefix: prefix)
                byFile[shown.path, default: []].append(
                    (shown.line ?? 0, line(result, use, shown.line.map(String.init) ?? "?")))
            }
        }
        guard !byFile.isEmpty else { return [] }
        var lines = ["", "## \(title)"]
        for file in byFile.keys.sorted() {
            lines += ["", "### \(escaped(file))", ""]
            lines += byFile[file]!.sorted { ($0.line, $0.text) < ($1.line, $1.text) }.map(\.text)
        }
        return lines
    }

    /// Text that Markdown must not read as emphasis, a link, HTML or a table cell border. Code
    /// spans stay: messages put names and values in backticks on purpose.
    func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\*[]<>|".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
