import ArgumentParser
import Foundation
import LinkyCuration
import LinkyModel

extension TagsCommand {
    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a tag in every link file, list file and tags.yml.",
            discussion: """
                Every spelling of OLD (any case or Unicode form: JS, Js and js are one tag) becomes NEW: in \
                the `tags:` of link files and list files, in the #tag words of list items, and in tags.yml \
                (OLD's entry and the `parent:` values that name it). Only tag names change; every other \
                byte of every file stays as it was (line endings, comments, quoting, key order, notes). \
                NEW is written as given; it is quoted in YAML where it needs to be. Aliases of OLD in \
                tags.yml stay aliases of the renamed tag. When the tag's address changes, the old one \
                (/tags/<old slug>/) is added to its aliases in tags.yml (made when missing), so the \
                build keeps it working as a redirect.

                Nothing is written unless every change is safe: the site must build without errors, \
                OLD must be a tag (not an alias in tags.yml: rename the tag it belongs to), NEW must not \
                be another tag already (use `tags merge OLD INTO NEW`), and NEW must fit everywhere OLD \
                is written (a #tag in a list file is one word: no spaces). Each file is then replaced \
                atomically.

                Example: linky-site tags rename js javascript my-links --dry-run

                Exit codes: 0 done (or nothing to change); 1 the site has errors or the rename was \
                refused, nothing written; 64 usage error; 66 site folder not found; 74 a file could \
                not be written.
                """
        )

        @Argument(
            help: ArgumentHelp(
                "The tag to rename: any spelling of it, or the title `tags list` shows.", valueName: "OLD"))
        var old: String

        @Argument(help: ArgumentHelp("The new name, as it should be written.", valueName: "NEW"))
        var new: String

        @OptionGroup var site: SiteArgument

        @Flag(help: "Print the changes as a unified diff (like git diff) and write nothing.")
        var dryRun = false

        func run() async throws {
            try await TagEditRunner(site: try site.open(), dryRun: dryRun).run(.rename(old, to: new)) { plan in
                "Renamed \"\(old)\" to \"\(new)\""
            }
        }
    }

    struct Merge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge tags into one: every link tagged A (or any other source) is tagged B.",
            usage: "linky-site tags merge <A>... INTO <B> [<SITE>] [--site <SITE>] [--dry-run]",
            discussion: """
                Every spelling of each source tag becomes B, in link files, list files and tags.yml, as \
                `tags rename` does; B is written as given, and may be a new tag. INTO is written in \
                capitals. A link that would then carry B twice keeps one: the source tag is dropped from \
                its list (with its comma, its `- ` line or its #word). That is the only change besides \
                tag names and the merged tags' old addresses, added to B's aliases in tags.yml so they \
                redirect to B; every other byte stays as it was.

                tags.yml: if B has no entry and one source has, that entry becomes B's (its key is \
                renamed). If B and a source both have entries, or several sources do, nothing is \
                written: linky-site does not choose whose title, description, slug, aliases and parent \
                to keep; merge the entries by hand, then run the merge again. Aliases cannot be \
                merged (they already are their tag's spellings).

                Example: linky-site tags merge js ecmascript INTO javascript my-links --dry-run

                Exit codes: 0 done; 1 the site has errors or the merge was refused, nothing written; \
                64 usage error; 66 site folder not found; 74 a file could not be written.
                """
        )

        @Argument(
            help: ArgumentHelp(
                "The tags to merge (any spelling), INTO, the tag to keep, then optionally the site folder (default: .).",
                valueName: "A... INTO B [SITE]"))
        var words: [String] = []

        @Option(
            name: [.customShort("s"), .customLong("site")], help: ArgumentHelp("The site folder.", valueName: "SITE"),
            completion: .directory)
        var siteOption: String?

        @Flag(help: "Print the changes as a unified diff (like git diff) and write nothing.")
        var dryRun = false

        var parsed: (sources: [String], target: String, site: String) {
            get throws {
                guard let into = words.firstIndex(of: "INTO"), into > 0, words.count - into - 1 >= 1,
                    words.count - into - 1 <= 2
                else {
                    throw ValidationError(
                        "write the tags to merge, INTO, then the tag to keep: `linky-site tags merge js ecmascript INTO javascript [SITE]`"
                    )
                }
                let positional = words.count - into - 1 == 2 ? words[into + 2] : nil
                let site = try SiteArgument.site(positional: positional, option: siteOption)
                return (Array(words[..<into]), words[into + 1], site)
            }
        }

        func validate() throws {
            _ = try parsed
        }

        func run() async throws {
            let (sources, target, site) = try parsed
            let folder = try SiteFolder.open(site)
            try await TagEditRunner(site: folder, dryRun: dryRun).run(.merge(sources, into: target)) { plan in
                "Merged \(sources.map { "\"\($0)\"" }.joined(separator: ", ")) into \"\(target)\""
            }
        }
    }
}

/// What `rename` and `merge` share: plan, then print a diff or write and summarise; failures become
/// messages and exit codes.
struct TagEditRunner {
    let site: SiteFolder
    let dryRun: Bool

    func run(_ edit: TagEdit, done: (TagEditPlan) -> String) async throws {
        let prefix = site.prefix
        // Diff paths are git's: `a/` + the path from here, without a leading `/` or `./`.
        var diffPrefix = Substring(prefix)
        while diffPrefix.hasPrefix("./") { diffPrefix = diffPrefix.dropFirst(2) }
        diffPrefix = diffPrefix.drop { $0 == "/" }
        let plan: TagEditPlan
        do {
            plan = try await TagRewriter(siteFolder: site.url).plan(edit)
        } catch {
            try report(error, prefix: prefix)
            return
        }
        for note in plan.notes { standardError("note: \(note)\n") }
        let files = plan.changes.count
        let counts =
            "\(files) file\(files == 1 ? "" : "s"), \(plan.linksChanged) link\(plan.linksChanged == 1 ? "" : "s")"
        guard !plan.changes.isEmpty else {
            Terminal.output("Nothing to change: every spelling is already as asked.")
            return
        }
        if dryRun {
            Terminal.write(TerminalText(lines: plan.unifiedDiff(pathPrefix: String(diffPrefix))))
            standardError("Would change \(counts); nothing was written (--dry-run).\n")
            return
        }
        do {
            try plan.apply()
        } catch {
            try report(error, prefix: prefix)
            return
        }
        for change in plan.changes { Terminal.output("changed \(prefix)\(change.path)") }
        Terminal.output("\(done(plan)): \(counts) changed.")
    }

    private func report(_ failure: TagEditFailure, prefix: String) throws {
        switch failure {
        case .siteHasErrors(let diagnostics):
            DiagnosticFormat.text.print(
                diagnostics, prefix: prefix, summary: "The site has errors; fix them first. Nothing was changed.",
                colors: false)
            throw ExitCode(1)
        case .invalidRequest(let problem):
            printError(problem.message, hint: problem.hint)
            throw ExitCode(64)
        case .refused(let problems):
            for problem in problems {
                let location = problem.location.map { prefix + $0.description } ?? "linky-site"
                Terminal.error(
                    "\(location): error[\(DiagnosticCode.tagEditRefused.rawValue)]: \(problem.message)\n"
                        + (problem.hint.map { "  hint: \($0)\n" } ?? ""))
            }
            standardError("Nothing was changed.\n")
            throw ExitCode(1)
        case .writeFailed(let path, let reason):
            printError(
                "\(prefix)\(path) could not be written (\(reason))",
                hint: "nothing was changed; check free disk space and permissions")
            throw ExitCode(74)
        }
    }

    private func printError(_ message: String, hint: String?) {
        Terminal.error("linky-site: error: \(message)\n" + (hint.map { "  hint: \($0)\n" } ?? ""))
    }

    private func standardError(_ text: TerminalText) {
        Terminal.error(text)
    }
}
