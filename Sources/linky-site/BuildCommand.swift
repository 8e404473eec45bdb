import ArgumentParser
import Foundation
import LinkyBuild
import LinkyModel

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into its output folder.",
        discussion: """
            Reads SITE (linky.yml, the content folder, tags.yml, templates/, static/), reports every problem \
            in every file, and writes the whole site. Nothing is written when there are errors, and the \
            previous output is never left half-written: a first build writes a new folder and moves it into \
            place; a rebuild compares every file with the output and writes only those whose bytes changed \
            (and removes those the site no longer has) through a journal, so a failed or killed build leaves \
            the previous output as it was, and the next build finishes an update that was cut short. A \
            build that cannot write a file of the output undoes its update and exits 74 naming the path; an \
            output folder linky-site did not make (or cannot read) is never replaced (exit 73). One build at \
            a time writes an output: a second one started meanwhile stops at once with "another build is \
            running" (exit 75). A journal beside the output that this machine did not write for this output, \
            or that names paths outside it (one that came with a cloned repository, say), is refused and \
            nothing is touched (exit 65). The build never uses the network.

            For each list file (an awesome-list style Markdown file) the build says how many items it read, \
            how many links it made and how many it skipped; every skipped link is a warning naming its line.

            The build ends with the output's files, size and largest file. With `host:` in linky.yml \
            (github-pages, cloudflare-pages, netlify, gitlab-pages), an output that host would refuse \
            (the whole site, the number of files, or one file too large) fails the build with LINKY187 at \
            the `host:` line, and the previous output is left as it was (docs/hosts.md lists the limits).

            Each build leaves its state beside the output (.NAME.linky-parses, .NAME.linky-state and \
            .NAME.linky-pictures, never \
            inside it): the next build into the same output parses again only the files whose size or times \
            changed, and renders again only the pages whose inputs changed and whose files are still as it \
            left them. --no-cache makes every file and page anew and leaves no state; the output is the same \
            either way.
            """
    )

    @OptionGroup var site: SiteArgument

    @Option(
        name: .shortAndLong, help: "Where to write the site (default: output_dir from linky.yml, or SITE/_site).",
        completion: .directory)
    var output: String?

    @OptionGroup var base: BaseURLOption

    @Flag(name: [.customShort("D"), .long], help: "Include links marked `draft: true`.")
    var drafts = false

    @Flag(help: "Treat warnings as errors: any warning fails the build.")
    var strict = false

    @Flag(
        help:
            "Also write print.pdf from the print page, with WeasyPrint (which must be installed); `print: auto` has no print page past 10,000 links."
    )
    var pdf = false

    @Flag(
        name: .customLong("no-cache"),
        help: "Parse every file and render every page, instead of reusing what the last build left beside the output.")
    var noCache = false

    @Option(help: "How to print problems: text (for people), json, or github (Actions annotations).")
    var format: DiagnosticFormat = .text

    @Flag(name: .shortAndLong, help: "Print only problems, no summary line.")
    var quiet = false

    func run() async throws {
        ProcessMemory.keepFreedMemory()
        let folder = try site.open()
        var options = BuildOptions(
            siteFolder: folder.url, outputFolder: output.map { URL(fileURLWithPath: $0, isDirectory: true) },
            baseURL: base.baseURL)
        options.includeDrafts = drafts
        options.strict = strict
        options.pdf = pdf
        options.reuseState = !noCache
        let started = Date()
        let report = await SiteBuilder().build(options)
        let seconds = Date().timeIntervalSince(started)
        // Leaked on purpose, with the parses and the state it holds (`workingSet`), for the process's
        // exit to drop: freeing 100,000 links one by one took 0.4 s at the end of a build, and freeing
        // a 10k rebuild's parses and state 8% of its time (compilers skip their frees the same way).
        _ = Unmanaged.passRetained(KeptUntilExit(report: report))

        if report.finishedInterruptedUpdate {
            Terminal.error("linky-site: note: finished an update of the output that an interrupted build had begun\n")
        }
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let warnings = report.diagnostics.count - errors
        let problems = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        let summary: String
        switch report.outcome {
        case .success where report.updatedInPlace:
            summary = String(
                format: "Built %@ links into %@: %@ written, %@ unchanged, %@ removed in %.2f s; %@.",
                grouped(report.linkCount), displayPath(report.outputFolder),
                counted(report.filesWritten, "file"), grouped(report.filesUnchanged), grouped(report.filesRemoved),
                seconds, problems)
        case .success:
            summary = String(
                format: "Built %@ links into %@ (%@ files) in %.2f s; %@.", grouped(report.linkCount),
                displayPath(report.outputFolder), grouped(report.fileCount), seconds, problems)
        case .contentErrors:
            summary =
                "Build failed: \(problems)\(strict && errors == 0 ? " (--strict)" : ""); \(left(report))."
        case .outputFailed where report.diagnostics.contains { $0.code == .outputLocked }:
            summary =
                "Build failed: another build is running on \(displayPath(report.outputFolder)); this one changed nothing."
        case .outputFailed where report.diagnostics.contains { $0.code == .unsafeOutputFolder }:
            summary = "Build failed: the output folder was refused; \(left(report))."
        case .outputFailed where report.diagnostics.contains { $0.code == .untrustedJournal }:
            summary = "Build failed: a journal linky-site did not write was refused; \(left(report))."
        case .outputFailed:
            summary = "Build failed: the output could not be written; \(left(report))."
        case .toolMissing:
            summary = "Build failed: a program it needs is missing; nothing was written."
        }
        // What was read of each list file, so a list that lost links says so before the summary.
        let lists = (report.site?.listFiles ?? []).map { list in
            "\(folder.prefix)\(list.path): \(grouped(list.itemsRead)) items read, \(counted(list.linksMade, "link")) made"
                + (list.secondaryLinks > 0 ? " (and \(grouped(list.secondaryLinks)) secondary)" : "")
                + ", \(grouped(list.linksSkipped)) skipped"
        }
        let fullSummary =
            (lists + [summary]
            + [report.output.map { measured($0, host: report.site?.config.host) }]
            .compactMap { $0 }).joined(separator: "\n")
        format.print(
            report.diagnostics, prefix: folder.prefix, summary: quiet ? "" : fullSummary,
            colors: Terminal.colorsOnStandardError)

        switch report.outcome {
        case .success: return
        case .contentErrors: throw ExitCode(1)
        case .outputFailed where report.diagnostics.contains { $0.code == .outputLocked }: throw ExitCode(75)
        case .outputFailed where report.diagnostics.contains { $0.code == .untrustedJournal }: throw ExitCode(65)
        case .outputFailed:
            throw ExitCode(report.diagnostics.contains { $0.code == .unsafeOutputFolder } ? 73 : 74)
        case .toolMissing: throw ExitCode(69)
        }
    }

    /// The output's size, after the summary: "The output has 9,846 files, 182.4 MiB; the largest is
    /// links.json (12.8 MiB)", and what the host of `host:` takes.
    private func measured(_ measure: OutputMeasure, host: StaticHost?) -> String {
        var line = "The output has \(counted(measure.files, "file")), \(OutputMeasure.size(measure.bytes))"
        if let largest = measure.largest {
            line += "; the largest is \(largest.path) (\(OutputMeasure.size(largest.bytes)))"
        }
        if let host, host != .any {
            let limits = host.limits
            let takes = [
                limits.siteBytes.map { OutputMeasure.size($0) },
                limits.files.map { "\(grouped($0)) \(limits.countsFolders ? "files and folders" : "files")" },
                limits.fileBytes.map { "\(OutputMeasure.size($0)) a file" },
            ].compactMap { $0 }
            line += takes.isEmpty ? "" : "; \(host.name) takes up to \(takes.joined(separator: ", "))"
        }
        return line + "."
    }

    /// What a failed build left, for the end of its summary.
    private func left(_ report: BuildReport) -> String {
        (report.outputLeft ?? .previousOutput).phrase
    }

    /// 7427 → "7,427", the same in every locale.
    private func grouped(_ number: Int) -> String { OutputMeasure.grouped(number) }

    private func counted(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    private func displayPath(_ url: URL) -> String {
        let current = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
}

/// What `build` leaves for the process's exit to free (see `BuildCommand.run`).
private final class KeptUntilExit: Sendable {
    let report: BuildReport
    init(report: BuildReport) { self.report = report }
}
