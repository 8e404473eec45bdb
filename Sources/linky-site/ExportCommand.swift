import ArgumentParser
import Foundation
import LinkyBuild
import LinkyModel

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Give the collection back: as an awesome list's README, bookmarks, JSON or CSV.",
        discussion: """
            --format awesome writes the README an awesome list keeps on GitHub: the site's title and \
            description, contents, a section per category (## and ### as they nest) with its \
            description, and `- [Title](https://…) - Description. #tag` per link. Built as a list file, \
            it gives back the same links, categories, descriptions and tags; a tag with spaces is \
            written with hyphens (#기술-블로그), which tags.yml can make an alias of it. \
            --format netscape writes the bookmark file every browser imports, json the site's \
            links.json, csv a row per link (url, title, description, category, tags, date, favorite, \
            note). Drafts are left out. The file goes to standard output unless --output names one; \
            then the format comes from its extension (.md awesome, .html or .htm netscape, .json json, \
            .csv csv) unless --format says otherwise, and an existing file is never replaced without \
            --force (the new file is written whole, then moved into place).

            Examples:
              linky-site export --output README.md
              linky-site export --output bookmarks.html --force
              linky-site export my-links --format csv > links.csv
            """
    )

    @OptionGroup var site: SiteArgument

    @Option(
        name: .shortAndLong,
        help: "awesome, netscape, json or csv (default: from --output's extension, else awesome).")
    var format: SiteExport.Format?

    @Option(name: .shortAndLong, help: "The file to write (default: standard output).", completion: .file())
    var output: String?

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    /// The format asked for, else the one `--output`'s extension names, else the awesome list.
    static func format(_ asked: SiteExport.Format?, output: String?) throws -> SiteExport.Format {
        if let asked { return asked }
        guard let output else { return .awesome }
        switch (output as NSString).pathExtension.lowercased() {
        case "md", "markdown": return .awesome
        case "html", "htm": return .netscape
        case "json": return .json
        case "csv": return .csv
        default:
            Terminal.error(
                "linky-site: error: cannot tell which format to write from the name \(output)\n  hint: add --format awesome, netscape, json or csv, or name the file .md, .html, .json or .csv\n"
            )
            throw ExitCode(64)
        }
    }

    func run() async throws {
        let format = try Self.format(format, output: output)
        if let output, !force, FileManager.default.fileExists(atPath: output) {
            Terminal.error(
                "linky-site: error: \(output) exists, and export never replaces a file unasked; nothing was written\n  hint: pass --force to replace it, or name another file\n"
            )
            throw ExitCode(73)
        }
        let folder = try site.open()
        var options = BuildOptions(siteFolder: folder.url)
        options.writeOutput = false
        let report = await SiteBuilder().build(options)
        guard let built = report.site, report.outcome == .success else {
            DiagnosticFormat.text.print(
                report.diagnostics.filter { $0.severity == .error }, prefix: folder.prefix,
                summary: "The site has errors, so nothing was exported: fix them first.",
                colors: Terminal.colorsOnStandardError)
            throw ExitCode(1)
        }
        let bytes = try SiteExport.bytes(built, format: format)
        if format == .awesome {
            for (name, written) in SiteExport.respelledTags(built) {
                let how =
                    written.map { "as #\($0); add `aliases: [\($0)]` to it in tags.yml to keep it one tag" }
                    ?? "it is left out (it has characters a #tag cannot)"
                Terminal.error("note: the tag \"\(name)\" has spaces or symbols a #tag cannot: \(how)\n")
            }
        }
        if let output {
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                Terminal.error(
                    "linky-site: error: \(output) could not be written: \(error.systemCause)\n"
                        + "  hint: check that its folder exists and can be written to\n")
                throw ExitCode(74)
            }
            Terminal.error("Exported \(built.links.count) links to \(output) (\(format.rawValue)).\n")
        } else {
            Terminal.data(bytes)
        }
    }
}

extension SiteExport.Format: ExpressibleByArgument {}
