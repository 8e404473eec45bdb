import ArgumentParser
import Foundation
import LinkyCuration

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a new site with example links to start from.",
        discussion: """
            Writes linky.yml, tags.yml, three categories with a dozen links in English and Korean (one \
            category written as a list file), a README and a GitHub Actions workflow that publishes the \
            site to GitHub Pages. DIR must not exist or be empty: nothing is ever overwritten.

            With --force, DIR may have files (an awesome list's repository, say): it gets linky.yml \
            and the workflow where it has none and the missing .gitignore lines, and no example links; \
            no file it has is changed. --list-from README.md also copies that Markdown list into \
            links/ as a list file (its first # heading the list's title), which the build reads as \
            categories and links; the README stays as it is. A folder with no linky.yml and no links/ \
            whose README is a list of links gets that without --list-from. The workflow does not \
            build with strict: a list written for GitHub may hold what a site cannot show (a warning).

            Examples:
              linky-site new my-links && linky-site build my-links
              cd awesome-swift && linky-site new . --force --list-from README.md && linky-site build
            """
    )

    @Argument(help: ArgumentHelp("The folder to create.", valueName: "DIR"), completion: .directory)
    var folder: String

    @Option(
        help: ArgumentHelp(
            "The site's title (default: My Links, or the list's title with --list-from).", valueName: "TEXT"))
    var title: String?

    @Flag(help: "Adopt a folder that already has files: add the site's settings and workflow, change nothing.")
    var force = false

    @Option(
        help:
            ArgumentHelp(
                "With --force: a Markdown list in DIR to copy into links/ as a list file (default: its README, if DIR has no linky.yml or links/ and the README lists links).",
                valueName: "FILE")
    )
    var listFrom: String?

    func validate() throws {
        if listFrom != nil, !force { throw ValidationError("--list-from adopts a folder: give --force too") }
    }

    func run() throws {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        let release = BuildInfo.version == "dev" ? nil : BuildInfo.version
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if force, !existing.isEmpty {
            do {
                let scaffold = SiteScaffold(folder: url)
                let readme = listFrom == nil ? scaffold.readmeList() : nil
                let adoption = try scaffold.adopt(title: title, release: release, listFrom: listFrom ?? readme)
                Terminal.output("Adopted \(folder): \(adoption.written.count) files written, none of its own changed:")
                if let readme { Terminal.output("  the list is \(readme) (--list-from FILE reads another)") }
                for path in adoption.written { Terminal.output("  wrote \(path)") }
                for line in adoption.ignoredLines { Terminal.output("  .gitignore: added \(line)") }
                for path in adoption.kept { Terminal.output("  kept  \(path) (it was there)") }
                Terminal.output("\n\(Self.next(folder))")
            } catch SiteScaffold.Failure.unreadable(let path) {
                Terminal.error(
                    "linky-site: error: \(path) cannot be read; nothing was written\n  hint: give a Markdown file in \(folder)\n"
                )
                throw ExitCode(66)
            }
            return
        }
        do {
            let written = try SiteScaffold(folder: url).create(title: title, release: release)
            Terminal.output("Created \(folder) with \(written.count) files:")
            for path in written { Terminal.output("  \(path)") }
            Terminal.output("\n\(Self.next(folder))")
        } catch SiteScaffold.Failure.folderNotEmpty {
            Terminal.error(
                "linky-site: error: \(folder) already has files; nothing was written\n  hint: choose a new folder name, or adopt this one with --force (it changes none of its files)\n"
            )
            throw ExitCode(73)
        }
    }

    /// What to run after `new`: preview the site, then build it.
    static func next(_ folder: String) -> String {
        let enter = folder == "." ? "" : "cd \(folder.contains(" ") ? "'\(folder)'" : folder) && "
        return
            "Next: \(enter)linky-site serve   (a preview at http://127.0.0.1:8080/; `linky-site build` writes _site/)"
    }
}
