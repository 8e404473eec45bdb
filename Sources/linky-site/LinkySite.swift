import ArgumentParser
import Foundation
import LinkyModel

@main
struct LinkySite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linky-site",
        abstract: "Turn a folder of Markdown links into a fast, searchable static website.",
        discussion: """
            A site is a folder with an optional linky.yml, a content folder (links/ by default) holding one \
            Markdown file per link and one folder per category, an optional tags.yml, templates/ and static/.

            Exit codes: 0 ok; 1 content errors (or warnings with --strict); 2 broken links found by check \
            --links; 64 usage error; 65 an import file is not in its format; 66 site folder or input file not \
            found; 69 a program it needs is missing (WeasyPrint for --pdf, git for check --changed-since); 73 \
            unsafe output folder; 74 output could not be written; 75 another build is running on the output, \
            or `serve` cannot listen (the port is in use).
            """,
        version: BuildInfo.versionLine,
        subcommands: [
            BuildCommand.self, CheckCommand.self, NewCommand.self, AddCommand.self, FetchCommand.self,
            ImportCommand.self, ExportCommand.self, TagsCommand.self, ServeCommand.self, ThemeCommand.self,
        ]
    )

    /// A misspelled command (`linky-site biuld`) is told the nearest one, instead of "unexpected
    /// argument"; everything else is ArgumentParser's.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-"), let nearest = nearestCommand(to: first) {
            Terminal.error(
                "linky-site: '\(first)' is not a command. Did you mean '\(nearest)'?\n"
                    + "  hint: see the commands with `linky-site --help`\n")
            Foundation.exit(64)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// The command `word` is a misspelling of (two edits at most), when it names none.
    static func nearestCommand(to word: String) -> String? {
        let names = configuration.subcommands.flatMap {
            [$0.configuration.commandName ?? ""] + $0.configuration.aliases
        }
        guard !names.contains(word), word != "help" else { return nil }
        let scored = names.map { ($0, Spelling.distance($0, word.lowercased())) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }
}
