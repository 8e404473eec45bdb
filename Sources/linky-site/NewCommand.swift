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

            Example: linky-site new my-links && linky-site build my-links
            """
    )

    @Argument(help: "The folder to create.", completion: .directory)
    var folder: String

    @Option(help: "The site's title (default: My Links).")
    var title: String?

    func run() throws {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            let release = BuildInfo.version == "dev" ? nil : BuildInfo.version
            let written = try SiteScaffold(folder: url).create(title: title, release: release)
            print("Created \(folder) with \(written.count) files:")
            for path in written { print("  \(path)") }
            print("\nNext: linky-site build \(folder)   then open \(folder)/_site/index.html")
        } catch SiteScaffold.Failure.folderNotEmpty {
            FileHandle.standardError.write(
                Data(
                    "linky-site: error: \(folder) already has files; nothing was written\n  hint: choose a new folder name\n"
                        .utf8))
            throw ExitCode(73)
        }
    }
}
